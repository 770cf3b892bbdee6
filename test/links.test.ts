import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContext, NoteNotFound, type BuildOptions, type GraphRAGResult } from '../src/index.js';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { linkedNotebook } from './support/linked-notebook.js';
import { readableNotebooks, storableInPostgres } from './support/random-notebook.js';
import { firstInvisibleFocus, referenceBuild, type ReferenceOptions, type ReferenceOutcome, type Relation } from './support/reference-build.js';
import { referenceLinkedNotes, referenceMatches, referenceTargets } from './support/reference-links.js';
import { memoryStoreKind, mysqlStoreKind, plainStoreKind, postgresStoreKind, type StoreKind } from './support/store-kinds.js';

/**
 * Spec section 10 (links between notes): the library, through its public API and on every store,
 * against the independent reference (test/support/reference-build.ts), on notebooks whose notes
 * link to each other in every way section 10 tells apart. The counts below show the generators
 * reach each case links bring.
 */

const LINK_RELATIONS = ['LinkedNote', 'LinkingNote', 'LinkedNoteLink'] as const;
const TREE_RELATIONS: readonly Relation[] = [
  'Parent', 'Object', 'Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote', 'NoteInContextualPath', 'NoteInObjectContextualPath',
  'ParentSibling', 'ObjectParentSibling', 'ReifiedChildObject', 'ReferringSubject', 'ParentSiblingChild', 'ObjectParentSiblingChild',
  'NoteInReferringContextualPath', 'ReferringCousin',
];

interface Scenario {
  readonly fixture: Fixture;
  readonly options: ReferenceOptions;
}

const TOKENIZER_GROUPS = [['one-per-note', 'estimate'], ['o200k'], ['cl100k']] as const;

function scenario(tokenizers: readonly ReferenceOptions['tokenizer'][]): fc.Arbitrary<Scenario> {
  return linkedNotebook(16).chain((fixture) => {
    const ids = fixture.notes.map((note) => note.id);
    return fc
      .record({
        // A list of foci needs two notes at least.
        focus: ids.length < 2
          ? fc.constantFrom(...ids)
          : fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...ids) },
              { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...ids), { minLength: 2, maxLength: 3 }) },
            ),
        budget: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 60, max: 400 }), fc.constant(2_000)),
        tokenizer: fc.constantFrom(...tokenizers),
        truncate: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 }) }),
        format: fc.constantFrom('json' as const, 'prompt' as const),
        fit: fc.constantFrom('skip' as const, 'shorten' as const, 'shorten' as const),
        // Often a few readable notebooks, where resolutions change.
        readableNotebooks: fc.oneof(readableNotebooks, fc.subarray([1, 2, 3], { minLength: 1, maxLength: 2 })),
        // Mostly `links: true`; else no links, or a list of relations that names link relations.
        links: fc.oneof(
          { weight: 4, arbitrary: fc.constant({ links: true }) },
          { weight: 1, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.subarray([...TREE_RELATIONS, ...LINK_RELATIONS], { minLength: 1 }).map((relations) => ({ relations })) },
        ),
      })
      .map(({ links, truncate, readableNotebooks: readable, ...rest }) => ({
        fixture,
        options: {
          ...rest,
          ...links,
          ...(truncate !== undefined && { truncate }),
          ...(readable && { readableNotebooks: readable }),
        } as ReferenceOptions,
      }));
  });
}

/** The cases links bring, counted over the reference's outcomes of the builds compared. */
class LinkReach {
  builds = 0;
  readonly added = new Map<string, number>(LINK_RELATIONS.map((relation) => [relation, 0]));
  sameNotebookDecided = 0;
  readableChangedResolution = 0;
  dangling = 0;
  duplicateThroughLink = 0;
  shortenedLink = 0;
  twoFociShareLinked = 0;

  count({ fixture, options }: Scenario, outcome: ReferenceOutcome<unknown> | 'NoteNotFound'): void {
    if (outcome === 'NoteNotFound') return;
    this.builds++;
    const byId = new Map(fixture.notes.map((note) => [note.id, note]));
    const readable = options.readableNotebooks && new Set(options.readableNotebooks);
    const visible = fixture.notes.filter((note) => note.deletedAt === undefined && (!readable || readable.has(note.notebookId)));
    const undeleted = fixture.notes.filter((note) => note.deletedAt === undefined);
    const foci = [options.focus].flat().map((id) => byId.get(id)!);
    for (const piece of outcome.added) {
      if (piece.kind !== 'note' || !(LINK_RELATIONS as readonly string[]).includes(piece.relation)) continue;
      this.added.set(piece.relation, this.added.get(piece.relation)! + 1);
      if (piece.shortened) this.shortenedLink++;
      const note = byId.get(Number(piece.uri.slice(2)))!;
      // The linking note and the note its link resolved to.
      const focus = piece.focus === undefined ? foci[0]! : byId.get(Number(piece.focus.slice(2)))!;
      const [linking, target] =
        piece.relation === 'LinkingNote' ? [note, focus] : piece.relation === 'LinkedNote' ? [focus, note] : [byId.get(Number(piece.via!.slice(2)))!, note];
      if (target.notebookId === linking.notebookId && visible.some((other) => namesakes(other, target) && other.id < target.id && other.notebookId !== linking.notebookId)) {
        this.sameNotebookDecided++;
      }
    }
    const links = outcome.trace.duplicates;
    if (LINK_RELATIONS.some((relation) => (links.get(relation) ?? 0) > 0)) this.duplicateThroughLink++;
    const linkedOf = (note: NoteData, among: readonly NoteData[]) => referenceLinkedNotes(note, among).map((linked) => linked.id);
    if (readable && foci.some((focus) => linkedOf(focus, visible).join() !== linkedOf(focus, undeleted).join())) this.readableChangedResolution++;
    if (foci.some((focus) => referenceTargets(focus.details).some((target) => !visible.some((other) => referenceMatches(target, other.title))))) this.dangling++;
    if (foci.length > 1) {
      const sets = foci.map((focus) => new Set(linkedOf(focus, visible)));
      if (sets.some((a, i) => sets.some((b, j) => i < j && [...a].some((id) => b.has(id))))) this.twoFociShareLinked++;
    }
  }

  toString(): string {
    return `${this.builds} builds; added ${[...this.added].map(([relation, count]) => `${relation} ${count}`).join(', ')}; same notebook deciding ${this.sameNotebookDecided}, readable notebooks changing a resolution ${this.readableChangedResolution}, dangling ${this.dangling}, duplicate through a link ${this.duplicateThroughLink}, link relation shortened ${this.shortenedLink}, two foci sharing a linked note ${this.twoFociShareLinked}`;
  }
}

/** Whether `other`'s title matches `note`'s, as a link to one would match the other. */
const namesakes = (other: NoteData, note: NoteData) => referenceMatches(note.title.replace(/^ +| +$/g, ''), other.title);

/** A build that never ends fails the run instead of holding the suite. */
function withTimeout<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`build did not finish in ${ms} ms`)), ms).unref()),
  ]);
}

function libraryOptions({ options }: Scenario): BuildOptions {
  return options as unknown as BuildOptions;
}

/** Builds with the library on `kind` and compares result, used, focusCost, skipped and the ledger with the reference. */
async function compare(kind: StoreKind, drawn: Scenario, reach: LinkReach): Promise<void> {
  const scenario = kind.name === 'memory' || kind.name.startsWith('plain') ? drawn : { ...drawn, fixture: storableInPostgres(drawn.fixture) };
  const expected = referenceBuild(scenario.fixture, scenario.options as ReferenceOptions & { focus: number });
  reach.count(scenario, expected);
  const built = withTimeout(buildContext(await kind.load(scenario.fixture), libraryOptions(scenario)));
  if (expected === 'NoteNotFound') {
    const error = await built.then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(NoteNotFound);
    expect((error as NoteNotFound).noteId).toBe(firstInvisibleFocus(scenario.fixture, scenario.options));
    return;
  }
  const { result, report } = await built;
  expect(JSON.stringify(result as GraphRAGResult)).toBe(JSON.stringify(expected.result));
  expect(report.used).toBe(expected.used);
  expect(report.focusCost).toBe(expected.focusCost);
  expect(report.skipped).toEqual(expected.skipped);
  expect(report.added).toEqual(expected.added);
}

const RUNS = { memory: [500, 150, 60], sql: [40, 15, 10] } as const;

describe('links between notes: buildContext matches the reference (spec section 10)', () => {
  const reach = new LinkReach();
  for (const kind of [memoryStoreKind(), plainStoreKind(), mysqlStoreKind(), postgresStoreKind()]) {
    describe(kind.name, () => {
      afterAll(() => kind.dispose());
      TOKENIZER_GROUPS.forEach((tokenizers, group) => {
        const runs = RUNS[kind.name === 'memory' || kind.name.startsWith('plain') ? 'memory' : 'sql'][group]!;
        it(`${tokenizers.join(' and ')}: links, relations naming them, readable notebooks, fit both ways, one focus or several (${runs} runs)`, async () => {
          await fc.assert(
            fc.asyncProperty(scenario(tokenizers), (drawn) => compare(kind, drawn, reach)),
            { numRuns: runs },
          );
        });
      });
    });
  }

  it('the runs above reached every case links bring', () => {
    console.log(`links against the reference: ${reach}`);
    // About half of what the seeded runs reach.
    const least = { LinkedNote: 80, LinkingNote: 50, LinkedNoteLink: 20 };
    for (const relation of LINK_RELATIONS) expect(reach.added.get(relation), relation).toBeGreaterThanOrEqual(least[relation]);
    expect(reach.sameNotebookDecided).toBeGreaterThanOrEqual(12);
    expect(reach.readableChangedResolution).toBeGreaterThanOrEqual(18);
    expect(reach.dangling).toBeGreaterThanOrEqual(250);
    expect(reach.duplicateThroughLink).toBeGreaterThanOrEqual(60);
    expect(reach.shortenedLink).toBeGreaterThanOrEqual(4);
    expect(reach.twoFociShareLinked).toBeGreaterThanOrEqual(10);
  });
});

describe('links: bad input builds within the deadline, exactly (the memory store)', () => {
  const build = (fixture: Fixture, focus: number, budget = 1_000_000) =>
    buildContext(new MemoryNoteStore(fixture), { focus, budget, tokenizer: 'one-per-note', links: true, timeoutMs: 30_000 });
  const related = (outcome: Awaited<ReturnType<typeof build>>) => outcome.result.relatedNotes.map((note) => `${note.relationToFocusNote} ${note.uriAndTitle}`);

  it('16 MB of details: links at the start, in the middle and at the end are all found, and the note links to itself', async () => {
    const filler = 'x'.repeat(8 * 1024 * 1024 - 20);
    const fixture = {
      notebooks: [{ id: 1, name: 'N' }],
      notes: [
        { id: 1, title: 'Big', notebookId: 1, siblingOrder: 1, details: `[[Start]]${filler}[[middle]]${filler}[[ END |the end]][[Big]]` },
        { id: 2, title: 'Start', notebookId: 1, siblingOrder: 2 },
        { id: 3, title: 'Middle', notebookId: 1, siblingOrder: 3 },
        { id: 4, title: 'End', notebookId: 1, siblingOrder: 4, details: 'see [[Big]]' },
      ],
    };
    // Tier 1 takes the three linked notes (the self link is passed over); tier 2, End linking back.
    expect(related(await build(fixture, 1))).toEqual(['LinkedNote [Start](/n2)', 'LinkedNote [Middle](/n3)', 'LinkedNote [End](/n4)']);
    // End's LinkingNote is Big: a note reached as LinkedNote already, so it is not added twice.
    expect(related(await build(fixture, 4))).toEqual(['LinkedNote [Big](/n1)', 'LinkedNoteLink [Start](/n2)', 'LinkedNoteLink [Middle](/n3)']);
  });

  it('10,000 links in one note, 10,000 notes of one title, and a cycle A → B → A', async () => {
    const notes = [
      { id: 1, title: 'Hub', notebookId: 1, siblingOrder: 1, details: Array.from({ length: 10_000 }, (_, i) => `[[T${i}]]`).join(' ') },
      ...Array.from({ length: 10_000 }, (_, i) => ({ id: 2 + i, title: `T${i}`, notebookId: 1, siblingOrder: 2 + i })),
      // 10,000 notes titled Same: the smallest id in the linking note's notebook wins.
      ...Array.from({ length: 10_000 }, (_, i) => ({ id: 20_002 + i, title: 'Same', notebookId: 2 + (i % 2), siblingOrder: i })),
      { id: 40_002, title: 'A', notebookId: 3, siblingOrder: 1, details: '[[Same]] [[B]]' },
      { id: 40_003, title: 'B', notebookId: 3, siblingOrder: 2, details: '[[A]]' },
    ];
    const fixture = { notebooks: [1, 2, 3].map((id) => ({ id, name: `N${id}` })), notes };
    const hub = await build(fixture, 1, 5);
    expect(related(hub)).toEqual(['LinkedNote [T0](/n2)', 'LinkedNote [T1](/n3)', 'LinkedNote [T2](/n4)', 'LinkedNote [T3](/n5)', 'LinkedNote [T4](/n6)']);
    const unlimited = await build(fixture, 1);
    expect(unlimited.result.relatedNotes).toHaveLength(10_000);
    // A is in notebook 3, whose smallest Same is 20,003 (20,002 is in notebook 2). B links back to
    // A: as LinkingNote it is already in the result, and as LinkedNoteLink it offers A, the focus.
    expect(related(await build(fixture, 40_002))).toEqual(['LinkedNote [Same](/n20003)', 'LinkedNote [B](/n40003)']);
  });
});

