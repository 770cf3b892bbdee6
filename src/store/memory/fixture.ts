import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { expecting, validated, ValidationError } from '../../note-context-error.js';

const ID = expecting('an id (a positive integer)');
const id = () => z.int({ error: ID }).positive({ error: ID });
const TEXT = expecting('a string');

/** A note as a fixture file writes it (spec section 7); `null` counts as absent. */
const FixtureNoteSchema = z.object(
  {
    id: id(), title: z.string({ error: TEXT }), details: z.string({ error: TEXT }).nullish(), parentId: id().nullish(), objectId: id().nullish(),
    // Spec §1: a number. Doughnut's column is a BIGINT; only loading into MySQL needs integers.
    siblingOrder: z.number({ error: expecting('a number') }).nullish(), notebookId: id().nullish(),
    deletedAt: z.union([z.string(), z.number()], { error: expecting('a date (text or a number)') }).nullish(),
  },
  { error: expecting('a note object') },
);
const NotebookSchema = z.object({ id: id(), name: z.string({ error: TEXT }) }, { error: expecting('a notebook object') });

export const FixtureSchema = z.object(
  {
    notebooks: z.array(NotebookSchema, { error: expecting('a list of notebooks') }).optional(),
    notes: z.array(FixtureNoteSchema, { error: expecting('a list of notes') }),
  },
  { error: expecting('a fixture object { "notes": [...] }') },
);

/** A note with the fixture's defaults applied. */
export interface NoteData {
  readonly id: number; readonly title: string; readonly details?: string; readonly parentId?: number; readonly objectId?: number;
  readonly siblingOrder: number; readonly notebookId: number; readonly deletedAt?: string;
}

export interface Notebook { readonly id: number; readonly name: string; }

export interface Fixture { readonly notebooks: readonly Notebook[]; readonly notes: readonly NoteData[]; }

/** Validates a parsed fixture, applies its defaults and rejects duplicate ids; a `ValidationError` names the path (`notes[3].id`). */
export function parseFixture(input: unknown): Fixture {
  const parsed = validated(FixtureSchema, input, 'fixture');
  const seen = new Set<number>();
  const notes = parsed.notes.map((note, index): NoteData => {
    if (seen.has(note.id)) throw new ValidationError(`notes[${index}].id`, `duplicate note id ${note.id}`);
    seen.add(note.id);
    return {
      id: note.id, title: note.title, ...(note.details != null && { details: note.details }),
      ...(note.parentId != null && { parentId: note.parentId }), ...(note.objectId != null && { objectId: note.objectId }),
      siblingOrder: note.siblingOrder ?? note.id, notebookId: note.notebookId ?? 1,
      ...(note.deletedAt != null && { deletedAt: String(note.deletedAt) }),
    };
  });
  return { notebooks: parsed.notebooks ?? [], notes };
}

/** Reads and validates a fixture file (UTF-8, a byte-order mark or none); a file unread or not JSON is a `ValidationError` naming it. */
export async function readFixtureFile(path: string): Promise<Fixture> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ValidationError(path, `cannot read the fixture file (${error.code ?? error.message})`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ValidationError(path, `not valid JSON: ${(error as Error).message}`);
  }
  return parseFixture(json);
}
