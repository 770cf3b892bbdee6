/**
 * Recommended, not required, for links on PostgreSQL: the trigram extension (a superuser's by
 * default), a trigram index on the folded details (notes that may link to a focus) and one on the
 * title's key (notes a link may name), on the expressions the statements compare (postgres-dialect.ts).
 */
export const LINKS_INDEX_DDL_POSTGRES: readonly string[] = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX idx_note_description_links ON note USING gin (lower((description) COLLATE "C") gin_trgm_ops)',
  'CREATE INDEX idx_note_title_key ON note (lower((btrim(topic_constructor)) COLLATE "C"))',
];
