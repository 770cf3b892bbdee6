import { sql, type RawBuilder } from 'kysely';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';

/**
 * Pages ordered by the `sibling_order` column, or by `sibling_order + 0`, which no index serves: without an index led by
 * (parent_id, sibling_order) the planner may walk the whole `sibling_order` index to avoid a sort. Same rows either way.
 */
export type SiblingOrderKey = 'column' | 'expression';

/** Counts the indexes of `names`' table (in its schema, else the connection's database) led by its parent and sibling-order columns, from information_schema. */
export function siblingOrderIndexProbe(names: ResolvedNoteTable): RawBuilder<unknown> {
  const [schema, table] = names.table.includes('.') ? names.table.split('.') : [undefined, names.table];
  const { parentId: parent, siblingOrder } = names.columns;
  return sql`SELECT COUNT(*) AS served FROM information_schema.statistics first_column
    JOIN information_schema.statistics second_column
      ON second_column.table_schema = first_column.table_schema AND second_column.table_name = first_column.table_name
      AND second_column.index_name = first_column.index_name AND second_column.seq_in_index = 2
    WHERE first_column.table_schema = ${schema ?? sql`DATABASE()`} AND first_column.table_name = ${table}
      AND first_column.seq_in_index = 1 AND first_column.column_name = ${parent} AND second_column.column_name = ${siblingOrder}`;
}

export function siblingOrderKeyOf(rows: readonly unknown[]): SiblingOrderKey {
  const served = Number((rows[0] as { served?: unknown } | undefined)?.served ?? 0);
  return served > 0 ? 'column' : 'expression';
}
