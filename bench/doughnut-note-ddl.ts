/**
 * Doughnut's own `note` table, as its schema dump (MySQL 8, Flyway) has it in the release whose
 * columns note-context reads (topic_constructor, description, parent_id, target_note_id,
 * sibling_order, notebook_id, deleted_at), with Doughnut's indexes only: the primary key, and
 * `sibling_order`, `parent_id`, `target_note_id`, `notebook_id` (and the image and creator
 * foreign keys) each indexed on its own. No index covers (parent_id, sibling_order): a page of a
 * big parent's children in sibling order has to sort them all. Differences, so that MariaDB
 * and a lone table accept it: the foreign-key constraints are left out (their tables are not
 * here), and the collation is utf8mb4_unicode_ci (MariaDB has no utf8mb4_0900_ai_ci).
 */
export const DOUGHNUT_NOTE_DDL = `
CREATE TABLE note (
  id int unsigned NOT NULL AUTO_INCREMENT,
  picture_url varchar(1024) DEFAULT NULL,
  url varchar(1024) DEFAULT NULL,
  sibling_order bigint NOT NULL DEFAULT '1',
  image_id int unsigned DEFAULT NULL,
  use_parent_picture tinyint NOT NULL DEFAULT '0',
  picture_mask varchar(1024) DEFAULT NULL,
  notebook_id int unsigned DEFAULT NULL,
  updated_at timestamp NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  deleted_at timestamp(3) NULL DEFAULT NULL,
  wikidata_id varchar(50) DEFAULT NULL,
  topic_constructor varchar(150) DEFAULT NULL,
  description text,
  target_note_id int unsigned DEFAULT NULL,
  construct_type_id int DEFAULT NULL,
  parent_id int unsigned DEFAULT NULL,
  remember_spelling tinyint NOT NULL DEFAULT '0',
  skip_memory_tracking tinyint NOT NULL DEFAULT '0',
  level tinyint NOT NULL DEFAULT '0',
  created_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
  creator_id int unsigned DEFAULT NULL,
  PRIMARY KEY (id),
  KEY parent_id (sibling_order),
  KEY fk_note_image_id (image_id),
  KEY fk_note_notebook_id (notebook_id),
  KEY target_note_id (target_note_id),
  KEY parent_id_2 (parent_id),
  KEY FK_note_creator_id (creator_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

/** What Doughnut's `description text` holds: 65,535 bytes of UTF-8. */
export const DOUGHNUT_DESCRIPTION_BYTES = 65_535;
/** What Doughnut's `topic_constructor varchar(150)` holds, in characters. */
export const DOUGHNUT_TITLE_CHARACTERS = 150;
