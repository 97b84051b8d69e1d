-- Each poll option's `votes`, kept by the votes themselves in the same transaction: a vote adds one to each option
-- it chooses, taking it back (changing a vote, an erased account) subtracts one. Reading a poll never counts rows.
CREATE OR REPLACE FUNCTION bsq_poll_vote_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE poll_options SET votes = votes + 1 WHERE id = NEW.option_id;
    RETURN NEW;
  END IF;
  UPDATE poll_options SET votes = votes - 1 WHERE id = OLD.option_id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER poll_votes_count AFTER INSERT OR DELETE ON poll_votes FOR EACH ROW EXECUTE FUNCTION bsq_poll_vote_count();
