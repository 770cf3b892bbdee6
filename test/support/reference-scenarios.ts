import fc from 'fast-check';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import { details, notebookWithHub, randomNotebook, title } from './random-notebook.js';
import { referenceBuild, type ReferenceOptions, type ReferenceOutcome } from './reference-build.js';

export type ReferenceTokenizer = ReferenceOptions['tokenizer'];

/** A fixture and the options of one build, drawn so that builds are mostly non-empty. */
export interface ReferenceScenario {
  readonly fixture: Fixture;
  readonly options: ReferenceOptions & { focus: number };
}

const UNLIMITED = 1_000_000_000;

/**
 * A notebook where a few target notes are the object of many reifications, whose subjects have
 * several children and ancestors: dependency queues with many anchors of several candidates each
 * (ReferringCousin, NoteInReferringContextualPath, ParentSiblingChild …).
 */
export function referringNotebook(): fc.Arbitrary<{ fixture: Fixture; hubs: number[] }> {
  return fc.integer({ min: 12, max: 45 }).chain((count) => {
    const ids = Array.from({ length: count }, (_, index) => index + 1);
    const note = (id: number) =>
      fc.record({
        title,
        details,
        // Close parents make deep chains, any earlier parent makes bushy trees; a few roots.
        parent: fc.oneof(
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: id > 1 ? 6 : 0, arbitrary: fc.integer({ min: Math.max(1, id - 5), max: Math.max(1, id - 1) }) },
          { weight: id > 1 ? 6 : 0, arbitrary: fc.integer({ min: 1, max: Math.max(1, id - 1) }) },
        ),
        // undefined: no object; a number below 0: the target at that index; else that note.
        object: fc.oneof(
          { weight: 5, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: fc.integer({ min: -3, max: -1 }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: count + 2 }) },
        ),
        siblingOrder: fc.integer({ min: 0, max: 3 }),
        notebookId: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }),
        deleted: fc.integer({ min: 0, max: 29 }).map((roll) => roll === 0),
      });
    return fc.record({
      targets: fc.uniqueArray(fc.integer({ min: 1, max: count }), { minLength: 3, maxLength: 3 }),
      drawn: fc.tuple(...ids.map(note)),
    }).map(({ targets, drawn }) => {
      const notes = drawn.map((d, index): NoteData => {
        const objectId = d.object === undefined ? undefined : d.object < 0 ? targets[-d.object - 1]! : d.object;
        return {
          id: index + 1,
          title: d.title,
          ...(d.details !== undefined && { details: d.details }),
          ...(d.parent !== undefined && { parentId: d.parent }),
          ...(objectId !== undefined && { objectId }),
          siblingOrder: d.siblingOrder,
          notebookId: d.notebookId,
          ...(d.deleted && { deletedAt: '2026-03-03T00:00:00Z' }),
        };
      });
      return { fixture: { notebooks: [1, 2, 3].map((id) => ({ id, name: `Notebook ${id}` })), notes }, hubs: targets };
    });
  });
}

/**
 * A focus note (the hub) with every relation fanned out: ancestors, parent siblings with
 * children, siblings, children that are reifications, an object under a parent with siblings
 * with children, and referring notes whose subjects (some shared) have children and ancestors.
 * Every dependency queue gets several anchors of several candidates, fed while it is served.
 */
export function fanOutNotebook(): fc.Arbitrary<{ fixture: Fixture; hubs: number[] }> {
  const upTo = (max: number) => fc.noBias(fc.integer({ min: 0, max }));
  return fc
    .record({
      ancestors: upTo(3),
      parentSiblings: fc.array(upTo(4), { maxLength: 4 }),
      siblings: upTo(6),
      children: fc.array(fc.boolean(), { maxLength: 5 }),
      object: fc.option(fc.record({ ancestors: upTo(2), parentSiblings: fc.array(upTo(3), { maxLength: 3 }) }), { freq: 3 }),
      referrings: fc.array(fc.record({ sharedSubject: fc.boolean(), cousins: upTo(4), ancestors: upTo(3) }), { maxLength: 6 }),
      orders: fc.array(upTo(4), { minLength: 7, maxLength: 7 }),
      texts: fc.array(fc.record({ title, details }), { minLength: 11, maxLength: 11 }),
      hidden: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 13, maxLength: 13 }),
    })
    .map((drawn) => {
      const notes: NoteData[] = [];
      const add = (parentId?: number, objectId?: number): number => {
        const id = notes.length + 1;
        const text = drawn.texts[id % drawn.texts.length]!;
        const hidden = drawn.hidden[id % drawn.hidden.length]!;
        notes.push({
          id,
          title: text.title,
          ...(text.details !== undefined && { details: text.details }),
          ...(parentId !== undefined && { parentId }),
          ...(objectId !== undefined && { objectId }),
          siblingOrder: drawn.orders[id % drawn.orders.length]!,
          notebookId: hidden === 1 ? 2 : 1,
          ...(hidden === 0 && { deletedAt: '2026-04-04T00:00:00Z' }),
        });
        return id;
      };
      /** A chain of `length` notes under `top` (or a new root); answers the lowest. */
      const chain = (length: number, top?: number): number | undefined => {
        let lowest = top;
        for (let index = 0; index < length; index++) lowest = add(lowest);
        return lowest;
      };
      /** Siblings of `note` under `parent`, each with the given number of children. */
      const siblingsWithChildren = (parent: number | undefined, childCounts: number[]) => {
        if (parent === undefined) return;
        for (const count of childCounts) {
          const sibling = add(parent);
          for (let index = 0; index < count; index++) add(sibling);
        }
      };

      const grandparent = chain(drawn.ancestors);
      const parent = add(grandparent);
      const focus = add(parent);
      siblingsWithChildren(grandparent, drawn.parentSiblings);
      for (let index = 0; index < drawn.siblings; index++) add(parent);
      for (const [index, reification] of drawn.children.entries()) add(focus, reification ? 1 + ((index * 7) % notes.length) : undefined);
      if (drawn.object) {
        const objectGrandparent = chain(drawn.object.ancestors);
        const objectParent = add(objectGrandparent);
        siblingsWithChildren(objectGrandparent, drawn.object.parentSiblings);
        const object = add(objectParent);
        notes[focus - 1] = { ...notes[focus - 1]!, objectId: object };
      }
      let subject: number | undefined;
      for (const referring of drawn.referrings) {
        if (!referring.sharedSubject || subject === undefined) {
          subject = add(chain(referring.ancestors, referring.ancestors > 1 ? grandparent : undefined));
          for (let index = 0; index < referring.cousins; index++) add(subject);
        }
        add(subject, focus);
      }
      return { fixture: { notebooks: [1, 2, 3].map((id) => ({ id, name: `Notebook ${id}` })), notes }, hubs: [focus] };
    });
}

/** Corrupt data around the focus note, where it matters most. */
const CORRUPTIONS = [
  ...['none', 'none', 'none', 'none'],
  ...['selfObject', 'selfObject', 'selfObject', 'selfParent', 'cycle', 'objectIsChild', 'parentSelfParent'],
] as const;
type Corruption = (typeof CORRUPTIONS)[number];

function corrupt(fixture: Fixture, focus: number, corruption: Corruption, visible: (note: NoteData) => boolean): Fixture {
  const focusNote = fixture.notes.find((note) => note.id === focus);
  const child = fixture.notes.find((note) => note.parentId === focus && note.id !== focus && visible(note));
  if (focusNote === undefined || corruption === 'none') return fixture;
  if (corruption === 'parentSelfParent') {
    // The focus note becomes a sibling of its own parent: a ParentSibling candidate.
    const parentId = focusNote.parentId;
    return { ...fixture, notes: fixture.notes.map((note) => (note.id === parentId ? { ...note, parentId } : note)) };
  }
  const changed: NoteData = { ...focusNote };
  if (corruption === 'selfObject' && (child || focusNote.parentId !== undefined)) Object.assign(changed, { objectId: focus });
  if (corruption === 'selfParent' && child) Object.assign(changed, { parentId: focus });
  if (corruption === 'cycle' && child) Object.assign(changed, { parentId: child.id });
  if (corruption === 'objectIsChild' && child) Object.assign(changed, { objectId: child.id });
  return { ...fixture, notes: fixture.notes.map((note) => (note.id === focus ? changed : note)) };
}

/** Readable notebooks: mostly all, else a subset, mostly with notebook 1 (where most notes are). */
const readable = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom<number[]>([1], [1, 2], [1, 3], [1, 2, 3]) },
  { weight: 1, arbitrary: fc.constantFrom<number[]>([2], [3], [2, 3]) },
);

const idOf = (uriAndTitle: string) => Number(/\(\/n(\d+)\)$/.exec(uriAndTitle)![1]);

/**
 * Random notebooks (corrupt ones, hubs, dense referrings), a focus among the visible notes (now
 * and then an invisible or missing one), readable subsets, exclude pages drawn from what an
 * unlimited build returns, and budgets both loose and tight, some of them exactly used up.
 */
export function referenceScenario(tokenizers: readonly ReferenceTokenizer[]): fc.Arbitrary<ReferenceScenario> {
  const source = fc.oneof(
    { weight: 2, arbitrary: randomNotebook().map((fixture) => ({ fixture, hubs: [] as number[] })) },
    { weight: 2, arbitrary: referringNotebook() },
    { weight: 3, arbitrary: fanOutNotebook() },
    { weight: 1, arbitrary: notebookWithHub().map(({ fixture, hub, referred }) => ({ fixture, hubs: [hub, referred] })) },
  );
  return source.chain(({ fixture, hubs }) =>
    fc
      .record({
        readable: readable,
        focusKind: fc.noBias(fc.integer({ min: 0, max: 99 })),
        focusIndex: fc.noBias(fc.nat()),
        corruption: fc.constantFrom(...CORRUPTIONS),
        truncate: fc.constantFrom(0, 4, 30, 1000),
        tokenizer: fc.constantFrom(...tokenizers),
        format: fc.constantFrom<'json' | 'prompt'>('json', 'prompt'),
        exclude: fc.option(
          fc.record({ keep: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), odd: fc.subarray(['focus', 'missing', 'invisible'] as const) }),
          { freq: 3 },
        ),
        budgetKind: fc.noBias(fc.integer({ min: 0, max: 99 })),
        percent: fc.noBias(fc.integer({ min: 20, max: 100 })),
        extra: fc.noBias(fc.integer({ min: 0, max: 60 })),
      })
      .map((picks): ReferenceScenario => {
        // A visible note linked to at least one other visible note, so that builds are not empty;
        // when a readable subset leaves no such note, every notebook is readable instead.
        const byId = new Map(fixture.notes.map((note) => [note.id, note]));
        const linkedUnder = (readable: number[] | undefined) => {
          const visible = (note: NoteData) => note.deletedAt === undefined && (readable === undefined || readable.includes(note.notebookId));
          const linked = new Set<number>();
          for (const note of fixture.notes.filter(visible)) {
            for (const other of [byId.get(note.parentId ?? 0), byId.get(note.objectId ?? 0)]) {
              if (other === undefined || !visible(other) || other.id === note.id) continue;
              linked.add(note.id);
              linked.add(other.id);
            }
          }
          return { visible, linked: [...linked].sort((a, b) => a - b) };
        };
        const readable = linkedUnder(picks.readable).linked.length > 0 ? picks.readable : undefined;
        const { visible, linked } = linkedUnder(readable);
        const linkedHubs = hubs.filter((id) => linked.includes(id));
        const anyVisible = fixture.notes.filter(visible).map((note) => note.id);
        let focus: number;
        if (picks.focusKind < 5 || anyVisible.length === 0) focus = 1 + (picks.focusIndex % (fixture.notes.length + 2));
        else if (linked.length === 0) focus = anyVisible[picks.focusIndex % anyVisible.length]!;
        else if (picks.focusKind < 45 && linkedHubs.length > 0) focus = linkedHubs[picks.focusIndex % linkedHubs.length]!;
        else focus = linked[picks.focusIndex % linked.length]!;
        const corrupted = corrupt(fixture, focus, picks.corruption, visible);

        const base: ReferenceOptions & { focus: number } = {
          focus,
          budget: UNLIMITED,
          tokenizer: 'one-per-note',
          truncate: picks.truncate,
          ...(readable && { readableNotebooks: readable }),
        };
        const unlimited = referenceBuild(corrupted, base);
        const finish = (budget: number, exclude?: number[]): ReferenceScenario => ({
          fixture: corrupted,
          options: {
            ...base,
            budget,
            tokenizer: picks.tokenizer,
            ...(exclude && { exclude }),
            ...(picks.tokenizer !== 'one-per-note' && picks.tokenizer !== 'estimate' && { format: picks.format }),
          },
        });
        if (unlimited === 'NoteNotFound') return finish(picks.extra);

        let exclude: number[] | undefined;
        if (picks.exclude) {
          const returned = unlimited.result.relatedNotes.map((note) => idOf(note.uriAndTitle));
          const { keep, odd } = picks.exclude;
          exclude = returned.filter((_, index) => keep[index % keep.length]);
          // Leave something to return: a page after the last one is empty and tells little.
          if (exclude.length === returned.length) exclude.pop();
          if (odd.includes('focus')) exclude.push(focus);
          if (odd.includes('missing')) exclude.push(fixture.notes.length + 50);
          const invisible = fixture.notes.find((note) => !visible(note));
          if (odd.includes('invisible') && invisible) exclude.push(invisible.id);
        }
        const withExclude = { ...base, ...(exclude && { exclude }) };

        if (picks.budgetKind < 1) return finish(0, exclude);
        if (picks.tokenizer === 'one-per-note') {
          const count = (referenceBuild(corrupted, withExclude) as { result: { relatedNotes: unknown[] } }).result.relatedNotes.length;
          // Mostly at most what is reachable, so that remaining reaches 0.
          if (picks.budgetKind < 75) return finish(Math.max(1, Math.round((picks.percent / 100) * count)), exclude);
          return finish(count + picks.extra, exclude);
        }
        const estimated = (budget: number) => referenceBuild(corrupted, { ...withExclude, budget, tokenizer: 'estimate' }) as ReferenceOutcome;
        const full = estimated(UNLIMITED);
        // Tight budgets, but mostly enough for the first note.
        const tight = Math.max(Math.floor((full.used * picks.percent) / 100), full.trace.addedCosts[0] ?? 1);
        if (picks.budgetKind < 4) return finish(1 + picks.extra, exclude);
        if (picks.budgetKind < 45) return finish(tight, exclude);
        // What a tighter build used: a budget that is spent exactly, so remaining reaches 0.
        if (picks.budgetKind < 75) return finish(estimated(tight).used || full.used, exclude);
        return finish(full.used + picks.extra, exclude);
      }),
  );
}
