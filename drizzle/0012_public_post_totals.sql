CREATE TABLE "public_post_totals" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- public_post_totals follows every change of a public circle's posts_count, and a circle turning public or private.
CREATE OR REPLACE FUNCTION circles_track_public_posts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer := 0;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.channel_type = 'public' THEN
    change := change - OLD.posts_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.channel_type = 'public' THEN
    change := change + NEW.posts_count;
  END IF;
  IF change <> 0 THEN
    INSERT INTO public_post_totals (shard, posts) VALUES (COALESCE(NEW.id, OLD.id) % 16, change)
      ON CONFLICT (shard) DO UPDATE SET posts = public_post_totals.posts + EXCLUDED.posts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER circles_track_public_posts AFTER INSERT OR DELETE OR UPDATE OF posts_count, channel_type ON circles
  FOR EACH ROW EXECUTE FUNCTION circles_track_public_posts();
--> statement-breakpoint
INSERT INTO public_post_totals (shard, posts)
  SELECT id % 16, sum(posts_count) FROM circles WHERE channel_type = 'public' GROUP BY id % 16;
