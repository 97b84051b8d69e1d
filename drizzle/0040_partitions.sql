-- Reactions (post_reactions, comment_upvotes) and notifications become tables partitioned by month (declarative range
-- partitioning, on PostgreSQL and PGlite alike). Reactions are partitioned by the month their post or comment was
-- written, copied into the row (post_created_at, comment_created_at): a partitioned table's primary key must hold the
-- partition key, and an item has one creation time, so "one vote per member per item" holds as before. Notifications
-- are partitioned by their own created_at, so retention drops a month at a time. Every partitioned table has a
-- default partition, so no write ever fails for want of a month; ensure_month_partition() makes a month's partition
-- (moving any rows the default caught), and the scheduled partitions job keeps the next months made ahead.

CREATE OR REPLACE FUNCTION ensure_month_partition(parent text, key text, month timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := date_trunc('month', month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  child text := parent || '_' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM');
  spare text := parent || '_default';
  caught boolean;
BEGIN
  IF to_regclass(child) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', spare, key, key) INTO caught USING lo, hi;
  IF NOT caught THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', child, parent, lo, hi);
  ELSE
    -- The default partition holds rows of this month: take it out, make the month, move the rows, put it back.
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', parent, spare);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', child, parent, lo, hi);
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved', spare, key, key, child)
      USING lo, hi;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I DEFAULT', parent, spare);
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
-- post_reactions
ALTER TABLE "post_reactions" RENAME TO "post_reactions_unpartitioned";--> statement-breakpoint
ALTER TABLE "post_reactions_unpartitioned" RENAME CONSTRAINT "post_reactions_post_id_user_id_pk" TO "post_reactions_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "post_reactions_user_idx" RENAME TO "post_reactions_unpartitioned_user_idx";--> statement-breakpoint
CREATE TABLE "post_reactions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"post_created_at" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("post_created_at");--> statement-breakpoint
CREATE TABLE "post_reactions_default" PARTITION OF "post_reactions" DEFAULT;--> statement-breakpoint
SELECT ensure_month_partition('post_reactions', 'post_created_at', m AT TIME ZONE 'UTC')
  FROM generate_series(
    date_trunc('month', least(coalesce((SELECT min(created_at) FROM posts), now()), now()) AT TIME ZONE 'UTC'),
    (now() AT TIME ZONE 'UTC') + interval '2 months', interval '1 month') AS m;--> statement-breakpoint
INSERT INTO "post_reactions" ("post_id", "user_id", "kind", "created_at", "post_created_at")
  SELECT r.post_id, r.user_id, r.kind, r.created_at, p.created_at
  FROM "post_reactions_unpartitioned" r JOIN posts p ON p.id = r.post_id;--> statement-breakpoint
DROP TABLE "post_reactions_unpartitioned";--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_user_id_post_created_at_pk" PRIMARY KEY("post_id","user_id","post_created_at");--> statement-breakpoint
CREATE INDEX "post_reactions_user_idx" ON "post_reactions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- comment_upvotes
ALTER TABLE "comment_upvotes" RENAME TO "comment_upvotes_unpartitioned";--> statement-breakpoint
ALTER TABLE "comment_upvotes_unpartitioned" RENAME CONSTRAINT "comment_upvotes_comment_id_user_id_pk" TO "comment_upvotes_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "comment_upvotes_user_idx" RENAME TO "comment_upvotes_unpartitioned_user_idx";--> statement-breakpoint
CREATE TABLE "comment_upvotes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment_created_at" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("comment_created_at");--> statement-breakpoint
CREATE TABLE "comment_upvotes_default" PARTITION OF "comment_upvotes" DEFAULT;--> statement-breakpoint
SELECT ensure_month_partition('comment_upvotes', 'comment_created_at', m AT TIME ZONE 'UTC')
  FROM generate_series(
    date_trunc('month', least(coalesce((SELECT min(created_at) FROM comments), now()), now()) AT TIME ZONE 'UTC'),
    (now() AT TIME ZONE 'UTC') + interval '2 months', interval '1 month') AS m;--> statement-breakpoint
INSERT INTO "comment_upvotes" ("comment_id", "user_id", "created_at", "comment_created_at")
  SELECT u.comment_id, u.user_id, u.created_at, c.created_at
  FROM "comment_upvotes_unpartitioned" u JOIN comments c ON c.id = u.comment_id;--> statement-breakpoint
DROP TABLE "comment_upvotes_unpartitioned";--> statement-breakpoint
ALTER TABLE "comment_upvotes" ADD CONSTRAINT "comment_upvotes_comment_id_user_id_comment_created_at_pk" PRIMARY KEY("comment_id","user_id","comment_created_at");--> statement-breakpoint
CREATE INDEX "comment_upvotes_user_idx" ON "comment_upvotes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "comment_upvotes" ADD CONSTRAINT "comment_upvotes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_upvotes" ADD CONSTRAINT "comment_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- notifications (the id sequence carries on; the live-stream trigger is made again after the rows are moved)
DROP TRIGGER IF EXISTS notifications_announce ON "notifications";--> statement-breakpoint
ALTER TABLE "notifications" RENAME TO "notifications_unpartitioned";--> statement-breakpoint
ALTER TABLE "notifications_unpartitioned" RENAME CONSTRAINT "notifications_pkey" TO "notifications_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "notifications_user_idx" RENAME TO "notifications_unpartitioned_user_idx";--> statement-breakpoint
ALTER INDEX "notifications_unread_idx" RENAME TO "notifications_unpartitioned_unread_idx";--> statement-breakpoint
ALTER INDEX "notifications_milestone_code_idx" RENAME TO "notifications_unpartitioned_milestone_idx";--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer DEFAULT nextval('notifications_id_seq'::regclass) NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"post_id" integer,
	"comment_id" integer,
	"circle_id" integer,
	"text" text NOT NULL,
	"code" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "notifications_id_seq" OWNED BY "notifications"."id";--> statement-breakpoint
CREATE TABLE "notifications_default" PARTITION OF "notifications" DEFAULT;--> statement-breakpoint
SELECT ensure_month_partition('notifications', 'created_at', m AT TIME ZONE 'UTC')
  FROM generate_series(
    date_trunc('month', least(coalesce((SELECT min(created_at) FROM notifications_unpartitioned), now()), now()) AT TIME ZONE 'UTC'),
    (now() AT TIME ZONE 'UTC') + interval '2 months', interval '1 month') AS m;--> statement-breakpoint
INSERT INTO "notifications" ("id", "user_id", "kind", "actor_user_id", "post_id", "comment_id", "circle_id", "text", "code", "params", "read_at", "created_at")
  SELECT "id", "user_id", "kind", "actor_user_id", "post_id", "comment_id", "circle_id", "text", "code", "params", "read_at", "created_at"
  FROM "notifications_unpartitioned";--> statement-breakpoint
DROP TABLE "notifications_unpartitioned";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_milestone_code_idx" ON "notifications" USING btree ("user_id",coalesce("post_id", 0),coalesce("comment_id", 0),"code",("params"->>'count')) WHERE "notifications"."kind" = 'upvote_milestone';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
-- The copies follow their item if its creation time is ever changed (the app never does; an operator's fix might).
CREATE OR REPLACE FUNCTION reactions_follow_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    UPDATE post_reactions SET post_created_at = NEW.created_at WHERE post_id = NEW.id AND post_created_at = OLD.created_at;
  ELSE
    UPDATE comment_upvotes SET comment_created_at = NEW.created_at WHERE comment_id = NEW.id AND comment_created_at = OLD.created_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_reactions_follow AFTER UPDATE OF created_at ON posts
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION reactions_follow_created_at();
--> statement-breakpoint
CREATE TRIGGER comments_upvotes_follow AFTER UPDATE OF created_at ON comments
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION reactions_follow_created_at();
