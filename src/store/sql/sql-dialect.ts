import type { RawBuilder } from 'kysely';
import type { NoteId, SiblingOrder } from '../../model/note-record.js';

type Sql = RawBuilder<unknown>;

/** What differs between the SQL engines, each implementing it once; everything else, the batch statement among it, is written once. */
export interface SqlDialect {
  /** Whether a statement must wait for the one before it to be answered (the driver does not queue them). */
  readonly oneAtATime: boolean;
  /** A failed statement or connection as the error a build or search fails with: one line, never an address or a secret. */
  unavailable(what: string, error: unknown): Error;

  /** `column` is one of `ids` (an empty list matches nothing). */
  idIn(column: Sql, ids: readonly number[]): Sql;
  /** `column` is one of the notebooks `ids`, in a statement with no readable-notebooks table (a search). */
  notebookIn(column: Sql, ids: readonly number[]): Sql;
  /** How a search matches a title's prefix (`LIKE`, or PostgreSQL's `ILIKE`). */
  readonly titleLike: Sql;
  /** What follows `readable_notebooks (id) AS`: the readable notebooks as a table, from one parameter. */
  readableNotebooksTable(ids: readonly number[]): Sql;
  /** The columns a pick of note ids selects: `req`, `anchor`, `pos` where the engine keeps it, `id`, and a filtered page's own. */
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
  /** Filtered pages are each a union branch joined to their notes apart (MySQL), not picks (PostgreSQL). */
  readonly filteredPagesApart: boolean;
  /** A filtered page's rows kept and its last examined (`id`, `pos`, `kept`, `previous` kept `pos`), from `examined` in `order`. */
  filteredShown(examined: Sql, order: Sql, limit: number): Sql;
  /** What ends a filtered page's scan of `count` candidates (`SizeFilter.scan`), in its order. */
  scanLimit(count: number): Sql;
  /** Every title whose `titleKeyOf` is one of `keys` passes (spec section 10); others may too, told apart afterwards. */
  titleKeyIn(title: Sql, keys: readonly string[]): Sql;
  /** Titles `a` and `b`, narrowed as {@link titleKeyIn}: true whenever their keys are equal. */
  sameTitleKey(a: Sql, b: Sql): Sql;
  /** `details` may link to `title`: they hold `[[` and the title's key in any ASCII case, and the key is not empty. */
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
export interface SiblingKeyColumns { readonly siblingOrder: Sql; readonly id: Sql; }
