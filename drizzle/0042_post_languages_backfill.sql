-- Posts and comments written before languages were told apart keep 'und' (the column's default: adding it rewrote
-- nothing) until the language-backfill job reads them (src/server/services/posts/language-backfill.ts). Each table's
-- mark starts above its newest row, read on the primary key: rows written from now on are told their language as they
-- are written. 'und' posts show in every feed meanwhile.
INSERT INTO "language_backfill" ("table_name", "below_id")
  SELECT 'posts', coalesce(max("id"), 0) + 1 FROM "posts"
  UNION ALL
  SELECT 'comments', coalesce(max("id"), 0) + 1 FROM "comments";
