/** Doughnut's `note` table reduced to the columns note-context reads, with Doughnut's indexes. */
export const NOTE_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS note (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  topic_constructor VARCHAR(512) NULL,
  description MEDIUMTEXT NULL,
  parent_id INT NULL,
  target_note_id INT NULL,
  sibling_order BIGINT NOT NULL DEFAULT 0,
  notebook_id INT NOT NULL,
  deleted_at TIMESTAMP NULL DEFAULT NULL,
  KEY fk_note_parent (parent_id),
  KEY fk_note_target (target_note_id),
  KEY fk_note_notebook (notebook_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

/** Recommended, not required: a hub's children are read in sibling order from the index, not sorted. */
export const RECOMMENDED_INDEX_DDL = 'CREATE INDEX idx_note_parent_sibling_order ON note (parent_id, sibling_order, id)';

/** Recommended for `findNotes` on a large notebook: `LIKE 'prefix%'` reads a range of it, not the table. */
export const FIND_NOTES_INDEX_DDL = 'CREATE INDEX idx_note_title ON note (topic_constructor(191))';
