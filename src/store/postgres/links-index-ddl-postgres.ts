/** Recommended for links on PostgreSQL: trigram index on folded details, index on the title's key, as postgres-dialect.ts compares. */
export const LINKS_INDEX_DDL_POSTGRES: readonly string[] = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX idx_note_description_links ON note USING gin (lower((description) COLLATE "C") gin_trgm_ops)',
  'CREATE INDEX idx_note_title_key ON note (lower((btrim(topic_constructor)) COLLATE "C"))',
];
