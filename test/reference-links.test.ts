import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkedNotesOf } from '../src/links/linked-notes-of.js';
import { linksTo } from './support/links-to.js';
import type { Fixture } from '../src/store/memory/fixture.js';
import { linkedNotebook } from './support/linked-notebook.js';
import { notebook } from './support/notebook-builder.js';
import { randomNotebook, readableNotebooks } from './support/random-notebook.js';
import { REFERENCE_LINK_RELATIONS, referenceBuild, type ReferenceOutcome, type Relation } from './support/reference-build.js';

/**
 * The reference itself on spec section 10: small notebooks whose walks were worked out by hand
 * from the spec (with `one-per-note`, and `estimate` whose costs are counted from the JSON bytes
 * written out below), so that the reference the library is compared with is pinned.
 */

const UNLIMITED = 1_000_000;

function built<R>(outcome: ReferenceOutcome<R> | 'NoteNotFound'): ReferenceOutcome<R> {
  if (outcome === 'NoteNotFound') throw new Error('the focus should be visible');
  return outcome;
}

/**
 * Root 1 ← Focus 2 ← Child 3. The focus links to Energy 10, Mass 11 and Nothing (no such note);
 * Energy links to Heat 12, Mass to Heat and Force 13; Reader 20 and Another reader 21 link to the
 * focus. Every note is in notebook 1.
 */
const linked = () =>
  notebook()
    .n(1, { title: 'Root' })
    .n(2, { title: 'Focus', parentId: 1, details: '[[Energy]] [[mass]] [[Nothing]]' })
    .n(3, { title: 'Child', parentId: 2 })
    .n(10, { title: 'Energy', details: '[[Heat]]' })
    .n(11, { title: 'Mass', details: '[[Heat]] [[Force]]' })
    .n(12, { title: 'Heat' })
    .n(13, { title: 'Force' })
    .n(20, { title: 'Reader', details: 'see [[focus]]' })
    .n(21, { title: 'Another reader', details: '[[ Focus |the focus]]' })
    .fixture();

const root = { uriAndTitle: '[Root](/n1)', relationToFocusNote: 'Parent' };
const child = { uriAndTitle: '[Child](/n3)', parentUriAndTitle: '[Focus](/n2)', relationToFocusNote: 'Child' };
const energy = { uriAndTitle: '[Energy](/n10)', details: '[[Heat]]', relationToFocusNote: 'LinkedNote' };
const mass = { uriAndTitle: '[Mass](/n11)', details: '[[Heat]] [[Force]]', relationToFocusNote: 'LinkedNote' };
const reader = { uriAndTitle: '[Reader](/n20)', details: 'see [[focus]]', relationToFocusNote: 'LinkingNote' };
const anotherReader = { uriAndTitle: '[Another reader](/n21)', details: '[[ Focus |the focus]]', relationToFocusNote: 'LinkingNote' };
const heat = { uriAndTitle: '[Heat](/n12)', relationToFocusNote: 'LinkedNoteLink' };
const force = { uriAndTitle: '[Force](/n13)', relationToFocusNote: 'LinkedNoteLink' };

describe('the link relations', () => {
  /*
   * Turn 1. Tier 1 (quota 4): Parent 1; Object has none; LinkedNote 10 (feeds LinkedNoteLink with
   * Heat); Parent has no more; LinkedNote 11 (feeds Heat, Force); LinkedNote has no more. Tier 2
   * (quota 3): Child 3; the five others have none; LinkingNote 20; Child has no more; LinkingNote
   * 21, the quota. Tier 3 (quota 2): ParentSibling and ObjectParentSibling have none,
   * ReifiedChildObject's anchor 3 offers nothing; LinkedNoteLink: anchor 10 gives Heat 12, anchor
   * 11 gives Heat again (a duplicate: no entry), anchor 10 is dropped, anchor 11 gives Force 13.
   * Turn 2: LinkingNote and LinkedNoteLink have none. Nothing, dangling, is no link.
   */
  it('all three, each in its tier after the relations of section 3, LinkedNoteLink carrying via', () => {
    const outcome = built(referenceBuild(linked(), { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([root, energy, mass, child, reader, anotherReader, heat, force]);
    expect(outcome.added).toEqual([
      { uri: '/n1', relation: 'Parent', cost: 1, kind: 'note' },
      { uri: '/n10', relation: 'LinkedNote', cost: 1, kind: 'note' },
      { uri: '/n11', relation: 'LinkedNote', cost: 1, kind: 'note' },
      { uri: '/n3', relation: 'Child', cost: 1, kind: 'note' },
      { uri: '/n20', relation: 'LinkingNote', cost: 1, kind: 'note' },
      { uri: '/n21', relation: 'LinkingNote', cost: 1, kind: 'note' },
      { uri: '/n12', relation: 'LinkedNoteLink', cost: 1, kind: 'note', via: '/n10' },
      { uri: '/n13', relation: 'LinkedNoteLink', cost: 1, kind: 'note', via: '/n11' },
    ]);
    // Link relations have no focus list: the focus note is as without links.
    expect(outcome.result.focusNote).toEqual({
      uriAndTitle: '[Focus](/n2)',
      details: '[[Energy]] [[mass]] [[Nothing]]',
      parentUriAndTitle: '[Root](/n1)',
      relationToFocusNote: 'Self',
      contextualPath: ['[Root](/n1)'],
      children: ['[Child](/n3)'],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: [],
    });
  });

  it('without links the build is that of sections 1–9', () => {
    for (const links of [undefined, false]) {
      const outcome = built(referenceBuild(linked(), { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', ...(links !== undefined && { links }) }));
      expect(outcome.result.relatedNotes).toEqual([root, child]);
    }
  });

  it('a link relation named in relations is used whatever links says, and links adds all three to a relations list', () => {
    const named = built(referenceBuild(linked(), { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', relations: ['LinkedNote', 'Parent'], links: false }));
    // LinkedNoteLink is left out, so nothing reaches Heat or Force.
    expect(named.result.relatedNotes).toEqual([root, energy, mass]);
    // LinkedNoteLink alone is fed by nothing.
    const alone = built(referenceBuild(linked(), { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', relations: ['LinkedNoteLink'] }));
    expect(alone.result.relatedNotes).toEqual([]);
    // Child and the three link relations: tier 1 gives the two linked notes, tier 2 Child 3,
    // LinkingNote 20 and, Child having none left, 21; tier 3 Heat, Heat again, Force.
    const joined = built(referenceBuild(linked(), { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', relations: ['Child'], links: true }));
    expect(joined.result.relatedNotes).toEqual([energy, mass, child, reader, anotherReader, heat, force]);
  });

  /*
   * Root 1 ← Focus 2 (object 30), which links to L1 41, L2 42 and L3 43; Linker 50 links to it.
   * Turn 1, tier 1: Parent 1, Object 30, LinkedNote 41, (Parent and Object have none) LinkedNote
   * 42: the quota of 4. Tier 2: LinkingNote 50. Tier 3: the anchors 41 and 42 offer nothing.
   * Turn 2, tier 1: LinkedNote 43, where the rotation left off.
   */
  it('tier 1 rotates Parent, Object, LinkedNote with a quota of 4 a turn', () => {
    const fixture = notebook()
      .n(1, { title: 'Root' })
      .n(2, { title: 'Focus', parentId: 1, objectId: 30, details: '[[L1]] [[L2]] [[L3]]' })
      .n(30, { title: 'Object' })
      .n(41, { title: 'L1' })
      .n(42, { title: 'L2' })
      .n(43, { title: 'L3' })
      .n(50, { title: 'Linker', details: '[[Focus]]' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([
      root,
      { uriAndTitle: '[Object](/n30)', relationToFocusNote: 'Object' },
      { uriAndTitle: '[L1](/n41)', relationToFocusNote: 'LinkedNote' },
      { uriAndTitle: '[L2](/n42)', relationToFocusNote: 'LinkedNote' },
      { uriAndTitle: '[Linker](/n50)', details: '[[Focus]]', relationToFocusNote: 'LinkingNote' },
      { uriAndTitle: '[L3](/n43)', relationToFocusNote: 'LinkedNote' },
    ]);
  });
});

describe('resolution', () => {
  /**
   * Focus 1 (notebook 1) links to Energy. Matching titles: energy 2 (notebook 2), Energy 3
   * (notebook 3), Energy 4 (notebook 1, deleted) and, in the first fixture, `ENERGY ` 6
   * (notebook 1).
   */
  const energies = (withSix: boolean) => {
    const builder = notebook()
      .n(1, { title: 'Focus', details: '[[Energy]]' })
      .n(2, { title: 'energy', notebookId: 2 })
      .n(3, { title: 'Energy', notebookId: 3 })
      .n(4, { title: 'Energy', deletedAt: '2026-01-01' });
    return (withSix ? builder.n(6, { title: 'ENERGY ' }) : builder).fixture();
  };
  const linkedFrom = (fixture: ReturnType<typeof energies>, readableNotebooks?: number[]) =>
    built(referenceBuild(fixture, { focus: 1, budget: UNLIMITED, tokenizer: 'one-per-note', links: true, ...(readableNotebooks && { readableNotebooks }) })).result
      .relatedNotes;

  it('prefers the linking note’s notebook over smaller ids elsewhere; a deleted note is no candidate', () => {
    expect(linkedFrom(energies(true))).toEqual([{ uriAndTitle: '[ENERGY ](/n6)', relationToFocusNote: 'LinkedNote' }]);
  });

  it('falls back to the smallest id anywhere, among the notebooks the viewer may read', () => {
    expect(linkedFrom(energies(false))).toEqual([{ uriAndTitle: '[energy](/n2)', relationToFocusNote: 'LinkedNote' }]);
    expect(linkedFrom(energies(false), [1, 2, 3])).toEqual([{ uriAndTitle: '[energy](/n2)', relationToFocusNote: 'LinkedNote' }]);
    expect(linkedFrom(energies(false), [1, 3])).toEqual([{ uriAndTitle: '[Energy](/n3)', relationToFocusNote: 'LinkedNote' }]);
    // Only the deleted note matches in notebook 1: the link dangles.
    expect(linkedFrom(energies(false), [1])).toEqual([]);
  });

  /*
   * Focus 2 (notebook 1); focus 1 is in notebook 2. Reader 3 (notebook 3) has no match at home and
   * resolves to the smallest id it can see; Reader 4 (notebook 1) resolves to the focus; Reader 5
   * (notebook 2) to note 1, at home.
   */
  it('a linking note is one whose link resolves to the focus, which the readable notebooks can change', () => {
    const fixture = notebook()
      .n(1, { title: 'focus', notebookId: 2 })
      .n(2, { title: 'Focus' })
      .n(3, { title: 'Reader', notebookId: 3, details: '[[Focus]]' })
      .n(4, { title: 'Reader', details: '[[FOCUS]]' })
      .n(5, { title: 'Reader', notebookId: 2, details: '[[focus ]]' })
      .fixture();
    const fourth = { uriAndTitle: '[Reader](/n4)', details: '[[FOCUS]]', relationToFocusNote: 'LinkingNote' };
    const every = built(referenceBuild(fixture, { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(every.result.relatedNotes).toEqual([fourth]);
    const fewer = built(referenceBuild(fixture, { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', links: true, readableNotebooks: [1, 3] }));
    expect(fewer.result.relatedNotes).toEqual([{ uriAndTitle: '[Reader](/n3)', details: '[[Focus]]', relationToFocusNote: 'LinkingNote' }, fourth]);
  });
});

describe('duplicates, self links and cycles', () => {
  /*
   * Energy 1 ← Focus 2, which links to its parent; Energy links to Heat 4. Tier 1: Parent 1, then
   * LinkedNote offers 1 again: a duplicate, no entry, but it feeds LinkedNoteLink. Tier 3:
   * LinkedNoteLink gives Heat 4 through 1.
   */
  it('a duplicate through a link records nothing and still feeds LinkedNoteLink', () => {
    const fixture = notebook()
      .n(1, { title: 'Energy', details: '[[Heat]]' })
      .n(2, { title: 'Focus', parentId: 1, details: '[[energy]]' })
      .n(4, { title: 'Heat' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: 2, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([
      { uriAndTitle: '[Energy](/n1)', details: '[[Heat]]', relationToFocusNote: 'Parent' },
      { uriAndTitle: '[Heat](/n4)', relationToFocusNote: 'LinkedNoteLink' },
    ]);
    expect(outcome.added).toEqual([
      { uri: '/n1', relation: 'Parent', cost: 1, kind: 'note' },
      { uri: '/n4', relation: 'LinkedNoteLink', cost: 1, kind: 'note', via: '/n1' },
    ]);
  });

  /*
   * Loop 1 links to itself and to Other 2, which links back. LinkedNote: 1 (the focus, passed
   * over: it feeds nothing), then 2. LinkingNote: 1 (passed over), 2 (a duplicate). LinkedNoteLink
   * through 2: 1, the focus, passed over.
   */
  it('a self link is passed over', () => {
    const fixture = notebook()
      .n(1, { title: 'Loop', details: '[[loop]] [[Other]]' })
      .n(2, { title: 'Other', details: '[[Loop]]' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: 1, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([{ uriAndTitle: '[Other](/n2)', details: '[[Loop]]', relationToFocusNote: 'LinkedNote' }]);
    expect(outcome.added).toEqual([{ uri: '/n2', relation: 'LinkedNote', cost: 1, kind: 'note' }]);
  });

  /*
   * A 1 → B 2 → A and C 3; C → A and B. LinkedNote: B. LinkingNote: B (a duplicate), C.
   * LinkedNoteLink through B: A (the focus, passed over), C (a duplicate). The walk ends.
   */
  it('a cycle A → B → A ends', () => {
    const fixture = notebook()
      .n(1, { title: 'A', details: '[[B]]' })
      .n(2, { title: 'B', details: '[[A]] [[C]]' })
      .n(3, { title: 'C', details: '[[A]] [[B]]' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: 1, budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([
      { uriAndTitle: '[B](/n2)', details: '[[A]] [[C]]', relationToFocusNote: 'LinkedNote' },
      { uriAndTitle: '[C](/n3)', details: '[[A]] [[B]]', relationToFocusNote: 'LinkingNote' },
    ]);
  });
});

describe('links with the options of section 9', () => {
  /*
   * Focus 1 links to T 2, whose details are `abcdefghij`. As a LinkedNote, T is
   * {"uriAndTitle":"[T](/n2)","details":"abcdefghij","relationToFocusNote":"LinkedNote"}: 84 bytes,
   * ceil(85 / 3.75) = 23 tokens with `estimate`. Cut to L code points and `...` it is 77 + L
   * bytes, ceil((78 + L) / 3.75) tokens: 22 up to L = 4, 23 from L = 5.
   */
  const shortenable = () =>
    notebook()
      .n(1, { title: 'Focus', details: '[[T]]' })
      .n(2, { title: 'T', details: 'abcdefghij' })
      .fixture();

  it('fit: shorten cuts a linked note to the longest prefix that fits', () => {
    const outcome = built(referenceBuild(shortenable(), { focus: 1, budget: 22, tokenizer: 'estimate', links: true, fit: 'shorten' }));
    expect(outcome.result.relatedNotes).toEqual([{ uriAndTitle: '[T](/n2)', details: 'abcd...', relationToFocusNote: 'LinkedNote' }]);
    expect(outcome.added).toEqual([{ uri: '/n2', relation: 'LinkedNote', cost: 22, kind: 'note', shortened: true }]);
    expect(outcome.used).toBe(22);
    const skipping = built(referenceBuild(shortenable(), { focus: 1, budget: 22, tokenizer: 'estimate', links: true }));
    expect(skipping.result.relatedNotes).toEqual([]);
    expect(skipping.skipped).toEqual([{ uri: '/n2', relation: 'LinkedNote', cost: 23 }]);
  });

  it('the whole details are read for links, not what a related note shows', () => {
    // Middle 2 shows 3 code points; its link to Deep 3 lies beyond them, and LinkedNoteLink still finds it.
    const fixture = notebook()
      .n(1, { title: 'Focus', details: '[[Middle]]' })
      .n(2, { title: 'Middle', details: 'abcdef [[Deep]]' })
      .n(3, { title: 'Deep' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: 1, budget: UNLIMITED, tokenizer: 'one-per-note', links: true, truncate: 3 }));
    expect(outcome.result.relatedNotes).toEqual([
      { uriAndTitle: '[Middle](/n2)', details: 'abc...', relationToFocusNote: 'LinkedNote' },
      { uriAndTitle: '[Deep](/n3)', relationToFocusNote: 'LinkedNoteLink' },
    ]);
  });

  /*
   * A 1 links to Shared 3; B 2 links to Shared and Other 4; Shared links to Deep 5. Focus A, tier
   * 1: LinkedNote 3; tier 3: LinkedNoteLink 5 through 3. Focus B, tier 1: LinkedNote 3 again (a
   * duplicate: it feeds B's LinkedNoteLink), then 4; tier 3: 5 through 3, a duplicate.
   */
  it('two foci share a linked note: the second meets it as a duplicate', () => {
    const fixture = notebook()
      .n(1, { title: 'A', details: '[[Shared]]' })
      .n(2, { title: 'B', details: '[[shared]] [[Other]]' })
      .n(3, { title: 'Shared', details: '[[Deep]]' })
      .n(4, { title: 'Other' })
      .n(5, { title: 'Deep' })
      .fixture();
    const outcome = built(referenceBuild(fixture, { focus: [1, 2], budget: UNLIMITED, tokenizer: 'one-per-note', links: true }));
    expect(outcome.result.relatedNotes).toEqual([
      { uriAndTitle: '[Shared](/n3)', details: '[[Deep]]', relationToFocusNote: 'LinkedNote', focus: '/n1' },
      { uriAndTitle: '[Deep](/n5)', relationToFocusNote: 'LinkedNoteLink', focus: '/n1' },
      { uriAndTitle: '[Other](/n4)', relationToFocusNote: 'LinkedNote', focus: '/n2' },
    ]);
    expect(outcome.added).toEqual([
      { uri: '/n3', relation: 'LinkedNote', cost: 1, kind: 'note', focus: '/n1' },
      { uri: '/n5', relation: 'LinkedNoteLink', cost: 1, kind: 'note', via: '/n3', focus: '/n1' },
      { uri: '/n4', relation: 'LinkedNote', cost: 1, kind: 'note', focus: '/n2' },
    ]);
  });
});

describe('properties of the reference with links', () => {
  const visibleOf = (fixture: Fixture, readable: number[] | undefined) =>
    fixture.notes.filter((note) => note.deletedAt === undefined && (readable === undefined || readable.includes(note.notebookId)));

  /** A linked notebook, the notebooks the viewer may read and a visible focus (none when every note is invisible). */
  const scenario = linkedNotebook().chain((fixture) =>
    readableNotebooks.chain((readable) => {
      const visible = visibleOf(fixture, readable);
      return fc.record({
        fixture: fc.constant(fixture),
        readable: fc.constant(readable),
        focus: visible.length === 0 ? fc.constant(undefined) : fc.constantFrom(...visible),
      });
    }),
  );
  const ids = (notes: readonly { uriAndTitle: string }[]) => notes.map((note) => Number(/\(\/n(\d+)\)$/.exec(note.uriAndTitle)![1]));

  it('LinkedNote, LinkingNote and LinkedNoteLink offer what the link rule of src/links finds (500 runs)', () => {
    const reached = { linked: 0, linking: 0, linkedThroughLinks: 0, readableGiven: 0 };
    fc.assert(
      fc.property(scenario, ({ fixture, readable, focus }) => {
        if (focus === undefined) return;
        const visible = visibleOf(fixture, readable);
        const run = (relations: Relation[]) =>
          ids(built(referenceBuild(fixture, { focus: focus.id, budget: UNLIMITED, tokenizer: 'one-per-note', relations, ...(readable && { readableNotebooks: readable }) })).result.relatedNotes);

        const linked = linkedNotesOf(focus.details, focus.notebookId, visible).filter((note) => note.id !== focus.id);
        expect(run(['LinkedNote'])).toEqual(linked.map((note) => note.id));

        const linking = visible.filter((note) => note.id !== focus.id && linksTo(note.details, note.notebookId, focus, visible)).sort((a, b) => a.id - b.id);
        expect(run(['LinkingNote'])).toEqual(linking.map((note) => note.id));

        const throughLinks = new Set(linked.map((note) => note.id));
        for (const anchor of linked) for (const note of linkedNotesOf(anchor.details, anchor.notebookId, visible)) throughLinks.add(note.id);
        throughLinks.delete(focus.id);
        expect(new Set(run(['LinkedNote', 'LinkedNoteLink']))).toEqual(throughLinks);

        if (linked.length > 0) reached.linked += 1;
        if (linking.length > 0) reached.linking += 1;
        if (throughLinks.size > linked.length) reached.linkedThroughLinks += 1;
        if (readable !== undefined && linked.length + linking.length > 0) reached.readableGiven += 1;
      }),
      { numRuns: 500 },
    );
    // About half of what the default seed reaches (156, 132, 56, 63).
    expect(reached.linked).toBeGreaterThan(75);
    expect(reached.linking).toBeGreaterThan(60);
    expect(reached.linkedThroughLinks).toBeGreaterThan(25);
    expect(reached.readableGiven).toBeGreaterThan(30);
  });

  it('with unlimited budget, links only add notes, each through a link relation (300 runs)', () => {
    let added = 0;
    fc.assert(
      fc.property(scenario, ({ fixture, readable, focus }) => {
        if (focus === undefined) return;
        const options = { focus: focus.id, budget: UNLIMITED, tokenizer: 'one-per-note', ...(readable && { readableNotebooks: readable }) } as const;
        const without = built(referenceBuild(fixture, options));
        const withLinks = built(referenceBuild(fixture, { ...options, links: true }));
        const before = new Set(ids(without.result.relatedNotes));
        for (const note of withLinks.result.relatedNotes) {
          if (before.has(ids([note])[0]!)) continue;
          expect(REFERENCE_LINK_RELATIONS).toContain(note.relationToFocusNote);
          added += 1;
        }
        expect(ids(withLinks.result.relatedNotes).filter((id) => before.has(id))).toHaveLength(before.size);
      }),
      { numRuns: 300 },
    );
    // About half of what the default seed reaches (159).
    expect(added).toBeGreaterThan(75);
  });

  it('a notebook without links builds the same with links as without, budget, fit and format whatever (200 runs)', () => {
    let nonEmpty = 0;
    const unlinked = randomNotebook({ maxNotes: 16 }).map((fixture) => ({
      ...fixture,
      notes: fixture.notes.map((note) => (note.details === undefined ? note : { ...note, details: note.details.replaceAll('[', '(') })),
    }));
    fc.assert(
      fc.property(
        unlinked.chain((fixture) => fc.tuple(fc.constant(fixture), fc.integer({ min: 1, max: fixture.notes.length }))),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('skip', 'shorten'),
        fc.constantFrom('json', 'prompt'),
        readableNotebooks,
        ([fixture, focus], budget, fit, format, readable) => {
          const options = { focus, budget, tokenizer: 'estimate', fit, format, ...(readable && { readableNotebooks: readable }) } as const;
          const without = referenceBuild(fixture, options);
          const withLinks = referenceBuild(fixture, { ...options, links: true });
          if (without === 'NoteNotFound') {
            expect(withLinks).toBe('NoteNotFound');
            return;
          }
          const { trace: _trace, ...outcome } = without;
          const { trace: _linksTrace, ...linksOutcome } = withLinks as typeof without;
          expect(linksOutcome).toEqual(outcome);
          if (outcome.result.relatedNotes.length > 0) nonEmpty += 1;
        },
      ),
      { numRuns: 200 },
    );
    // About half of the builds that added a note with the default seed (79).
    expect(nonEmpty).toBeGreaterThan(40);
  });
});
