import { sql, type RawBuilder } from 'kysely';
import type { SizeFilter } from '../size-filter.js';
import type { SqlDialect } from './sql-dialect.js';

type Sql = RawBuilder<unknown>;

/**
 * The columns the size rule reads, as the statement names them: the note `n`'s title and
 * details, and the id and title of its visible parent `p` and object `o` (NULL when not visible).
 */
export interface ShownColumns {
  readonly title: Sql;
  readonly details: Sql;
  readonly parentId: Sql;
  readonly parentTitle: Sql;
  readonly objectId: Sql;
  readonly objectTitle: Sql;
}

/**
 * The size rule of stepping over (`shownSizeOf`, src/store/shown-size.ts) in SQL, for either
 * engine: whether the note, with its visible parent and object (`columns`), shows at most the
 * text `filter` allows for its shape. LEFT counts code points; the dialect counts bytes (and
 * tells emptiness by them, since MySQL's PAD SPACE collations hold ' ' = '') and word starts.
 * The word starts of the four texts are those of the texts joined, each after a space: a text's
 * first character then follows a space, and no other pair is new. test/size-rule.test.ts holds
 * the SQL and TypeScript rules to the same counts on both engines.
 */
export function shownSizeWithinSql(dialect: SqlDialect, filter: Pick<SizeFilter, 'maxTextBytes' | 'maxWordStarts'>, detailsLimit: number, columns: ShownColumns): Sql {
  const { title, details, parentId, parentTitle, objectId, objectTitle } = columns;
  const bytes = (text: Sql) => dialect.byteLength(text);
  const shape = sql`(CASE WHEN COALESCE(${bytes(details)}, 0) = 0 THEN 0 ELSE 1 END
    + CASE WHEN ${parentId} IS NULL THEN 0 ELSE 2 END + CASE WHEN ${objectId} IS NULL THEN 0 ELSE 4 END)`;
  const shownDetails = sql`LEFT(${details}, ${detailsLimit})`;
  const textBytes = sql`(COALESCE(${bytes(title)}, 0) + COALESCE(${bytes(shownDetails)}, 0)
    + COALESCE(${bytes(parentTitle)}, 0) + COALESCE(${bytes(objectTitle)}, 0))`;
  const joined = sql`CONCAT_WS(' ', '', ${title}, ${shownDetails}, ${parentTitle}, ${objectTitle})`;
  const within = (max: number, atMost: (max: number) => Sql) => {
    if (!(max >= 0)) return sql`FALSE`;
    if (max >= Number.MAX_SAFE_INTEGER) return sql`TRUE`;
    return atMost(Math.floor(max));
  };
  const perShape = (limits: readonly number[], atMost: (max: number) => Sql) =>
    sql`CASE ${shape} ${sql.join(
      limits.map((max, s) => sql`WHEN ${sql.lit(s)} THEN ${within(max, atMost)}`),
      sql` `,
    )} END`;
  // The word starts are counted only where the byte test passes (CASE evaluates its branch only).
  return sql`CASE WHEN ${perShape(filter.maxTextBytes, (max) => dialect.atMost(textBytes, max))}
    THEN ${perShape(filter.maxWordStarts, (max) => dialect.wordStartsAtMost(joined, max))} ELSE FALSE END`;
}
