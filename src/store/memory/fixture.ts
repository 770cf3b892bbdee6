import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ValidationError } from '../../errors.js';

const id = z.number().int().positive();

/** A note as a fixture file writes it (spec section 7); `null` counts as absent. */
const FixtureNoteSchema = z.object({
  id,
  title: z.string(),
  details: z.string().nullish(),
  parentId: id.nullish(),
  objectId: id.nullish(),
  // Spec §1: a number. Doughnut's column is a BIGINT; only loading into MySQL needs integers.
  siblingOrder: z.number().nullish(),
  notebookId: id.nullish(),
  deletedAt: z.union([z.string(), z.number()]).nullish(),
});

export const FixtureSchema = z.object({
  notebooks: z.array(z.object({ id, name: z.string() })).optional(),
  notes: z.array(FixtureNoteSchema),
});

/** A note with the fixture's defaults applied. */
export interface NoteData {
  readonly id: number;
  readonly title: string;
  readonly details?: string;
  readonly parentId?: number;
  readonly objectId?: number;
  readonly siblingOrder: number;
  readonly notebookId: number;
  readonly deletedAt?: string;
}

export interface Notebook {
  readonly id: number;
  readonly name: string;
}

export interface Fixture {
  readonly notebooks: readonly Notebook[];
  readonly notes: readonly NoteData[];
}

/** Validates a parsed fixture, applies its defaults and rejects duplicate ids. */
export function parseFixture(input: unknown, where = 'fixture'): Fixture {
  const parsed = FixtureSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, where);
  const seen = new Set<number>();
  const notes = parsed.data.notes.map((note, index): NoteData => {
    if (seen.has(note.id)) {
      throw new ValidationError(`${where}.notes[${index}].id`, `duplicate note id ${note.id}`);
    }
    seen.add(note.id);
    return {
      id: note.id,
      title: note.title,
      ...(note.details != null && { details: note.details }),
      ...(note.parentId != null && { parentId: note.parentId }),
      ...(note.objectId != null && { objectId: note.objectId }),
      siblingOrder: note.siblingOrder ?? note.id,
      notebookId: note.notebookId ?? 1,
      ...(note.deletedAt != null && { deletedAt: String(note.deletedAt) }),
    };
  });
  return { notebooks: parsed.data.notebooks ?? [], notes };
}

/** Reads and validates a fixture file; any problem is a `ValidationError` naming the file. */
export async function readFixtureFile(path: string): Promise<Fixture> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ValidationError('--db', `cannot read fixture file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(path, `not valid JSON: ${(error as Error).message}`);
  }
  return parseFixture(json, path);
}
