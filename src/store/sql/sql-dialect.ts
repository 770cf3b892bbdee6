import type { RawBuilder } from 'kysely';
import type { NoteId, SiblingOrder } from '../../model/note-record.js';

type Sql = RawBuilder<unknown>;

/**
 * What differs between the SQL engines, for the SQL store's shared core (src/store/sql/): each
 * engine implements it once, in its own folder (mysql/mysql-dialect.ts,
 * postgres/postgres-dialect.ts). Everything else about reading notes is written once, the batch
 * statement (batch-statement.ts) and the size rule (shown-size-within-sql.ts) among it.
 */
export interface SqlDialect {
  /** The engine, as the error codes of a missing table or column are told apart. */
  readonly engine: 'mysql' | 'postgres';
  /**
   * Whether a connection's statement waits until the one before it is answered: the driver does
   * not queue them itself (pg still does, deprecated; mysql2 does).
   */
  readonly oneAtATime: boolean;
  /** A failed statement or connection as the error a build or search fails with: one line, never an address or a secret. */
  unavailable(what: string, error: unknown): Error;

  /** `column` is one of `ids` (an empty list matches nothing). */
  idIn(column: Sql, ids: readonly number[]): Sql;
  /** `column` is one of the notebooks `ids`, in a statement that names no readable-notebooks table (a search). */
  notebookIn(column: Sql, ids: readonly number[]): Sql;
  /** How a search matches a title's prefix (`LIKE`, or PostgreSQL's `ILIKE`, whatever the case). */
  readonly titleLike: Sql;
  /** What follows `readable_notebooks (id) AS`: the readable notebooks as a table, from one parameter. */
  readableNotebooksTable(ids: readonly number[]): Sql;
  /**
   * The columns a batch's pick of note ids selects: its request (`req`), the chain it belongs to
   * (`anchor`), its place in its page (`pos`, where the engine keeps it) and the note's id; with
   * a size filter, how many notes were left out before it and whether it was left out itself.
   */
  pick(req: number, id: Sql, columns?: { anchor?: Sql; pos?: Sql; leftOutBefore?: Sql; leftOut?: Sql }): Sql;
  /** The columns the batch takes from its picks (`picked`) before the note's own. */
  readonly pickedColumns: Sql;
  /** The batch's own ORDER BY, if any (else the reader orders each request's rows). */
  readonly batchOrder: Sql;
  /** A pick of no rows, for a batch of no picks; undefined where no such batch is sent. */
  readonly noPicks: Sql | undefined;
  /** A note's `sibling_order` as the row schema reads it. */
  siblingOrderOut(column: Sql): Sql;
  /** The ORDER BY of a page in sibling order (`asc`) or its reverse, a NULL order before every number. */
  siblingOrder(direction: 'asc' | 'desc', key: SiblingKeyColumns): Sql;
  /** `n` strictly beyond a page's key, a value, in `direction`. */
  beyondKey(direction: 'asc' | 'desc', n: SiblingKeyColumns, key: { readonly siblingOrder: SiblingOrder; readonly id: NoteId }): Sql;
  /** `n` strictly beyond the note `s`, a row of the statement, in `direction`. */
  beyondNote(direction: 'asc' | 'desc', n: SiblingKeyColumns, s: SiblingKeyColumns): Sql;
  /**
   * Filtered pages are each a branch of the union joined to their notes apart (MySQL), rather than
   * picks joined with all others once (PostgreSQL).
   */
  readonly filteredPagesApart: boolean;
  /**
   * A filtered page's rows kept and its last one examined, with `id`, `pos`, `kept` and
   * `previous` (the position of the row kept before), from the candidates `examined` (a derived
   * table of `id`, `sibling_order` and `kept`, in `order` as its columns name it).
   */
  filteredShown(examined: Sql, order: Sql, limit: number): Sql;
  /**
   * A title's text compared by link matching (spec section 10), narrowed: `title` with spaces
   * removed from both ends and folded the way `keys` are compared with it, so that every title
   * whose `titleKeyOf` is one of `keys` (themselves keys) passes; others may pass too, and are
   * told apart exactly afterwards.
   */
  titleKeyIn(title: Sql, keys: readonly string[]): Sql;
  /** Titles `a` and `b`, narrowed as {@link titleKeyIn}: true whenever their keys are equal. */
  sameTitleKey(a: Sql, b: Sql): Sql;
  /**
   * `details` may hold a link to `title`: true whenever the details hold `[[` and the key of the
   * title in any ASCII case (every note whose details link to a note of that title), and the
   * title's key is not empty.
   */
  holdsTitleKey(details: Sql, title: Sql): Sql;
  /** A text to group by its exact characters, whatever the column's collation says is equal. */
  exactText(text: Sql): Sql;
  /** The UTF-8 bytes of a text. */
  byteLength(text: Sql): Sql;
  /** `measure` is at most `max`, a non-negative safe integer. */
  atMost(measure: Sql, max: number): Sql;
  /** `joined` holds at most `max` (a non-negative safe integer) word starts after a space. */
  wordStartsAtMost(joined: Sql, max: number): Sql;
}

/** Where a page's order reads a note's sibling key: the table's columns, or a derived table's. */
export interface SiblingKeyColumns {
  readonly siblingOrder: Sql;
  readonly id: Sql;
}
