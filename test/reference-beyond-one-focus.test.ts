import { describe, expect, it } from 'vitest';
import { notebook } from './support/notebook-builder.js';
import { referenceBuild, type ReferenceMultiFocusResult, type ReferenceOutcome } from './support/reference-build.js';
import { referenceMultiFocusPrompt } from './support/reference-multi-focus-prompt.js';

/**
 * The reference itself on spec section 9: small notebooks whose results were worked out by hand
 * from the spec (with `one-per-note`, and `estimate` whose costs are counted from the JSON bytes
 * written out below), so that the reference the library is compared with is pinned.
 */

const link = (id: number) => `[Note ${id}](/n${id})`;
const UNLIMITED = 1_000_000;

/** 1 ← 2 ← 3 (the focus) ← 4 (object 10), 5; 10 ← 11 (object 3, a referring note), 12. */
const referring = () =>
  notebook()
    .n(1)
    .n(2, { parentId: 1 })
    .n(3, { parentId: 2 })
    .n(4, { parentId: 3, objectId: 10 })
    .n(5, { parentId: 3 })
    .n(10)
    .n(11, { parentId: 10, objectId: 3 })
    .n(12, { parentId: 10 })
    .fixture();

function built<R>(outcome: ReferenceOutcome<R> | 'NoteNotFound'): ReferenceOutcome<R> {
  if (outcome === 'NoteNotFound') throw new Error('the focus should be visible');
  return outcome;
}

describe('relations', () => {
  it('only the relations named take turns: Child then the object of the reified child, offered by it', () => {
    const outcome = built(referenceBuild(referring(), { focus: 3, budget: UNLIMITED, tokenizer: 'one-per-note', relations: ['ReifiedChildObject', 'Child'] }));
    expect(outcome.result.relatedNotes).toEqual([
      { uriAndTitle: link(4), parentUriAndTitle: link(3), objectUriAndTitle: link(10), relationToFocusNote: 'Child' },
      { uriAndTitle: link(5), parentUriAndTitle: link(3), relationToFocusNote: 'Child' },
      { uriAndTitle: link(10), relationToFocusNote: 'ReifiedChildObject' },
    ]);
    expect(outcome.result.focusNote.children).toEqual([link(4), link(5)]);
    expect(outcome.result.focusNote.referrings).toEqual([]);
    expect(outcome.added).toEqual([
      { uri: '/n4', relation: 'Child', cost: 1, kind: 'note' },
      { uri: '/n5', relation: 'Child', cost: 1, kind: 'note' },
      { uri: '/n10', relation: 'ReifiedChildObject', cost: 1, kind: 'note', via: '/n4' },
    ]);
    expect(outcome.used).toBe(3);
  });

  it('dependents of left-out feeders offer nothing; the focus note keeps its parent and path', () => {
    const outcome = built(
      referenceBuild(referring(), {
        focus: 3,
        budget: UNLIMITED,
        tokenizer: 'one-per-note',
        relations: ['ReferringCousin', 'Parent', 'ReifiedChildObject', 'ReferringSubject', 'Parent'],
      }),
    );
    expect(outcome.result).toEqual({
      focusNote: {
        uriAndTitle: link(3),
        parentUriAndTitle: link(2),
        relationToFocusNote: 'Self',
        contextualPath: [link(1), link(2)],
        children: [],
        referrings: [],
        priorSiblings: [],
        youngerSiblings: [],
      },
      relatedNotes: [{ uriAndTitle: link(2), parentUriAndTitle: link(1), relationToFocusNote: 'Parent' }],
    });
    for (const relation of ['ReifiedChildObject', 'ReferringSubject', 'ReferringCousin'] as const) expect(outcome.trace.offered.get(relation)).toBe(0);
    // With every relation, the same dependents do offer notes.
    const every = built(referenceBuild(referring(), { focus: 3, budget: UNLIMITED, tokenizer: 'one-per-note' }));
    for (const relation of ['ReifiedChildObject', 'ReferringSubject', 'ReferringCousin'] as const) expect(every.trace.offered.get(relation)).toBeGreaterThan(0);
  });

  it('an empty list, Self or an unknown name is refused', () => {
    for (const relations of [[], ['Self'], ['Cousin']]) {
      expect(() => referenceBuild(referring(), { focus: 3, budget: 1, tokenizer: 'one-per-note', relations: relations as never })).toThrow(/relations/);
    }
  });
});

/**
 * 2 (title T, details `abcdefghij`) ← 3, the focus. As Parent, note 2 is
 * `{"uriAndTitle":"[T](/n2)","details":"…","relationToFocusNote":"Parent"}`: 68 bytes and the details
 * in quotes; with `estimate` it costs ceil((bytes + 1) / 3.75): 22 whole (80 bytes), 20 for `a...`
 * (74), 21 for `ab...` to `abcd...` (75–77), 22 for `abcde...` (78).
 */
const shortenable = (details: string) => notebook().n(2, { title: 'T', details }).n(3, { title: 'F', parentId: 2 }).fixture();

describe('fit: shorten', () => {
  const parentWith = (details: string) => ({ uriAndTitle: '[T](/n2)', details, relationToFocusNote: 'Parent' });

  it('the longest cut that fits: 4 code points in 21 tokens, 1 in 20; the ledger marks it shortened', () => {
    const at21 = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 21, tokenizer: 'estimate', fit: 'shorten' }));
    expect(at21.result.relatedNotes).toEqual([parentWith('abcd...')]);
    expect(at21.added).toEqual([{ uri: '/n2', relation: 'Parent', cost: 21, kind: 'note', shortened: true }]);
    expect(at21.used).toBe(21);
    const at20 = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 20, tokenizer: 'estimate', fit: 'shorten' }));
    expect(at20.result.relatedNotes).toEqual([parentWith('a...')]);
    expect(at20.used).toBe(20);
  });

  it('a search that finds nothing skips the note with its cost as section 2 shows it; skip never shortens', () => {
    const at19 = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 19, tokenizer: 'estimate', fit: 'shorten' }));
    expect(at19.result.relatedNotes).toEqual([]);
    expect(at19.skipped).toEqual([{ uri: '/n2', relation: 'Parent', cost: 22 }]);
    expect(at19.added).toEqual([]);
    expect(at19.trace.searchesFailed).toBe(1);
    const skip = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 21, tokenizer: 'estimate' }));
    expect(skip.result.relatedNotes).toEqual([]);
    expect(skip.skipped).toEqual([{ uri: '/n2', relation: 'Parent', cost: 22 }]);
  });

  it('M is at most the truncation length; below 2 there is no search', () => {
    // Truncated to 3, `abc...` costs 21 > 20: cut to 1 or 2 (hi = M − 1 = 2); 2 costs 21.
    const three = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 20, tokenizer: 'estimate', truncate: 3, fit: 'shorten' }));
    expect(three.result.relatedNotes).toEqual([parentWith('a...')]);
    // Truncated to 1, `a...` costs 20 > 19 and M = 1: skipped at once, no search.
    const one = built(referenceBuild(shortenable('abcdefghij'), { focus: 3, budget: 19, tokenizer: 'estimate', truncate: 1, fit: 'shorten' }));
    expect(one.skipped).toEqual([{ uri: '/n2', relation: 'Parent', cost: 20 }]);
    expect(one.trace.searchesFailed).toBe(0);
  });

  it('cuts count code points and never split a surrogate pair', () => {
    // 😀 is 2 UTF-16 units and 4 UTF-8 bytes: whole 86 bytes (24), 😀😀... 81 (22), 😀😀😀... 85 (23).
    const emoji = built(referenceBuild(shortenable('😀😀😀😀'), { focus: 3, budget: 22, tokenizer: 'estimate', fit: 'shorten' }));
    expect(emoji.result.relatedNotes).toEqual([parentWith('😀😀...')]);
    expect(emoji.used).toBe(22);
  });
});

/** 1 ← 2, 3, 4: foci 2 and 4 are siblings around 3. */
const siblings = () => notebook().n(1).children(1, [2, 3, 4]).fixture();

describe('several foci', () => {
  const emptyLists = { children: [], referrings: [], priorSiblings: [], youngerSiblings: [] };

  it('turn by turn, each focus its own lists; the other focus and a shared note are duplicates recorded as entries', () => {
    const outcome = built(referenceBuild(siblings(), { focus: [2, 4], budget: UNLIMITED, tokenizer: 'one-per-note' }));
    expect(outcome.result).toEqual({
      focusNotes: [
        { uriAndTitle: link(2), parentUriAndTitle: link(1), relationToFocusNote: 'Self', contextualPath: [link(1)], ...emptyLists, youngerSiblings: [link(3), link(4)] },
        { uriAndTitle: link(4), parentUriAndTitle: link(1), relationToFocusNote: 'Self', contextualPath: [link(1)], ...emptyLists, priorSiblings: [link(2), link(3)] },
      ],
      relatedNotes: [
        { uriAndTitle: link(1), relationToFocusNote: 'Parent', focus: '/n2' },
        { uriAndTitle: link(3), parentUriAndTitle: link(1), relationToFocusNote: 'YoungerSibling', focus: '/n2' },
      ],
    });
    expect(Object.keys(outcome.result.relatedNotes[1]!)).toEqual(['uriAndTitle', 'parentUriAndTitle', 'relationToFocusNote', 'focus']);
    expect(outcome.added).toEqual([
      { uri: '/n1', relation: 'Parent', cost: 1, kind: 'note', focus: '/n2' },
      { uri: '/n3', relation: 'YoungerSibling', cost: 1, kind: 'note', focus: '/n2' },
      { uri: '/n4', relation: 'YoungerSibling', cost: 0, kind: 'entry', focus: '/n2' },
      { uri: '/n3', relation: 'PriorSibling', cost: 0, kind: 'entry', focus: '/n4' },
      { uri: '/n2', relation: 'PriorSibling', cost: 0, kind: 'entry', focus: '/n4' },
    ]);
    expect(outcome.trace.focusMetAsCandidate).toBe(2);
    expect(outcome.trace.reachedFromTwoFoci).toBe(2);
  });

  it('a focus met as a candidate feeds its dependents: the referring note that is a focus leads to its subject and cousin', () => {
    const outcome = built(
      referenceBuild(referring(), { focus: [3, 11], budget: UNLIMITED, tokenizer: 'one-per-note', relations: ['ReferringNote', 'ReferringSubject', 'ReferringCousin'] }),
    );
    const result: ReferenceMultiFocusResult = outcome.result;
    expect(result.focusNotes.map((focusNote) => focusNote.referrings)).toEqual([[link(11)], []]);
    expect(result.focusNotes[1]).toMatchObject({ parentUriAndTitle: link(10), objectUriAndTitle: link(3), contextualPath: [link(10)] });
    expect(result.relatedNotes).toEqual([
      { uriAndTitle: link(10), relationToFocusNote: 'ReferringSubject', focus: '/n3' },
      { uriAndTitle: link(12), parentUriAndTitle: link(10), relationToFocusNote: 'ReferringCousin', focus: '/n3' },
    ]);
    expect(outcome.added).toEqual([
      { uri: '/n11', relation: 'ReferringNote', cost: 0, kind: 'entry', focus: '/n3' },
      { uri: '/n10', relation: 'ReferringSubject', cost: 1, kind: 'note', via: '/n11', focus: '/n3' },
      { uri: '/n12', relation: 'ReferringCousin', cost: 1, kind: 'note', via: '/n11', focus: '/n3' },
    ]);
  });

  it('a list of one is a MultiFocusResult whose notes cost their focus field too: the parent costs 21, not 17', () => {
    // {"uriAndTitle":"[Note 1](/n1)","relationToFocusNote":"Parent"} is 62 bytes: 17; with ,"focus":"/n2" 76: 21.
    const fixture = notebook().n(1).n(2, { parentId: 1 }).fixture();
    const single = built(referenceBuild(fixture, { focus: 2, budget: 17, tokenizer: 'estimate' }));
    expect(single.added).toEqual([{ uri: '/n1', relation: 'Parent', cost: 17, kind: 'note' }]);
    const listOfOne = built(referenceBuild(fixture, { focus: [2], budget: 17, tokenizer: 'estimate' }));
    expect(listOfOne.result.relatedNotes).toEqual([]);
    expect(listOfOne.skipped).toEqual([{ uri: '/n1', relation: 'Parent', cost: 21, focus: '/n2' }]);
    const roomy = built(referenceBuild(fixture, { focus: [2], budget: 21, tokenizer: 'estimate' }));
    expect(roomy.result.relatedNotes).toEqual([{ uriAndTitle: link(1), relationToFocusNote: 'Parent', focus: '/n2' }]);
    const focusNotes = [{ uriAndTitle: link(2), parentUriAndTitle: link(1), relationToFocusNote: 'Self', contextualPath: [link(1)], ...emptyLists }];
    expect(roomy.result.focusNotes).toEqual(focusNotes);
    // The focusNotes array is 203 bytes: ceil(203 / 3.75) = 55.
    expect(Buffer.byteLength(JSON.stringify(focusNotes))).toBe(203);
    expect(roomy.focusCost).toBe(55);
  });

  it('a repeated focus or more than 10 is refused; the first invisible focus makes NoteNotFound', () => {
    expect(() => referenceBuild(siblings(), { focus: [2, 2], budget: 1, tokenizer: 'one-per-note' })).toThrow(/focus/);
    expect(() => referenceBuild(siblings(), { focus: [], budget: 1, tokenizer: 'one-per-note' })).toThrow(/focus/);
    expect(referenceBuild(siblings(), { focus: [2, 9], budget: 1, tokenizer: 'one-per-note' })).toBe('NoteNotFound');
  });

  it('the prompt shows every focus note, then each related note with its relation and focus', () => {
    const outcome = built(referenceBuild(siblings(), { focus: [2, 4], budget: UNLIMITED, tokenizer: 'one-per-note' }));
    const prompt = referenceMultiFocusPrompt(outcome.result);
    expect(prompt).toContain('\n# Focus notes\n## [Note 2](/n2)\nParent: [Note 1](/n1)\n');
    expect(prompt).toContain('\n## [Note 4](/n4)\nParent: [Note 1](/n1)\n');
    expect(prompt).toMatch(/\n# Related notes, most relevant first\n## \[Note 1\]\(\/n1\)\nRelation: Parent\nFocus: \/n2\n## \[Note 3\]\(\/n3\)\nRelation: YoungerSibling\nFocus: \/n2\nParent: \[Note 1\]\(\/n1\)\n$/);
    expect(prompt.indexOf('## [Note 2](/n2)')).toBeLessThan(prompt.indexOf('## [Note 4](/n4)'));
  });
});
