ALTER TABLE "circles" ADD COLUMN "posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- circles.posts_count follows every insert, delete or move of a post, whoever writes it (API, seed, scripts).
CREATE OR REPLACE FUNCTION circles_track_posts_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE circles SET posts_count = posts_count - 1 WHERE id = OLD.circle_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE circles SET posts_count = posts_count + 1 WHERE id = NEW.circle_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_track_circle_count AFTER INSERT OR DELETE OR UPDATE OF circle_id ON posts
  FOR EACH ROW EXECUTE FUNCTION circles_track_posts_count();
--> statement-breakpoint
UPDATE circles SET posts_count = (SELECT count(*) FROM posts WHERE posts.circle_id = circles.id);
