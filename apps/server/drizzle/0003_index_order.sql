DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "bookmarks_user_order_idx";--> statement-breakpoint
DROP INDEX "follows_followed_idx";--> statement-breakpoint
DROP INDEX "hashtags_post_count_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "reports_status_idx";--> statement-breakpoint
DROP INDEX "reports_reporter_idx";--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS FIRST,"followed_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_order_idx" ON "bookmarks" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id","created_at" DESC NULLS FIRST,"follower_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hashtags_post_count_idx" ON "hashtags" USING btree ("post_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","id" DESC NULLS FIRST);