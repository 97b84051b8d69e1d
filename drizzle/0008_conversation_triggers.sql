-- Hot (feeds) and Best (comments) share one formula, computed on write so each order is an index scan:
-- the score's sign times log10(max(|score|, 1)), plus seconds since 2005-12-08 in units of 45,000 (about 12.5 hours),
-- so ten times the votes is worth 12.5 hours of freshness.
CREATE OR REPLACE FUNCTION conversation_hot_rank(score integer, created timestamptz) RETURNS double precision
  LANGUAGE sql IMMUTABLE AS $$
  SELECT sign(score)::double precision * log(greatest(abs(score), 1)::double precision)
    + (extract(epoch FROM created)::double precision - 1134028003) / 45000
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_set_hot_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hot_rank := conversation_hot_rank(NEW.like_count - NEW.dislike_count, NEW.created_at);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_hot_rank BEFORE INSERT OR UPDATE OF like_count, dislike_count, created_at ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_set_hot_rank();
--> statement-breakpoint
-- A comment's place in its thread: the path of ids from its top-level comment down to itself, its depth, its Best rank.
-- A parent must belong to the same post, whoever writes the row.
CREATE OR REPLACE FUNCTION comments_place_in_thread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_path integer[];
  parent_post integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.parent_id IS NULL THEN
      NEW.path := ARRAY[NEW.id];
      NEW.depth := 0;
    ELSE
      SELECT path, post_id INTO parent_path, parent_post FROM comments WHERE id = NEW.parent_id;
      IF parent_post IS DISTINCT FROM NEW.post_id THEN
        RAISE EXCEPTION 'comment % replies to comment % of another post', NEW.id, NEW.parent_id;
      END IF;
      NEW.path := parent_path || NEW.id;
      NEW.depth := cardinality(parent_path);
    END IF;
  END IF;
  NEW.hot_rank := conversation_hot_rank(NEW.upvote_count, NEW.created_at);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_place BEFORE INSERT OR UPDATE OF upvote_count, created_at ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_place_in_thread();
--> statement-breakpoint
-- comments.reply_count: the replies below a comment at any depth that readers can see (not deleted, not held by the
-- scam shield or by reports; a removed one keeps its place and counts), on every ancestor at once.
CREATE OR REPLACE FUNCTION comments_track_reply_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deleted_at IS NULL AND OLD.moderation_status <> 'held' AND OLD.depth > 0 THEN
    UPDATE comments SET reply_count = reply_count - 1 WHERE id = ANY (OLD.path[1:OLD.depth]);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL AND NEW.moderation_status <> 'held' AND NEW.depth > 0 THEN
    UPDATE comments SET reply_count = reply_count + 1 WHERE id = ANY (NEW.path[1:NEW.depth]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_track_replies AFTER INSERT OR DELETE OR UPDATE OF deleted_at, moderation_status ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_track_reply_count();
--> statement-breakpoint
-- posts.comment_count (from 0003) now counts visible comments that are not deleted.
CREATE OR REPLACE FUNCTION posts_track_comment_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.moderation_status = 'visible' AND OLD.deleted_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.moderation_status = 'visible' AND NEW.deleted_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS comments_track_post_count ON comments;
--> statement-breakpoint
CREATE TRIGGER comments_track_post_count AFTER INSERT OR DELETE OR UPDATE OF post_id, moderation_status, deleted_at ON comments
  FOR EACH ROW EXECUTE FUNCTION posts_track_comment_count();
--> statement-breakpoint
-- Every new notification is announced to every server instance listening, which pushes it to the member's open pages.
CREATE OR REPLACE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
UPDATE comments SET path = ARRAY[id], depth = 0, hot_rank = conversation_hot_rank(upvote_count, created_at);
--> statement-breakpoint
UPDATE posts SET hot_rank = conversation_hot_rank(like_count - dislike_count, created_at);
