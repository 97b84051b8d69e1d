-- Notifications written before they carried codes: their code and values read once from the English line they
-- were stored as, so every language words them from the catalog from now on. A line of another shape keeps no code
-- and is shown as it was written.
UPDATE notifications SET code = 'replied', params = jsonb_build_object('actor', (regexp_match(text, '^(.+) replied to your comment$'))[1])
  WHERE code IS NULL AND kind = 'reply' AND text ~ '^.+ replied to your comment$';
--> statement-breakpoint
UPDATE notifications SET code = 'commented', params = jsonb_build_object('actor', (regexp_match(text, '^(.+?) commented on your post "(.*)"$'))[1], 'title', (regexp_match(text, '^(.+?) commented on your post "(.*)"$'))[2])
  WHERE code IS NULL AND kind = 'reply' AND text ~ '^.+? commented on your post ".*"$';
--> statement-breakpoint
UPDATE notifications SET code = 'mentionedInComment', params = jsonb_build_object('actor', (regexp_match(text, '^(.+?) mentioned you in a comment$'))[1])
  WHERE code IS NULL AND kind = 'mention' AND text ~ '^.+? mentioned you in a comment$';
--> statement-breakpoint
UPDATE notifications SET code = 'mentionedInPost', params = jsonb_build_object('actor', (regexp_match(text, '^(.+?) mentioned you in the post "(.*)"$'))[1], 'title', (regexp_match(text, '^(.+?) mentioned you in the post "(.*)"$'))[2])
  WHERE code IS NULL AND kind = 'mention' AND text ~ '^.+? mentioned you in the post ".*"$';
--> statement-breakpoint
UPDATE notifications SET code = 'firstUpvote', params = '{"count": 1}'::jsonb
  WHERE code IS NULL AND kind = 'upvote_milestone' AND text = 'Your comment got its first upvote';
--> statement-breakpoint
UPDATE notifications SET code = 'upvotes', params = jsonb_build_object('count', ((regexp_match(text, '^Your comment reached (\d+) upvotes$'))[1])::int)
  WHERE code IS NULL AND kind = 'upvote_milestone' AND text ~ '^Your comment reached \d+ upvotes$';
--> statement-breakpoint
UPDATE notifications SET code = 'joinRequest', params = jsonb_build_object('actor', (regexp_match(text, '^(.+?) asked to join b/(.+)$'))[1], 'channel', (regexp_match(text, '^(.+?) asked to join b/(.+)$'))[2])
  WHERE code IS NULL AND kind = 'join_request' AND text ~ '^.+? asked to join b/.+$';
--> statement-breakpoint
UPDATE notifications SET code = CASE WHEN text ~ 'approved$' THEN 'joinApproved' ELSE 'joinDeclined' END,
  params = jsonb_build_object('channel', (regexp_match(text, '^Your request to join b/(.+) was (approved|declined)$'))[1])
  WHERE code IS NULL AND kind = 'join_decision' AND text ~ '^Your request to join b/.+ was (approved|declined)$';
--> statement-breakpoint
UPDATE notifications SET code = 'reported' || initcap((regexp_match(text, '^The (post|comment) you reported'))[1]) || CASE WHEN text ~ 'removed$' THEN 'Removed' ELSE 'Kept' END, params = '{}'::jsonb
  WHERE code IS NULL AND kind = 'report_outcome' AND text ~ '^The (post|comment) you reported was (removed|reviewed and kept)$';
--> statement-breakpoint
UPDATE notifications SET code = (regexp_match(text, '^Your (post|comment) was'))[1] || 'Removed',
  params = CASE WHEN text ~ '^Your (post|comment) was removed by moderators: ' THEN jsonb_build_object('reason', substring(text from '^Your (?:post|comment) was removed by moderators: (.*)$')) ELSE '{}'::jsonb END
  WHERE code IS NULL AND kind = 'moderation_action' AND text ~ '^Your (post|comment) was removed by moderators';
--> statement-breakpoint
UPDATE notifications SET code = (regexp_match(text, '^Your (post|comment) was'))[1] || 'Restored', params = '{}'::jsonb
  WHERE code IS NULL AND kind = 'moderation_action' AND text ~ '^Your (post|comment) was restored by moderators$';
--> statement-breakpoint
UPDATE notifications SET code = 'warned' || initcap((regexp_match(text, '^You were warned about your (post|comment)'))[1]),
  params = CASE WHEN text ~ '^You were warned about your (post|comment): ' THEN jsonb_build_object('reason', substring(text from '^You were warned about your (?:post|comment): (.*)$')) ELSE '{}'::jsonb END
  WHERE code IS NULL AND kind = 'moderation_action' AND text ~ '^You were warned about your (post|comment)';
--> statement-breakpoint
UPDATE notifications SET code = 'suspended',
  params = CASE WHEN text ~ '^You were suspended from writing: ' THEN jsonb_build_object('reason', substring(text from '^You were suspended from writing: (.*)$')) ELSE '{}'::jsonb END
  WHERE code IS NULL AND kind = 'moderation_action' AND text ~ '^You were suspended from writing';
