import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { estimateTokens } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { renderPrompt } from '../src/result/render-prompt.js';
import { loadTokenizer } from '../src/budget/tokenizer.js';
import { parseFixture } from '../src/store/memory/fixture.js';
import { BUILD_STORE_KINDS, builderFor, idsOf, relatedOf } from './support/describe-stores.js';
import { notebook } from './support/notebook-builder.js';

const sample = parseFixture(JSON.parse(readFileSync(new URL('../fixtures/sample-notebook.json', import.meta.url), 'utf8')));
const ENERGY = 19;

/** Parent 1 with children 2..6; focus 4 in the middle. */
const siblingsGraph = () => notebook().n(1).children(1, [2, 3, 4, 5, 6]).fixture();

/** Focus 5 under parent 2, object 30, a prior and a younger sibling, a referring note and more. */
const richGraph = () =>
  notebook()
    .n(1)
    .n(2, { parentId: 1, siblingOrder: 1 })
    .n(3, { parentId: 1, siblingOrder: 2 })
    .n(4, { parentId: 2, siblingOrder: 1 })
    .n(5, { parentId: 2, siblingOrder: 2, objectId: 30, details: 'The focus note.' })
    .n(8, { parentId: 2, siblingOrder: 3 })
    .n(6, { parentId: 5, siblingOrder: 1, objectId: 31 })
    .n(7, { parentId: 5, siblingOrder: 2 })
    .n(9, { parentId: 3 })
    .n(20)
    .n(21, { parentId: 20, siblingOrder: 1 })
    .n(22, { parentId: 20, siblingOrder: 2 })
    .n(23, { parentId: 22 })
    .n(30, { parentId: 21 })
    .n(31)
    .n(40)
    .n(41, { parentId: 40, siblingOrder: 1, objectId: 5 })
    .n(42, { parentId: 40, siblingOrder: 2 })
    .fixture();

const link = (id: number) => `[Note ${id}](/n${id})`;

for (const kind of BUILD_STORE_KINDS) {
  describe(`scenarios on the ${kind.name} store`, () => {
    const build = builderFor(kind);

    it('just the focus note', async () => {
      const out = await build(notebook().n(1, { details: 'Only me.' }).fixture(), { focus: 1, budget: 1000 });
      expect(out.result).toEqual({
        focusNote: {
          uriAndTitle: link(1),
          details: 'Only me.',
          relationToFocusNote: 'Self',
          contextualPath: [],
          children: [],
          referrings: [],
          priorSiblings: [],
          youngerSiblings: [],
        },
        relatedNotes: [],
      });
      expect(out.report.used).toBe(0);
    });

    it('with its parent', async () => {
      const out = await build(notebook().n(1).n(2, { parentId: 1 }).fixture(), {
        focus: 2,
        budget: 10,
        tokenizer: 'one-per-note',
      });
      expect(relatedOf(out)).toEqual(['Parent 1']);
      expect(out.result.focusNote.parentUriAndTitle).toBe(link(1));
      expect(out.result.relatedNotes[0]).toEqual({ uriAndTitle: link(1), relationToFocusNote: 'Parent' });
    });

    it('a parent that does not fit the budget is skipped and reported', async () => {
      const details = 'x'.repeat(400);
      const out = await build(notebook().n(1, { details }).n(2, { parentId: 1 }).fixture(), {
        focus: 2,
        budget: 50,
        tokenizer: 'estimate',
      });
      const expectedCost = Math.ceil(
        (Buffer.byteLength(JSON.stringify({ uriAndTitle: link(1), details, relationToFocusNote: 'Parent' })) + 1) / 3.75,
      );
      expect(relatedOf(out)).toEqual([]);
      expect(out.report.skipped).toEqual([{ uri: '/n1', relation: 'Parent', cost: expectedCost }]);
      expect(out.report.left).toBe(50);
    });

    it('truncates related details by code points, never the focus note', async () => {
      const long = 'é'.repeat(5) + '😀'.repeat(1200);
      const fixture = notebook().n(1, { details: long }).n(2, { parentId: 1, details: long }).fixture();
      const out = await build(fixture, { focus: 2, budget: 100_000, tokenizer: 'estimate' });
      expect(out.result.relatedNotes[0]!.details).toBe('é'.repeat(5) + '😀'.repeat(995) + '...');
      expect(out.result.focusNote.details).toBe(long);
      const short = await build(fixture, { focus: 2, budget: 100_000, tokenizer: 'estimate', truncate: 7 });
      expect(short.result.relatedNotes[0]!.details).toBe('ééééé😀😀...');
    });

    it('details exactly at the truncation length are left whole', async () => {
      const fixture = notebook().n(1, { details: '😀'.repeat(10) }).n(2, { parentId: 1 }).fixture();
      const out = await build(fixture, { focus: 2, budget: 1000, tokenizer: 'estimate', truncate: 10 });
      expect(out.result.relatedNotes[0]!.details).toBe('😀'.repeat(10));
    });

    it('with its object', async () => {
      const fixture = notebook().n(1).n(2, { parentId: 1 }).n(9).n(3, { parentId: 2, objectId: 9 }).fixture();
      const out = await build(fixture, { focus: 3, budget: 2, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Parent 2', 'Object 9']);
      expect(out.result.focusNote.objectUriAndTitle).toBe(link(9));
      expect(out.result.relatedNotes[0]!.parentUriAndTitle).toBe(link(1));
    });

    it('with its children, in sibling order', async () => {
      const fixture = notebook()
        .n(1)
        .n(4, { parentId: 1, siblingOrder: 30 })
        .n(2, { parentId: 1, siblingOrder: 10 })
        .n(3, { parentId: 1, siblingOrder: 20 })
        .fixture();
      const out = await build(fixture, { focus: 1, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Child 2', 'Child 3', 'Child 4']);
      expect(idsOf(out.result.focusNote.children)).toEqual([2, 3, 4]);
    });

    it('budget limits hold on a complex graph, in JSON and prompt output', async () => {
      for (const tokenizer of ['estimate', 'o200k', 'cl100k'] as const) {
        const count = (await loadTokenizer(tokenizer)).count;
        for (const budget of [0, 30, 200, 800, 3000]) {
          const out = await build(sample, { focus: ENERGY, budget, tokenizer });
          const before = { ...out.result, relatedNotes: [] };
          const emptyLists = { ...before.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] };
          const initial = { focusNote: emptyLists, relatedNotes: [] };
          expect(count(renderJson(out.result))).toBeLessThanOrEqual(count(renderJson(initial)) + budget);
          expect(count(renderPrompt(out.result))).toBeLessThanOrEqual(count(renderPrompt(initial)) + budget);
          expect(out.report.used).toBeLessThanOrEqual(budget);
          expect(out.report.used + out.report.left).toBe(budget);
        }
      }
    });

    it('parent and object come before siblings and referrings', async () => {
      const fixture = notebook()
        .n(1)
        .n(9)
        .n(4, { parentId: 1 })
        .n(5, { parentId: 1, objectId: 9 })
        .n(6, { parentId: 1 })
        .n(7, { parentId: 9, objectId: 5 })
        .fixture();
      const out = await build(fixture, { focus: 5, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out).slice(0, 2)).toEqual(['Parent 1', 'Object 9']);
      expect(relatedOf(out).slice(2, 5)).toEqual(['PriorSibling 4', 'YoungerSibling 6', 'ReferringNote 7']);
    });

    it('siblings prior and younger, nearest first; the prior list keeps notebook order', async () => {
      const out = await build(siblingsGraph(), { focus: 4, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 1',
        'PriorSibling 3',
        'YoungerSibling 5',
        'PriorSibling 2',
        'YoungerSibling 6',
      ]);
      expect(idsOf(out.result.focusNote.priorSiblings)).toEqual([2, 3]);
      expect(idsOf(out.result.focusNote.youngerSiblings)).toEqual([5, 6]);
    });

    it('referring notes, by ascending id', async () => {
      const fixture = notebook()
        .n(8)
        .n(9, { parentId: 8 })
        .n(20)
        .n(21)
        .n(12, { parentId: 20, objectId: 9 })
        .n(10, { parentId: 21, objectId: 9 })
        .n(11, { parentId: 20, objectId: 9 })
        .fixture();
      const out = await build(fixture, { focus: 9, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out).slice(0, 4)).toEqual(['Parent 8', 'ReferringNote 10', 'ReferringNote 11', 'ReferringNote 12']);
      expect(idsOf(out.result.focusNote.referrings)).toEqual([10, 11, 12]);
      expect(out.result.relatedNotes[1]!.objectUriAndTitle).toBe(link(9));
    });

    it('drops lower-priority notes for higher ones', async () => {
      const out = await build(richGraph(), { focus: 5, budget: 2, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Parent 2', 'Object 30']);
      expect(out.report.left).toBe(0);
    });

    it('the budget runs out before all relations are reached', async () => {
      const out = await build(richGraph(), { focus: 5, budget: 5, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Parent 2', 'Object 30', 'Child 6', 'PriorSibling 4', 'YoungerSibling 8']);
      expect(out.result.relatedNotes.some((note) => note.relationToFocusNote === 'ReferringNote')).toBe(false);
    });

    it('contextual path: root to parent, and the other ancestors nearest first', async () => {
      const fixture = notebook().n(1).n(2, { parentId: 1 }).n(3, { parentId: 2 }).n(4, { parentId: 3 }).n(5, { parentId: 4 }).n(6, { parentId: 5 }).fixture();
      const out = await build(fixture, { focus: 6, budget: 100, tokenizer: 'one-per-note' });
      expect(idsOf(out.result.focusNote.contextualPath)).toEqual([1, 2, 3, 4, 5]);
      expect(relatedOf(out)).toEqual([
        'Parent 5',
        'NoteInContextualPath 4',
        'NoteInContextualPath 3',
        'NoteInContextualPath 2',
        'NoteInContextualPath 1',
      ]);
    });

    it("the object's contextual path, nearest first", async () => {
      const fixture = notebook()
        .n(1)
        .n(3, { parentId: 1, objectId: 13 })
        .n(10)
        .n(11, { parentId: 10 })
        .n(12, { parentId: 11 })
        .n(13, { parentId: 12 })
        .fixture();
      const out = await build(fixture, { focus: 3, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 1',
        'Object 13',
        'NoteInObjectContextualPath 12',
        'NoteInObjectContextualPath 11',
        'NoteInObjectContextualPath 10',
      ]);
    });

    it('a very small budget admits nothing, and a budget of 0 ends at once', async () => {
      for (const budget of [0, 1, 3]) {
        const out = await build(sample, { focus: ENERGY, budget, tokenizer: 'estimate' });
        expect(out.result.relatedNotes).toEqual([]);
        expect(out.result.focusNote.children).toEqual([]);
        expect(out.report.left).toBe(budget);
      }
      const zero = await build(sample, { focus: ENERGY, budget: 0, tokenizer: 'estimate' });
      expect(zero.report.candidatesConsidered).toBe(0);
    });

    it('splits one retrieval into several requests that together cover an unlimited build', async () => {
      const all = await build(sample, { focus: ENERGY, budget: 1_000_000, tokenizer: 'o200k' });
      const everything = new Set(all.result.relatedNotes.map((note) => note.uriAndTitle));
      const returned: string[] = [];
      const count = (await loadTokenizer('o200k')).count;
      for (let page = 0; page < 100; page++) {
        const exclude = returned.map((uriAndTitle) => uriAndTitle.slice(uriAndTitle.lastIndexOf('(') + 1, -1));
        const out = await build(sample, { focus: ENERGY, budget: 700, tokenizer: 'o200k', exclude });
        const fresh = out.result.relatedNotes.map((note) => note.uriAndTitle);
        expect(fresh.filter((uriAndTitle) => returned.includes(uriAndTitle))).toEqual([]);
        const initial = { ...out.result, relatedNotes: [] };
        const emptied = { ...initial, focusNote: { ...initial.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] } };
        expect(count(renderJson(out.result))).toBeLessThanOrEqual(count(renderJson(emptied)) + 700);
        if (fresh.length === 0) break;
        returned.push(...fresh);
      }
      expect(new Set(returned)).toEqual(everything);
      expect(returned.length).toBe(everything.size);
    });

    it('reified child objects', async () => {
      const fixture = notebook().n(1).n(2, { parentId: 1, objectId: 9 }).n(8).n(9, { parentId: 8 }).fixture();
      const out = await build(fixture, { focus: 1, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Child 2', 'ReifiedChildObject 9']);
    });

    it('parent siblings, in a spiral around the parent', async () => {
      const fixture = notebook().n(1).children(1, [2, 3, 4, 5, 6]).n(10, { parentId: 4 }).fixture();
      const out = await build(fixture, { focus: 10, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 4',
        'NoteInContextualPath 1',
        'ParentSibling 3',
        'ParentSibling 5',
        'ParentSibling 2',
        'ParentSibling 6',
      ]);
    });

    it('object parent siblings', async () => {
      const fixture = notebook().n(1).children(1, [2, 3, 4, 5, 6]).n(10, { parentId: 4 }).n(30, { objectId: 10 }).fixture();
      const out = await build(fixture, { focus: 30, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Object 10',
        'NoteInObjectContextualPath 4',
        'NoteInObjectContextualPath 1',
        'ObjectParentSibling 3',
        'ObjectParentSibling 5',
        'ObjectParentSibling 2',
        'ObjectParentSibling 6',
      ]);
    });

    it('parent sibling children', async () => {
      const fixture = notebook().n(1).children(1, [2, 3]).children(3, [31, 32, 33]).n(20, { parentId: 2 }).fixture();
      const out = await build(fixture, { focus: 20, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 2',
        'NoteInContextualPath 1',
        'ParentSibling 3',
        'ParentSiblingChild 31',
        'ParentSiblingChild 32',
        'ParentSiblingChild 33',
      ]);
    });

    it('object parent sibling children', async () => {
      const fixture = notebook().n(1).children(1, [2, 3]).children(3, [31, 32]).n(20, { parentId: 2 }).n(40, { objectId: 20 }).fixture();
      const out = await build(fixture, { focus: 40, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Object 20',
        'NoteInObjectContextualPath 2',
        'NoteInObjectContextualPath 1',
        'ObjectParentSibling 3',
        'ObjectParentSiblingChild 31',
        'ObjectParentSiblingChild 32',
      ]);
    });

    it('referring contextual path', async () => {
      const fixture = notebook().n(9).n(10).n(11, { parentId: 10 }).n(12, { parentId: 11, objectId: 9 }).fixture();
      const out = await build(fixture, { focus: 9, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['ReferringNote 12', 'ReferringSubject 11', 'NoteInReferringContextualPath 10']);
    });

    it('referring cousins', async () => {
      const fixture = notebook().n(9).n(11).children(11, [12, 13, 14]).fixture();
      const withObject = { ...fixture, notes: fixture.notes.map((note) => (note.id === 12 ? { ...note, objectId: 9 } : note)) };
      const out = await build(withObject, { focus: 9, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'ReferringNote 12',
        'ReferringSubject 11',
        'ReferringCousin 13',
        'ReferringCousin 14',
      ]);
    });

    it('a relation discovered mid-retrieval joins its tier in the same round', async () => {
      const fixture = notebook()
        .n(1)
        .children(1, [2, 3, 4])
        .n(10, { parentId: 2 })
        .n(11, { parentId: 10, objectId: 50 })
        .n(50)
        .fixture();
      const out = await build(fixture, { focus: 10, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 2',
        'Child 11',
        'NoteInContextualPath 1',
        'ParentSibling 3',
        'ReifiedChildObject 50',
        'ParentSibling 4',
      ]);
    });

    it('many relation types at once, in the exact order of the tiered round-robin', async () => {
      const out = await build(richGraph(), { focus: 5, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual([
        'Parent 2',
        'Object 30',
        'Child 6',
        'PriorSibling 4',
        'YoungerSibling 8',
        'ParentSibling 3',
        'ObjectParentSibling 22',
        'ParentSiblingChild 9',
        'ReferringNote 41',
        'NoteInContextualPath 1',
        'NoteInObjectContextualPath 21',
        'ReifiedChildObject 31',
        'ReferringSubject 40',
        'ObjectParentSiblingChild 23',
        'Child 7',
        'NoteInObjectContextualPath 20',
        'ReferringCousin 42',
      ]);
      const focus = out.result.focusNote;
      expect(idsOf(focus.children)).toEqual([6, 7]);
      expect(idsOf(focus.priorSiblings)).toEqual([4]);
      expect(idsOf(focus.youngerSiblings)).toEqual([8]);
      expect(idsOf(focus.referrings)).toEqual([41]);
      expect(idsOf(focus.contextualPath)).toEqual([1, 2]);
      expect(focus.details).toBe('The focus note.');
    });

    it('reports skipped notes with relation and cost, and keeps going with cheaper ones', async () => {
      const fixture = notebook().n(1, { details: 'y'.repeat(3000) }).n(2, { parentId: 1 }).n(3, { parentId: 2 }).fixture();
      const out = await build(fixture, { focus: 2, budget: 100, tokenizer: 'estimate' });
      expect(relatedOf(out)).toEqual(['Child 3']);
      expect(out.report.skippedCount).toBe(1);
      expect(out.report.skipped[0]).toMatchObject({ uri: '/n1', relation: 'Parent' });
      expect(out.report.skipped[0]!.cost).toBeGreaterThan(100);
    });

    it('focus lists grow only as their notes are reached', async () => {
      const fixture = notebook().n(1).children(1, [2, 3, 4, 5, 6]).fixture();
      const out = await build(fixture, { focus: 1, budget: 2, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Child 2', 'Child 3']);
      expect(idsOf(out.result.focusNote.children)).toEqual([2, 3]);
    });

    it('an object that is also a child is listed in both, once in relatedNotes', async () => {
      const fixture = notebook().n(1, { objectId: 3 }).children(1, [2, 3]).fixture();
      const out = await build(fixture, { focus: 1, budget: 100, tokenizer: 'one-per-note' });
      expect(relatedOf(out)).toEqual(['Object 3', 'Child 2']);
      expect(out.result.focusNote.objectUriAndTitle).toBe(link(3));
      expect(idsOf(out.result.focusNote.children)).toEqual([2, 3]);
    });

    it('a duplicate is listed only if its entry fits what is left', async () => {
      const fixture = notebook().n(1, { objectId: 3 }).children(1, [2, 3]).fixture();
      const entry = estimateTokens(`,${JSON.stringify(link(3))}`);
      const objectCost = estimateTokens(`,${JSON.stringify({ uriAndTitle: link(3), parentUriAndTitle: link(1), relationToFocusNote: 'Object' })}`);
      const childCost = estimateTokens(`,${JSON.stringify({ uriAndTitle: link(2), parentUriAndTitle: link(1), relationToFocusNote: 'Child' })}`) + estimateTokens(`,${JSON.stringify(link(2))}`);
      const tight = await build(fixture, { focus: 1, budget: objectCost + childCost + entry - 1, tokenizer: 'estimate' });
      expect(idsOf(tight.result.focusNote.children)).toEqual([2]);
      const enough = await build(fixture, { focus: 1, budget: objectCost + childCost + entry, tokenizer: 'estimate' });
      expect(idsOf(enough.result.focusNote.children)).toEqual([2, 3]);
      expect(enough.report.left).toBe(0);
    });

    it('escapes brackets and backslashes in titles', async () => {
      const fixture = notebook().n(1, { title: 'a[b]c\\d' }).n(2, { parentId: 1 }).fixture();
      const out = await build(fixture, { focus: 2, budget: 100, tokenizer: 'one-per-note' });
      expect(out.result.relatedNotes[0]!.uriAndTitle).toBe('[a\\[b\\]c\\\\d](/n1)');
    });
  });
}
