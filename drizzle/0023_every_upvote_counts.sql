-- Hot (feeds) and Best (comments): every vote counts. log10(max(|score|, 1)) gave the first vote nothing (a comment with
-- one upvote ranked below a newer one with none); log10(1 + |score|) gives it 0.30, about 3.8 hours of freshness, and
-- keeps ten times the votes worth about 12.5 hours. The ranks are computed again for every row under the new formula.
CREATE OR REPLACE FUNCTION conversation_hot_rank(score integer, created timestamptz) RETURNS double precision
  LANGUAGE sql IMMUTABLE AS $$
  SELECT sign(score)::double precision * log(1 + abs(score)::double precision)
    + (extract(epoch FROM created)::double precision - 1134028003) / 45000
$$;
--> statement-breakpoint
UPDATE posts SET hot_rank = conversation_hot_rank(like_count - dislike_count, created_at);
--> statement-breakpoint
UPDATE comments SET hot_rank = conversation_hot_rank(upvote_count, created_at);
