-- The following feed reads signed, visible posts only: the newest of all with their author (index-only), and each
-- followed person's newest when those hold too few.
CREATE INDEX "posts_signed_idx" ON "posts" USING btree ("id" DESC NULLS FIRST,"author_id") WHERE not "posts"."is_anonymous" and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_signed_author_idx" ON "posts" USING btree ("author_id","id" DESC NULLS FIRST) WHERE not "posts"."is_anonymous" and "posts"."hidden_at" is null;