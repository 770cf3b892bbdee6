// The baseline the benchmarks compare against: the same builds, read the way an ORM-backed
// service reads them. Not part of the package.
import type { Kysely, Selectable } from 'kysely';
import { compareSiblingKeys, type NoteId, type NoteRecord } from '../src/model/note-record.js';
import { holdConnection } from '../src/store/sql/hold-connection.js';
import type { NoteDatabase, NoteTable } from '../src/store/mysql/note-table.js';
import type { ChildrenPageRequest, NoteReader, NoteStore, ReadRequest, ReadScope, ReferringPageRequest } from '../src/store/note-store.js';

type NoteEntity = Selectable<NoteTable>;

/**
 * A store that behaves like a lazy-loading ORM (Hibernate, TypeORM, ActiveRecord) behind a notes
 * service: a note is an entity loaded whole by id; `note.parent` and `note.targetNote` are lazy
 * many-to-one links, each a query on first use; `note.children` and `note.refers` are lazy
 * collections, each loaded whole on first use. A session (one per build, on one connection)
 * keeps an identity map, so nothing is loaded twice. Every navigation is its own query, in the
 * order the build asks; nothing is batched, nothing is cut in SQL, nothing is paged.
 * Its few statements are kysely query builder calls, so it reads a MySQL or a PostgreSQL
 * `note` table alike.
 *
 * It answers the same port as the real stores, so the core and the results are the same; only
 * the reading differs, which is what the benchmark compares.
 */
export class OrmStyleStore implements NoteStore {
  constructor(private readonly db: Kysely<NoteDatabase>) {}

  async openReader(scope: ReadScope): Promise<NoteReader> {
    const held = await holdConnection(this.db);
    return new OrmSession(held.connection, scope, held.release);
  }
}

class OrmSession implements NoteReader {
  roundTrips = 0;
  private readonly entities = new Map<NoteId, NoteEntity | null>();
  private readonly children = new Map<NoteId, NoteEntity[]>();
  private readonly refers = new Map<NoteId, NoteEntity[]>();

  constructor(
    private readonly db: Kysely<NoteDatabase>,
    private readonly scope: ReadScope,
    private readonly release: () => Promise<void>,
  ) {}

  async read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]> {
    const answers: NoteRecord[][] = [];
    for (const request of requests) answers.push(await this.answer(request));
    return answers;
  }

  async close(): Promise<void> {
    await this.release();
  }

  private async answer(request: ReadRequest): Promise<NoteRecord[]> {
    switch (request.kind) {
      case 'note': {
        const note = await this.visibleNote(request.id);
        return note ? [await this.record(note)] : [];
      }
      case 'ancestors': {
        const chain: NoteRecord[] = [];
        const seen = new Set<NoteId>([request.id]);
        let parent = await this.visibleNote((await this.visibleNote(request.id))?.parent_id);
        while (parent && !seen.has(parent.id)) {
          seen.add(parent.id);
          chain.push(await this.record(parent));
          parent = await this.visibleNote(parent.parent_id);
        }
        return chain;
      }
      case 'children':
        return this.childrenPage(request);
      case 'referrings':
        return this.referringPage(request);
      case 'linked':
      case 'linking':
        throw new Error('the ORM-style baseline reads no links');
    }
  }

  private async childrenPage(request: ChildrenPageRequest): Promise<NoteRecord[]> {
    let list = this.children.get(request.parentId);
    if (!list) {
      // An ordered collection (@OrderBy("siblingOrder, id")), loaded whole on first touch.
      const loaded = await this.query((db) =>
        db.selectFrom('note').selectAll().where('parent_id', '=', request.parentId).orderBy('sibling_order').orderBy('id').execute(),
      );
      loaded.forEach((note) => this.entities.set(note.id, note));
      list = loaded.filter((note) => this.isVisible(note));
      this.children.set(request.parentId, list);
    }
    const keyOf = (note: NoteEntity) => ({ siblingOrder: Number(note.sibling_order), id: note.id });
    const after = request.after;
    if (request.direction === 'asc') {
      const start = after ? list.findIndex((note) => compareSiblingKeys(keyOf(note), after) > 0) : 0;
      return start < 0 ? [] : this.records(list.slice(start, start + request.limit));
    }
    const end = after ? list.findLastIndex((note) => compareSiblingKeys(keyOf(note), after) < 0) : list.length - 1;
    return this.records(list.slice(Math.max(0, end + 1 - request.limit), end + 1).reverse());
  }

  private async referringPage(request: ReferringPageRequest): Promise<NoteRecord[]> {
    let list = this.refers.get(request.objectId);
    if (!list) {
      const loaded = await this.query((db) =>
        db.selectFrom('note').selectAll().where('target_note_id', '=', request.objectId).orderBy('id').execute(),
      );
      loaded.forEach((note) => this.entities.set(note.id, note));
      list = loaded.filter((note) => this.isVisible(note));
      this.refers.set(request.objectId, list);
    }
    const afterId = request.afterId ?? 0;
    const start = list.findIndex((note) => note.id > afterId);
    return start < 0 ? [] : this.records(list.slice(start, start + request.limit));
  }

  private async records(notes: readonly NoteEntity[]): Promise<NoteRecord[]> {
    const records: NoteRecord[] = [];
    for (const note of notes) records.push(await this.record(note));
    return records;
  }

  /** The entity as the core sees it; touching its parent and object loads them, one by one. */
  private async record(note: NoteEntity): Promise<NoteRecord> {
    const parent = await this.visibleNote(note.parent_id);
    const object = await this.visibleNote(note.target_note_id);
    return {
      id: note.id,
      title: note.topic_constructor ?? '',
      ...(note.description ? { details: note.description } : {}),
      ...(parent && { parent: { id: parent.id, title: parent.topic_constructor ?? '' } }),
      ...(object && { object: { id: object.id, title: object.topic_constructor ?? '' } }),
      siblingOrder: Number(note.sibling_order),
      notebookId: note.notebook_id,
    };
  }

  private async visibleNote(id: NoteId | null | undefined): Promise<NoteEntity | undefined> {
    if (id === null || id === undefined) return undefined;
    let note = this.entities.get(id);
    if (note === undefined) {
      note = (await this.query((db) => db.selectFrom('note').selectAll().where('id', '=', id).executeTakeFirst())) ?? null;
      this.entities.set(id, note);
    }
    return note && this.isVisible(note) ? note : undefined;
  }

  private isVisible(note: NoteEntity): boolean {
    const readable = this.scope.readableNotebooks;
    return note.deleted_at === null && (readable === undefined || readable.has(note.notebook_id));
  }

  private async query<T>(run: (db: Kysely<NoteDatabase>) => Promise<T>): Promise<T> {
    this.roundTrips++;
    return run(this.db);
  }
}
