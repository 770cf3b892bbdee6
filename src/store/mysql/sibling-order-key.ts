import { sql, type RawBuilder } from 'kysely';

/**
 * How pages of a parent's children are ordered in SQL: by the `sibling_order` column itself,
 * or by an expression of it (`sibling_order + 0`) that no index can serve.
 *
 * With an index that leads with (parent_id, sibling_order) — the recommended one — ordering by
 * the column lets the server read a page straight from that index. Without one, as in Doughnut's
 * own schema (which indexes `sibling_order` alone), the planner may walk the whole single-column
 * index in order, filtering on the parent, to avoid sorting a big parent's children: tens of
 * thousands of rows for a page of 17, where reading the parent's children by `parent_id` and
 * sorting them takes a few milliseconds. Ordering by the expression keeps it off that walk; the
 * comparisons with a page's key stay on the column, so the server may still read a range of the
 * single-column index when its statistics say the range is short. The price: where such a walk
 * happened to be short (a key among orders that few other parents' children reach), the page now
 * reads and sorts all of the parent's children. Either way the rows and their order are the same
 * (the expression has the column's value, NULL included); only the plan differs.
 */
export type SiblingOrderKey = 'column' | 'expression';

/** Where the probe looks: the table (in `schema`, else the connection's database) and its two columns. */
export interface SiblingOrderColumns {
  readonly schema?: string;
  readonly table: string;
  readonly parent: string;
  readonly siblingOrder: string;
}

/** Doughnut's `note` table in the connection's database. */
export const DOUGHNUT_SIBLING_ORDER_COLUMNS: SiblingOrderColumns = { table: 'note', parent: 'parent_id', siblingOrder: 'sibling_order' };

/**
 * One statement that counts the indexes of the note table whose first two columns are the
 * parent and the sibling order. Read from information_schema, so it reads none of the table's
 * rows; every name is a bound value.
 */
export function siblingOrderIndexProbe({ schema, table, parent, siblingOrder }: SiblingOrderColumns = DOUGHNUT_SIBLING_ORDER_COLUMNS): RawBuilder<unknown> {
  return sql`SELECT COUNT(*) AS served FROM information_schema.statistics first_column
    JOIN information_schema.statistics second_column
      ON second_column.table_schema = first_column.table_schema AND second_column.table_name = first_column.table_name
      AND second_column.index_name = first_column.index_name AND second_column.seq_in_index = 2
    WHERE first_column.table_schema = ${schema ?? sql`DATABASE()`} AND first_column.table_name = ${table}
      AND first_column.seq_in_index = 1 AND first_column.column_name = ${parent} AND second_column.column_name = ${siblingOrder}`;
}

/** The key to order pages by, from the probe's answer. */
export function siblingOrderKeyOf(rows: readonly unknown[]): SiblingOrderKey {
  const served = Number((rows[0] as { served?: unknown } | undefined)?.served ?? 0);
  return served > 0 ? 'column' : 'expression';
}
