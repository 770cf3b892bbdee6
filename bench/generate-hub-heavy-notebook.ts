// A seeded generator of hub-heavy notebooks, shaped like Doughnut's own: big notebook roots,
// a few dozen hubs, a few objects that thousands of reifications refer to. For the benchmark
// on Doughnut's own `note` table (bench/doughnut-schema.ts).
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Fixture, NoteData, Notebook } from '../src/store/memory/fixture.js';
import { DOUGHNUT_DESCRIPTION_BYTES } from './doughnut-note-ddl.js';
import { TextMaker } from './generate-notebook.js';

export interface HubHeavySettings {
  readonly seed: number;
  /** All notes, the notebooks' root notes included. */
  readonly notes: number;
  readonly notebooks: number;
  /** How many hubs, and the share of all notes that are their children. */
  readonly hubs: number;
  readonly hubShare: number;
  /** Referrings of the few popular objects, largest first. */
  readonly popularReferrings: readonly number[];
}

export interface HubHeavyNotebooks {
  readonly fixture: Fixture;
  /** Ids of the notes that are not deleted, to draw random focus notes from. */
  readonly visibleIds: readonly number[];
  /** Each notebook's root, with its count of top-level notes (its children), largest first. */
  readonly roots: readonly { readonly id: number; readonly children: number }[];
  readonly hubs: readonly { readonly id: number; readonly children: number }[];
  readonly popularObjects: readonly { readonly id: number; readonly referrings: number }[];
}

/** The full benchmark's notebook. */
export const HUB_HEAVY_FULL: HubHeavySettings = { seed: 20261124, notes: 100_000, notebooks: 40, hubs: 36, hubShare: 0.12, popularReferrings: [3_000, 2_000, 1_200, 800] };
/** The quick run's: the same shape, a fifth of the size. */
export const HUB_HEAVY_QUICK: HubHeavySettings = { seed: 20261124, notes: 20_000, notebooks: 10, hubs: 12, hubShare: 0.12, popularReferrings: [600, 400, 240, 160] };

/** Notebook sizes fall off as 1 / rank^0.8: the largest has ~12% of the notes, the smallest ~0.6%. */
const NOTEBOOK_SIZE_EXPONENT = 0.8;
/** Of a notebook's notes that are not hub children, the share that are top-level (the root's children). */
const TOP_LEVEL_SHARE = 0.35;
/** Hub sizes fall off as 1 / rank^0.6. */
const HUB_SIZE_EXPONENT = 0.6;
const MAX_DEPTH = 10;
const REIFIED_SHARE = 0.1;
const DELETED_SHARE = 0.01;
/** Notes placed between two siblings (Doughnut's "move"): a sibling order that is not the last one plus 1000. */
const INSERTED_SHARE = 0.1;
const MAX_DETAILS_CODE_POINTS = 20_000;

/**
 * The same notebooks for the same settings. Each notebook is a root note (no parent) with
 * `TOP_LEVEL_SHARE` of its notes directly under it; `hubs` top-level notes hold `hubShare` of all
 * notes as children, sizes heavy-tailed, at most 60% of their notebook; every other note hangs
 * under a top-level or deeper note by preferential attachment (depth ≤ 10). The kinds of note are
 * made interleaved, so ids do not follow the tree. Sibling orders step by 1000, 10% of notes
 * inserted between two siblings. 10% of the non-root notes are reifications: the popular
 * objects take `popularReferrings` of them, the rest point at notes drawn uniformly. ~1% of
 * notes are deleted (never a root or a hub); titles and details as in generate-notebook.ts,
 * details cut to what Doughnut's `description text` holds.
 */
export function generateHubHeavyNotebooks(settings: HubHeavySettings): HubHeavyNotebooks {
  const rng = xoroshiro128plus(settings.seed);
  const random = () => uniformFloat64(rng);
  const pick = <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)]!;
  const text = new TextMaker(random, pick);

  type Draft = { -readonly [K in keyof NoteData]: NoteData[K] };
  const drafts: Draft[] = [];
  const orders = new Map<number, number[]>();
  const addNote = (notebookId: number, parentId: number | undefined): Draft => {
    let siblingOrder = 0;
    if (parentId !== undefined) {
      const taken = orders.get(parentId) ?? [];
      orders.set(parentId, taken);
      siblingOrder = taken.length > 1 && random() < INSERTED_SHARE ? pick(taken) + uniformInt(rng, 1, 999) : taken.length * 1000;
      taken.push(siblingOrder);
    }
    const details = text.details();
    const draft: Draft = {
      id: drafts.length + 1,
      title: text.title(),
      ...(details && { details: fitDescription(details.details) }),
      ...(parentId !== undefined && { parentId }),
      siblingOrder,
      notebookId,
    };
    drafts.push(draft);
    return draft;
  };

  const weights = Array.from({ length: settings.notebooks }, (_, index) => 1 / (index + 1) ** NOTEBOOK_SIZE_EXPONENT);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const sizes = weights.map((weight) => Math.max(20, Math.floor((settings.notes * weight) / weightSum)));
  sizes[0]! += settings.notes - sizes.reduce((sum, size) => sum + size, 0);

  // Hub sizes, and each hub placed in the notebook with the most room left (60% of its notes).
  const hubWeights = Array.from({ length: settings.hubs }, (_, index) => 1 / (index + 1) ** HUB_SIZE_EXPONENT);
  const hubWeightSum = hubWeights.reduce((sum, weight) => sum + weight, 0);
  const hubSizes = hubWeights.map((weight) => Math.round((settings.notes * settings.hubShare * weight) / hubWeightSum));
  const room = sizes.map((size) => Math.floor(size * 0.6));
  const hubsOf = sizes.map(() => [] as number[]);
  for (const size of hubSizes) {
    const best = room.indexOf(Math.max(...room));
    if (room[best]! < size) throw new Error('too few notes for the hubs asked for');
    room[best]! -= size;
    hubsOf[best]!.push(size);
  }

  const notebooks: Notebook[] = [];
  const roots: { id: number; children: number }[] = [];
  const hubs: { id: number; children: number }[] = [];
  for (const [index, size] of sizes.entries()) {
    const notebookId = index + 1;
    notebooks.push({ id: notebookId, name: `Notebook ${notebookId}: ${text.title()}` });
    const root = addNote(notebookId, undefined);
    const depth = new Map<number, number>([[root.id, 0]]);
    const hubChildren = hubsOf[index]!.reduce((sum, children) => sum + children, 0);
    const ownHubs = hubsOf[index]!.map((children) => ({ draft: addNote(notebookId, root.id), left: children, children }));
    for (const hub of ownHubs) depth.set(hub.draft.id, 1);
    let topLevelLeft = Math.max(1, Math.round((size - 1 - ownHubs.length - hubChildren) * TOP_LEVEL_SHARE));
    let hubLeft = hubChildren;
    let deepLeft = size - 1 - ownHubs.length - hubChildren - topLevelLeft;
    // Preferential attachment: a note is a ticket once for being there and once per child.
    const tickets: number[] = [];
    while (topLevelLeft + hubLeft + deepLeft > 0) {
      const draw = random() * (topLevelLeft + hubLeft + deepLeft);
      if (draw < topLevelLeft || (tickets.length === 0 && topLevelLeft > 0)) {
        const note = addNote(notebookId, root.id);
        depth.set(note.id, 1);
        tickets.push(note.id);
        topLevelLeft--;
      } else if (draw < topLevelLeft + hubLeft) {
        let at = random() * hubLeft;
        const hub = ownHubs.find((candidate) => (at -= candidate.left) < 0) ?? ownHubs.find((candidate) => candidate.left > 0)!;
        const note = addNote(notebookId, hub.draft.id);
        depth.set(note.id, 2);
        hub.left--;
        hubLeft--;
      } else {
        let parentId: number;
        do parentId = pick(tickets);
        while ((depth.get(parentId) ?? 0) >= MAX_DEPTH);
        const note = addNote(notebookId, parentId);
        depth.set(note.id, (depth.get(parentId) ?? 0) + 1);
        tickets.push(note.id, parentId);
        deepLeft--;
      }
    }
    roots.push({ id: root.id, children: orders.get(root.id)?.length ?? 0 });
    hubs.push(...ownHubs.map((hub) => ({ id: hub.draft.id, children: hub.children })));
  }

  const keep = new Set([...roots.map((root) => root.id), ...hubs.map((hub) => hub.id)]);
  for (const draft of drafts) if (!keep.has(draft.id) && random() < DELETED_SHARE) draft.deletedAt = '2026-01-01T00:00:00Z';

  // Reifications: the popular objects' referrings first, then uniform objects, on notes drawn at random.
  const candidates = drafts.filter((draft) => draft.parentId !== undefined && !keep.has(draft.id));
  const reified = Math.round(candidates.length * REIFIED_SHARE);
  for (let index = candidates.length - 1; index > 0; index--) {
    const other = uniformInt(rng, 0, index);
    [candidates[index], candidates[other]] = [candidates[other]!, candidates[index]!];
  }
  const popularObjects = settings.popularReferrings.map((referrings) => ({ id: uniformInt(rng, 1, drafts.length), referrings }));
  let next = 0;
  for (const object of popularObjects) {
    for (let index = 0; index < object.referrings && next < reified; index++) {
      const note = candidates[next++]!;
      if (note.id !== object.id) note.objectId = object.id;
    }
  }
  while (next < reified) {
    const note = candidates[next++]!;
    const objectId = uniformInt(rng, 1, drafts.length);
    if (objectId !== note.id) note.objectId = objectId;
  }

  return {
    fixture: { notebooks, notes: drafts },
    visibleIds: drafts.flatMap((draft) => (draft.deletedAt === undefined ? [draft.id] : [])),
    roots: roots.sort((a, b) => b.children - a.children),
    hubs: hubs.sort((a, b) => b.children - a.children),
    popularObjects,
  };
}

/** Details cut to what Doughnut's `description text` column holds. */
function fitDescription(details: string): string {
  const cut = details.length > MAX_DETAILS_CODE_POINTS ? [...details].slice(0, MAX_DETAILS_CODE_POINTS).join('') : details;
  if (Buffer.byteLength(cut, 'utf8') > DOUGHNUT_DESCRIPTION_BYTES) throw new Error('details longer than Doughnut\'s description column');
  return cut;
}
