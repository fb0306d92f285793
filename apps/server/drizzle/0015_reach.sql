CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"push" boolean NOT NULL,
	"digest" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('like', 'rating', 'poll', 'comment', 'reply', 'mention', 'follow', 'trending'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Asia/Riyadh' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_frequency" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_hours_start" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_hours_end" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_digest_idx" ON "users" USING btree ("id") WHERE "users"."digest_frequency" <> 'off';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_digest_frequency_check" CHECK ("users"."digest_frequency" in ('off', 'daily', 'weekly'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiet_hours_check" CHECK (("users"."quiet_hours_start" is null) = ("users"."quiet_hours_end" is null) and "users"."quiet_hours_start" between 0 and 23 and "users"."quiet_hours_end" between 0 and 23);--> statement-breakpoint
-- A kind the recipient turned off in the app is never written: every writer (the services, cast_vote, the poll
-- closing job) goes through this one check, and a skipped row neither folds into a group nor counts as unread.
CREATE FUNCTION notifications_in_app_preference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM notification_preferences p
    WHERE p.user_id = NEW.recipient_id AND p.kind = NEW.kind AND NOT p.in_app
  ) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_in_app_preference BEFORE INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_in_app_preference();
