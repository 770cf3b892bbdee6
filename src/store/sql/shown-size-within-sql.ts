import { sql, type RawBuilder } from 'kysely';
import type { SizeFilter } from '../size-filter.js';
import type { NoteTableSql } from './note-table-sql.js';
import type { SqlDialect } from './sql-dialect.js';

type Sql = RawBuilder<unknown>;

/**
 * The size rule (`shownSizeOf`) in SQL for `n` with its visible `p` and `o`. Emptiness is told by bytes (MySQL's
 * PAD SPACE collations hold ' ' = ''); word starts are counted on the four texts joined after a space.
 */
export function shownSizeWithinSql(dialect: SqlDialect, filter: Pick<SizeFilter, 'maxTextBytes' | 'maxWordStarts'>, detailsLimit: number, t: NoteTableSql): Sql {
  // Nothing fits: no note's text is read (beside a hub, reading it is most of a page's time).
  if (!filter.maxTextBytes.some((max) => max >= 0)) return sql`FALSE`;
  const [title, details, parentId, parentTitle] = [t.column('n', 'title'), t.column('n', 'details'), t.column('p', 'id'), t.column('p', 'title')];
  const [objectId, objectTitle] = [t.column('o', 'id'), t.column('o', 'title')];
  const shape = sql`(CASE WHEN COALESCE(${dialect.byteLength(details)}, 0) = 0 THEN 0 ELSE 1 END
    + CASE WHEN ${parentId} IS NULL THEN 0 ELSE 2 END + CASE WHEN ${objectId} IS NULL THEN 0 ELSE 4 END)`;
  const shownDetails = sql`LEFT(${details}, ${detailsLimit})`;
  const textBytes = sql`(COALESCE(${dialect.byteLength(title)}, 0) + COALESCE(${dialect.byteLength(shownDetails)}, 0)
    + COALESCE(${dialect.byteLength(parentTitle)}, 0) + COALESCE(${dialect.byteLength(objectTitle)}, 0))`;
  const joined = sql`CONCAT_WS(' ', '', ${title}, ${shownDetails}, ${parentTitle}, ${objectTitle})`;
  const within = (max: number, atMost: (max: number) => Sql) => {
    if (!(max >= 0)) return sql`FALSE`;
    if (max >= Number.MAX_SAFE_INTEGER) return sql`TRUE`;
    return atMost(Math.floor(max));
  };
  const perShape = (limits: readonly number[], atMost: (max: number) => Sql) =>
    sql`CASE ${shape} ${sql.join(limits.map((max, s) => sql`WHEN ${sql.lit(s)} THEN ${within(max, atMost)}`), sql` `)} END`;
  // The word starts are counted only where the byte test passes (CASE evaluates its branch only).
  return sql`CASE WHEN ${perShape(filter.maxTextBytes, (max) => dialect.atMost(textBytes, max))}
    THEN ${perShape(filter.maxWordStarts, (max) => dialect.wordStartsAtMost(joined, max))} ELSE FALSE END`;
}
