-- circles.recent_posts counts a new visible post at once, beside posts_count; the hourly activity job recounts the
-- last 7 days, so a week-old post drops out of Explore's "active" order.
CREATE OR REPLACE FUNCTION circles_track_posts_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.moderation_status = 'visible' THEN
    UPDATE circles SET posts_count = posts_count - 1,
      recent_posts = greatest(recent_posts - (CASE WHEN OLD.created_at > now() - interval '7 days' THEN 1 ELSE 0 END), 0)
    WHERE id = OLD.circle_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.moderation_status = 'visible' THEN
    UPDATE circles SET posts_count = posts_count + 1,
      recent_posts = recent_posts + (CASE WHEN NEW.created_at > now() - interval '7 days' THEN 1 ELSE 0 END)
    WHERE id = NEW.circle_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE circles SET recent_posts = (SELECT count(*) FROM posts WHERE posts.circle_id = circles.id AND posts.moderation_status = 'visible' AND posts.created_at > now() - interval '7 days');
