import { sql, type RawBuilder } from 'kysely';

/**
 * Pages ordered by the `sibling_order` column, or by `sibling_order + 0`, which no index serves: without an index led by
 * (parent_id, sibling_order) the planner may walk the whole `sibling_order` index to avoid a sort. Same rows either way.
 */
export type SiblingOrderKey = 'column' | 'expression';

/** Where the probe looks: the table (in `schema`, else the connection's database) and its two columns. */
export interface SiblingOrderColumns { readonly schema?: string; readonly table: string; readonly parent: string; readonly siblingOrder: string; }

/** Counts the table's indexes led by the parent and the sibling order, from information_schema (no row of the table read). */
export function siblingOrderIndexProbe(
  { schema, table, parent, siblingOrder }: SiblingOrderColumns = { table: 'note', parent: 'parent_id', siblingOrder: 'sibling_order' },
): RawBuilder<unknown> {
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
