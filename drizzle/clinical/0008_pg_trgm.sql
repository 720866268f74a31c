-- Trigram indexes (ilike %term% searches) need pg_trgm; "if not exists": each subgraph that uses it asks for it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
