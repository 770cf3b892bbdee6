import * as z from 'zod';
import { expecting, validated, ValidationError } from '../../note-context-error.js';

/** The fields a SQL store reads from each row of the notes table (spec section 8). */
export const NOTE_FIELDS = ['id', 'title', 'details', 'parentId', 'objectId', 'siblingOrder', 'notebookId', 'deletedAt'] as const;

export type NoteField = (typeof NOTE_FIELDS)[number];

/** Doughnut's names: the table and the column of each field. */
export const DOUGHNUT_NOTE_TABLE: ResolvedNoteTable = {
  table: 'note',
  columns: {
    id: 'id', title: 'topic_constructor', details: 'description', parentId: 'parent_id', objectId: 'target_note_id', siblingOrder: 'sibling_order',
    notebookId: 'notebook_id', deletedAt: 'deleted_at',
  },
};

const matching = (pattern: RegExp, what: string) => z.string({ error: expecting(what) }).regex(pattern, { error: expecting(what) });
const identifier = matching(/^[^\0.]{1,63}$/u, 'a column name (1–63 characters, no NUL, no dot)');
const columns = Object.fromEntries(NOTE_FIELDS.map((field) => [field, identifier.optional()])) as Record<NoteField, z.ZodOptional<typeof identifier>>;

/** A host's names for the notes table (`notes`, `app.notes`) and its columns, else Doughnut's; quoted, never spliced in. */
export const NoteTableNamesSchema = z.strictObject(
  {
    table: matching(/^[^\0.]{1,63}(\.[^\0.]{1,63})?$/u, 'a table name, optionally schema-qualified (notes, app.notes)').optional(),
    columns: z.strictObject(columns, { error: expecting(`an object naming columns of ${NOTE_FIELDS.join(', ')}`) }).optional(),
  },
  { error: expecting('{ table?, columns? }') },
);

export type NoteTableNames = z.input<typeof NoteTableNamesSchema>;

/** Every name spelled out. */
export interface ResolvedNoteTable { readonly table: string; readonly columns: Readonly<Record<NoteField, string>>; }

/** The names with Doughnut's filled in; a bad name is a `ValidationError` naming it (`columns.title`). */
export function resolveNoteTable(names: NoteTableNames | undefined): ResolvedNoteTable {
  const parsed = validated(NoteTableNamesSchema, { table: names?.table, columns: names?.columns }, 'options');
  return {
    table: parsed.table ?? DOUGHNUT_NOTE_TABLE.table,
    columns: { ...DOUGHNUT_NOTE_TABLE.columns, ...Object.fromEntries(Object.entries(parsed.columns ?? {}).filter(([, name]) => name !== undefined)) },
  };
}

/** Whether the names are Doughnut's own, so statements can name the table directly. */
export function isDoughnutTable(names: ResolvedNoteTable): boolean {
  return names.table === DOUGHNUT_NOTE_TABLE.table && NOTE_FIELDS.every((field) => names.columns[field] === DOUGHNUT_NOTE_TABLE.columns[field]);
}

/** `title=name,details=body` (the `--columns` flag) as a columns object; a bad pair is a `ValidationError` naming `flag`. */
export function parseColumnsFlag(text: string, flag = '--columns'): Partial<Record<NoteField, string>> {
  return Object.fromEntries(text.split(',').map((pair) => {
    const at = pair.indexOf('=');
    const field = pair.slice(0, at).trim();
    if (at < 0 || !(NOTE_FIELDS as readonly string[]).includes(field)) {
      throw new ValidationError(flag, `expected field=column pairs, the fields among ${NOTE_FIELDS.join(', ')}; got "${pair.trim()}"`);
    }
    return [field, pair.slice(at + 1).trim()];
  }));
}
