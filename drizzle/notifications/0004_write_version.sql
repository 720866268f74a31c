-- The notification list's write version, as clinical's migration 0012 explains: a row trigger, so the
-- delivery worker's claims that find nothing to send do not move it.
CREATE OR REPLACE FUNCTION "notifications"."bump_write_version"() RETURNS trigger AS $$ BEGIN PERFORM nextval(TG_ARGV[0]::regclass); RETURN NULL; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "notifications"."notifications_write_version";
--> statement-breakpoint
CREATE TRIGGER "notifications_write_version" AFTER INSERT OR UPDATE OR DELETE ON "notifications"."notifications" FOR EACH ROW EXECUTE FUNCTION "notifications"."bump_write_version"('notifications.notifications_write_version');
