-- circles.posts_count counts visible posts only: a held or removed post is no one's business but its author's and staff's.
CREATE OR REPLACE FUNCTION circles_track_posts_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.moderation_status = 'visible' THEN
    UPDATE circles SET posts_count = posts_count - 1 WHERE id = OLD.circle_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.moderation_status = 'visible' THEN
    UPDATE circles SET posts_count = posts_count + 1 WHERE id = NEW.circle_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_track_circle_count ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_track_circle_count AFTER INSERT OR DELETE OR UPDATE OF circle_id, moderation_status ON posts
  FOR EACH ROW EXECUTE FUNCTION circles_track_posts_count();
--> statement-breakpoint
UPDATE circles SET posts_count = (SELECT count(*) FROM posts WHERE posts.circle_id = circles.id AND posts.moderation_status = 'visible');
--> statement-breakpoint
-- posts.comment_count follows visible comments, whoever writes them (API, seed, moderators, scripts).
CREATE OR REPLACE FUNCTION posts_track_comment_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.moderation_status = 'visible' THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.moderation_status = 'visible' THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_track_post_count AFTER INSERT OR DELETE OR UPDATE OF post_id, moderation_status ON comments
  FOR EACH ROW EXECUTE FUNCTION posts_track_comment_count();
--> statement-breakpoint
UPDATE posts SET comment_count = (SELECT count(*) FROM comments WHERE comments.post_id = posts.id AND comments.moderation_status = 'visible');
