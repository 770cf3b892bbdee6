import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';

export interface NoteSpec {
  title?: string;
  details?: string;
  parentId?: number;
  objectId?: number;
  siblingOrder?: number;
  notebookId?: number;
  deletedAt?: string;
}

/** Writes small notebooks for scenarios: `n(id, spec)` adds a note; `fixture()` returns them. */
export class NotebookBuilder {
  private readonly notes: NoteData[] = [];

  n(id: number, spec: NoteSpec = {}): this {
    this.notes.push({
      id,
      title: spec.title ?? `Note ${id}`,
      ...(spec.details !== undefined && { details: spec.details }),
      ...(spec.parentId !== undefined && { parentId: spec.parentId }),
      ...(spec.objectId !== undefined && { objectId: spec.objectId }),
      siblingOrder: spec.siblingOrder ?? id,
      notebookId: spec.notebookId ?? 1,
      ...(spec.deletedAt !== undefined && { deletedAt: spec.deletedAt }),
    });
    return this;
  }

  /** Children of `parentId` with the given ids, in that sibling order. */
  children(parentId: number, ids: readonly number[], spec: NoteSpec = {}): this {
    for (const id of ids) this.n(id, { ...spec, parentId });
    return this;
  }

  fixture(): Fixture {
    const notebookIds = [...new Set(this.notes.map((note) => note.notebookId))];
    return { notebooks: notebookIds.map((id) => ({ id, name: `Notebook ${id}` })), notes: [...this.notes] };
  }
}

export const notebook = () => new NotebookBuilder();
