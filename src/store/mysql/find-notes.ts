import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { StoreUnavailable } from '../../errors.js';
import { uriOf } from '../../model/uri-of.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { MOST_READABLE_NOTEBOOKS_INLINE } from './batch-query.js';
import { compiler } from './connection-source.js';
import type { ServerFlavour } from './server-flavour.js';
import { withNoteTable } from '../sql/mapped-note-table.js';
import { resolveNoteTable, type ResolvedNoteTable } from '../sql/note-table-names.js';

/**
 * Recommended, not required, for `findNotes` on a large notebook: lets `LIKE 'prefix%'` read a
 * range of the index instead of scanning the table (a prefix of 191 characters fits any row
 * format). Results never depend on it. Matching inside titles would need a FULLTEXT index
 * instead; prefix matching keeps to what a plain B-tree index serves.
 */
export const FIND_NOTES_INDEX_DDL = 'CREATE INDEX idx_note_title ON note (topic_constructor(191))';

const FoundRowSchema = z.object({
  id: z.coerce.number().int(),
  title: z.string(),
  notebook_id: z.coerce.number().int(),
});

/** `LIKE` escape character: `!` needs no escaping in SQL text, whatever the server's sql_mode. */
const ESCAPE = '!';

/** `query` as a `LIKE` prefix pattern in which `%`, `_` and `!` match only themselves. */
export function likePrefix(query: string): string {
  return `${query.replace(/[!%_]/g, (char) => ESCAPE + char)}%`;
}

/**
 * `NoteFinder.findNotes` in one statement: a prefix `LIKE` on the title (index-friendly),
 * deleted and unreadable notes filtered in SQL, shortest titles first, then by id.
 */
export async function findNotes(
  run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  query: string,
  { limit, readableNotebooks }: FindNotesOptions,
  { flavour, queryTimeoutMs, names = resolveNoteTable(undefined) }: { flavour: ServerFlavour; queryTimeoutMs: number; names?: ResolvedNoteTable },
): Promise<FoundNote[]> {
  if (readableNotebooks?.size === 0) return [];
  const select = withNoteTable(compiler
    .selectFrom('note')
    .select(['id', 'topic_constructor as title', 'notebook_id'])
    .where(sql<boolean>`topic_constructor LIKE ${likePrefix(query)} ESCAPE ${sql.lit(ESCAPE)}`)
    .where('deleted_at', 'is', null)
    .$if(readableNotebooks !== undefined && readableNotebooks.size <= MOST_READABLE_NOTEBOOKS_INLINE, (qb) => qb.where('notebook_id', 'in', [...readableNotebooks!]))
    .$if(readableNotebooks !== undefined && readableNotebooks.size > MOST_READABLE_NOTEBOOKS_INLINE, (qb) =>
      qb.where(sql<boolean>`notebook_id IN (SELECT j.id FROM JSON_TABLE(${JSON.stringify([...readableNotebooks!])}, '$[*]' COLUMNS (id BIGINT PATH '$')) AS j)`),
    )
    .orderBy(sql`CHAR_LENGTH(topic_constructor)`)
    .orderBy('id')
    .limit(limit), names, 'mysql');
  // The same server-side time limit as a build's reads.
  const statement =
    flavour === 'mariadb'
      ? sql`SET STATEMENT max_statement_time = ${sql.lit(queryTimeoutMs / 1000)} FOR ${select}`
      : sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(queryTimeoutMs)}) */ * FROM (${select}) AS found ORDER BY CHAR_LENGTH(title), id`;
  let rows: unknown[];
  try {
    rows = await run(statement);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StoreUnavailable(`a note search failed: ${reason}`, { cause: error });
  }
  return rows.map((row) => {
    const { id, title, notebook_id } = FoundRowSchema.parse(row);
    return { uri: uriOf(id), title, notebookId: notebook_id };
  });
}
