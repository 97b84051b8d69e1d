-- bsq_search_skeleton() calls bsq_search_text(): it keeps the schema it was made in, so it still finds it where the
-- search path is empty (pg_restore runs with search_path = '', and a restore recomputes the generated columns).
ALTER FUNCTION bsq_search_skeleton(text) SET search_path FROM CURRENT;
