/**
 * Recommended, not required, for links (spec section 10) on PostgreSQL, in order: the trigram
 * extension (`CREATE EXTENSION` needs a role that may create it, a superuser by default), a
 * trigram GIN index on the details with their ASCII capitals lowered, which lets the notes that
 * may link to a focus be found without reading every row, and an index on the key of the title,
 * which finds the notes a link's target may name. Each is on the very expression the store's
 * statements compare (see ascii-folded.ts), under Doughnut's names. Results never depend on them.
 * docs/benchmarks.md ("Links") has the figures.
 */
export const LINKS_INDEX_DDL_POSTGRES: readonly string[] = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX idx_note_description_links ON note USING gin (lower((description) COLLATE "C") gin_trgm_ops)',
  'CREATE INDEX idx_note_title_key ON note (lower((btrim(topic_constructor)) COLLATE "C"))',
];
