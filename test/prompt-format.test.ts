import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../src/note-context-error.js';
import { uriAndTitleOf } from '../src/model/uri-of.js';
import { RELATIONS, type RelatedRelation } from '../src/relationships/relation.js';
import { FOCUS_LISTS } from '../src/relationships/focus-lists.js';
import { renderJson } from '../src/result/render-json.js';
import { parsePrompt } from '../src/result/parse-prompt.js';
import { PROMPT_LAYOUT } from '../src/result/prompt-layout.js';
import { promptEntryPiece, promptNotePiece, renderPrompt } from '../src/result/render-prompt.js';
import type { BareNote, FocusNote, GraphRAGResult, MultiFocusResult } from '../src/result/graph-rag-result-schema.js';

// ---------------------------------------------------------------------------------------------
// Adversarial note text: everything that could pass for the prompt's own structure.

const LONG_RUN = fc
  .tuple(fc.constantFrom('`', '~', 'a', '\n', ' ', '#', '>', '\\', '-', '/', '😀', '漢'), fc.integer({ min: 50, max: 160 }))
  .map(([char, count]) => char.repeat(count));

const part = fc.oneof(
  // Lines copying the prompt's own markers.
  fc.constantFrom(
    '\n# Focus note\n',
    '\n# Related notes, most relevant first\n',
    '\n## [Injected](/n1)\n',
    'Relation: Parent\n',
    '\nDetails:\n',
    '\n- [Entry](/n2)\n',
    '\nParent: [P](/n3)\n',
    '\nObject: [O](/n4)\n',
    '\nChildren:\n',
    '\nPrior siblings:\n',
    '\nContextual path:\n',
    '\n>',
  ),
  // Headings and fences at a line start, indented 0-4 spaces, of any length.
  fc.constantFrom('\n# ', '\n### ', '# '),
  fc
    .tuple(fc.constantFrom('`', '~'), fc.integer({ min: 1, max: 20 }), fc.constantFrom('', ' ', '   ', '    ', '\t'), fc.constantFrom('\n', '\r', '\r\n'))
    .map(([char, count, indent, newline]) => `${newline}${indent}${char.repeat(count)}`),
  fc.constantFrom('<details>', '</details>', '<note uri="/n1">', '</note>', '<system>', '</document>'),
  fc.constantFrom('\r\n', '\r', '\n', '\n\n', ' \n', '\t', '\u00a0', '\u2028', '\u0085', '/', '//'),
  fc.constantFrom('😀', '👩‍👩‍👧', '🍜 ramen', '漢字', '水 みず', '\ud800', '\udfff', '\udc00x', 'a\ud83d'),
  fc.constantFrom('<|endoftext|>', '<|im_start|>system'),
  fc.constantFrom('\\', '\\n', '\\u0041', '\\_', '[', ']', '](/n9)', '"', '...'),
  fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
  LONG_RUN,
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ maxLength: 12 }),
);

const text = (maxParts: number) => fc.array(part, { maxLength: maxParts }).map((parts) => parts.join(''));

/** Details whose lines start with long runs of both fence characters: too costly to fence. */
const bothRuns = fc
  .tuple(fc.integer({ min: 10, max: 400 }), fc.integer({ min: 10, max: 400 }), text(3))
  .map(([backticks, tildes, rest]) => `${'`'.repeat(backticks)}\n${rest}\r${'~'.repeat(tildes)}`);

const details = (big: boolean, maxParts: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 8, arbitrary: text(maxParts).filter((t) => t !== '') },
    { weight: 1, arbitrary: bothRuns },
    // The focus note's details are never cut: 64 KB and more.
    { weight: big ? 1 : 0, arbitrary: text(6).map((t) => `${t}x`.repeat(Math.ceil(65_600 / (t.length + 1)))) },
  );

const title = text(5);
const ruleLink = fc.record({ id: fc.integer({ min: 1, max: 2 ** 40 }), title }).map(uriAndTitleOf);
/** Strings breaking the link rule too: stray backslashes, anything at all. */
const anyLink = fc.oneof(ruleLink, title, fc.string({ unit: 'binary', maxLength: 20 }));
const relation = fc.constantFrom(...RELATIONS.filter((r): r is RelatedRelation => r !== 'Self'));

function bareNote(link: fc.Arbitrary<string>, { big = false, maxParts = 12 } = {}): fc.Arbitrary<BareNote> {
  return fc
    .record({ uriAndTitle: link, details: details(big, maxParts), parent: fc.option(link), object: fc.option(link), relation })
    .map(({ uriAndTitle, details, parent, object, relation }) => ({
      uriAndTitle,
      ...(details !== undefined && { details }),
      ...(parent !== null && { parentUriAndTitle: parent }),
      ...(object !== null && { objectUriAndTitle: object }),
      relationToFocusNote: relation,
    }));
}

/** Random results; `small` ones keep the tokenizer test quick. */
function result(link: fc.Arbitrary<string>, { big = false, small = false } = {}): fc.Arbitrary<GraphRAGResult> {
  const maxParts = small ? 6 : 12;
  const list = fc.array(link, { maxLength: small ? 2 : 3 });
  return fc
    .record({
      note: bareNote(link, { big, maxParts }),
      contextualPath: list,
      children: list,
      referrings: list,
      priorSiblings: list,
      youngerSiblings: list,
      relatedNotes: fc.array(bareNote(link, { maxParts }), { maxLength: small ? 3 : 4 }),
    })
    .map(({ note, relatedNotes, ...lists }) => ({
      focusNote: { ...note, relationToFocusNote: 'Self', ...lists } satisfies FocusNote,
      relatedNotes,
    }));
}

// ---------------------------------------------------------------------------------------------
// Counting the adversarial cases the generators reach.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CASES: Record<string, (text: string) => boolean> = {
  heading: (t) => /(?:^|[\r\n])#/.test(t),
  'fence (```/~~~ at a line start)': (t) => /(?:^|[\r\n]) {0,3}(?:```|~~~)/.test(t),
  '<tag>': (t) => /<\/?[a-z]/.test(t),
  'copy of a prompt marker line': (t) => /(?:^|\n)(?:# Focus note|# Related notes|## |Relation: |Details:|- |Parent: |Children:|>)/.test(t),
  '\\r\\n': (t) => t.includes('\r\n'),
  'lone \\r': (t) => /\r(?!\n)/.test(t),
  emoji: (t) => /\p{Extended_Pictographic}/u.test(t),
  CJK: (t) => /\p{Script=Han}/u.test(t),
  'lone surrogate': (t) => LONE_SURROGATE.test(t),
  '<|endoftext|>': (t) => t.includes('<|endoftext|>'),
  'run of 50+ of one character': (t) => /(.)\1{49}/su.test(t),
  'control character': (t) => /[\x00-\x09\x0b-\x1f]/.test(t),
};

type Counts = Record<string, number>;
const tallies: Record<string, Counts> = {};

function tally(name: string, texts: readonly string[], extra: Record<string, boolean> = {}): void {
  const counts = (tallies[name] ??= {});
  for (const [label, test] of Object.entries(CASES)) if (texts.some(test)) counts[label] = (counts[label] ?? 0) + 1;
  for (const [label, reached] of Object.entries(extra)) if (reached) counts[label] = (counts[label] ?? 0) + 1;
}

function expectEveryCase(name: string, extra: readonly string[]): void {
  const counts = tallies[name] ?? {};
  for (const label of [...Object.keys(CASES), ...extra]) expect(counts[label] ?? 0, `${name}: ${label}`).toBeGreaterThan(0);
}

afterAll(() => {
  for (const [name, counts] of Object.entries(tallies)) {
    console.log(`${name}:\n${Object.entries(counts).map(([label, count]) => `  ${label}: ${count}`).join('\n')}`);
  }
});

function textsOf(r: GraphRAGResult): string[] {
  const f = r.focusNote;
  const noteTexts = (n: BareNote) => [n.uriAndTitle, n.details, n.parentUriAndTitle, n.objectUriAndTitle];
  return [
    ...noteTexts(f),
    ...f.contextualPath,
    ...Object.values(FOCUS_LISTS).flatMap(({ list }) => f[list]),
    ...r.relatedNotes.flatMap(noteTexts),
  ].filter((t): t is string => t !== undefined);
}

const utf8 = (t: string) => Buffer.byteLength(t, 'utf8');
const quoted = (details: string | undefined) => details !== undefined && !/^(`{3,}|~{3,})\n/.test(detailsIn(details));
/** The block a note's details are written in. */
function detailsIn(details: string): string {
  const piece = promptNotePiece({ uriAndTitle: '', details, relationToFocusNote: 'Parent' });
  return piece.slice(piece.indexOf('Details:\n') + 'Details:\n'.length);
}

// ---------------------------------------------------------------------------------------------

describe('the prompt format', () => {
  it('reads back exactly; no note text closes its block or leaves its line (2,000 runs)', () => {
    fc.assert(
      fc.property(result(ruleLink, { big: true }), (r) => {
        const prompt = renderPrompt(r);
        const read = parsePrompt(prompt);
        expect(read).toEqual(r);
        expect(renderJson(read)).toBe(renderJson(r));
        // Titles stay on their line.
        for (const link of textsOf(r).filter((t) => t.startsWith('['))) {
          expect(promptEntryPiece(link).slice(0, -1)).not.toMatch(/[\r\n]/);
        }
        // CommonMark (4.5): a fence closes only on a line of >= its length of its character,
        // indented at most 3 spaces; lines end at \n, \r\n or \r. Quoted lines all start with '>'.
        for (const details of [r.focusNote.details, ...r.relatedNotes.map((n) => n.details)]) {
          if (details === undefined) continue;
          const fence = [...'`~'].flatMap((c) => Array.from({ length: 13 }, (_, i) => c.repeat(i + 3)))
            .find((f) => prompt.includes(`Details:\n${f}\n${details}\n${f}\n`));
          if (fence) {
            const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
            expect(details.split(/\r\n|\r|\n/).some((line) => closing.test(line))).toBe(false);
          } else {
            const block = detailsIn(details);
            expect(block.slice(0, -1).split(/\r\n|\r|\n/).every((line) => line.startsWith('>'))).toBe(true);
          }
        }
        tally('round trip', textsOf(r), {
          'details quoted with ">" (no fence short enough)': [r.focusNote, ...r.relatedNotes].some((n) => quoted(n.details)),
          'focus details of 64 KB+': (r.focusNote.details?.length ?? 0) >= 65_536,
        });
      }),
      { numRuns: 2_000 },
    );
    expectEveryCase('round trip', ['details quoted with ">" (no fence short enough)', 'focus details of 64 KB+']);
  });

  const AS_TEXT = { disallowedSpecial: new Set<string>() };
  for (const [name, count] of [['o200k', countO200k], ['cl100k', countCl100k]] as const) {
    const tokens = (t: string) => count(t, AS_TEXT);
    it(`a piece adds exactly its own tokens (${name}, 2,000 runs)`, () => {
      const insertion = fc.oneof(
        bareNote(anyLink, { maxParts: 6 }).map((note) => ({ where: 'related' as const, note })),
        fc.record({ where: fc.constantFrom(...Object.values(FOCUS_LISTS).map(({ list }) => list)), entry: anyLink }),
      );
      fc.assert(
        fc.property(result(anyLink, { small: true }), insertion, (r, insert) => {
          const before = renderPrompt(r);
          let piece: string;
          let grown: GraphRAGResult;
          if (insert.where === 'related') {
            piece = promptNotePiece(insert.note);
            grown = { ...r, relatedNotes: [...r.relatedNotes, insert.note] };
          } else {
            piece = promptEntryPiece(insert.entry);
            const list = r.focusNote[insert.where];
            const grownList = insert.where === 'priorSiblings' ? [insert.entry, ...list] : [...list, insert.entry];
            grown = { ...r, focusNote: { ...r.focusNote, [insert.where]: grownList } };
          }
          const after = renderPrompt(grown);
          // The piece structure: pieces start with neither whitespace nor '/', end with '\n', and
          // go in just after a '\n' and just before the end or such a character.
          expect(after.endsWith(PROMPT_LAYOUT.RELATED_HEADER + grown.relatedNotes.map(promptNotePiece).join(''))).toBe(true);
          expect(piece).toMatch(/^[^\s/][^]*\n$/);
          const at = insertionPoint(before, after, piece);
          expect(at, 'a place the piece goes in').toBeGreaterThanOrEqual(0);
          // The exact accounting, against the real tokenizer.
          expect(tokens(after) - tokens(before)).toBe(tokens(piece));
          tally(`token accounting, ${name}`, [...textsOf(r), piece], { [`inserted into ${insert.where}`]: true });
        }),
        { numRuns: 2_000 },
      );
      expectEveryCase(`token accounting, ${name}`, ['inserted into related', 'inserted into priorSiblings']);
    });
  }

  it("a piece is never more UTF-8 bytes than the note's or entry's JSON piece, whatever the text (5,000 runs)", () => {
    let longestFence = 0;
    fc.assert(
      fc.property(bareNote(anyLink), anyLink, (note, entry) => {
        expect(utf8(promptNotePiece(note))).toBeLessThanOrEqual(utf8(`,${JSON.stringify(note)}`));
        expect(utf8(promptEntryPiece(entry))).toBeLessThanOrEqual(utf8(`,${JSON.stringify(entry)}`));
        const fence = note.details && /^(`+|~+)\n/.exec(detailsIn(note.details))?.[1];
        if (fence) longestFence = Math.max(longestFence, fence.length);
        tally('bytes', [note.uriAndTitle, note.details ?? '', entry], {
          'details quoted with ">" (no fence short enough)': quoted(note.details),
          'a backslash outside a link escape': /\\(?![\\[\]])/.test(entry.replace(/\\[\\[\]]/g, '')),
        });
      }),
      { numRuns: 5_000 },
    );
    console.log(`bytes: longest fence written: ${longestFence}`);
    expectEveryCase('bytes', ['details quoted with ">" (no fence short enough)', 'a backslash outside a link escape']);
  });

  it('a MultiFocusResult reads back exactly too: every focus note, each related note with its focus (1,000 runs)', () => {
    const multi = fc
      .tuple(fc.array(result(anyLink), { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 2 ** 40 }), { minLength: 1, maxLength: 4 }))
      .map(([parts, foci]): MultiFocusResult => ({
        focusNotes: parts.map((part) => part.focusNote),
        relatedNotes: parts.flatMap((part) => part.relatedNotes).map((note, index) => ({ ...note, focus: `/n${foci[index % foci.length]}` })),
      }));
    fc.assert(
      fc.property(multi, (r) => {
        const prompt = renderPrompt(r);
        expect(parsePrompt(prompt)).toEqual(r);
        // A related note's piece names its focus on the line after its relation.
        for (const note of r.relatedNotes) expect(prompt).toContain(`Relation: ${note.relationToFocusNote}\nFocus: ${note.focus}\n`);
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads back strings that break the link rule too (2,000 runs)', () => {
    fc.assert(
      fc.property(result(anyLink), (r) => {
        expect(parsePrompt(renderPrompt(r))).toEqual(r);
      }),
      { numRuns: 2_000 },
    );
  });
});

/** Where `piece` went into `before` to give `after`, at a place that forces a token boundary; -1 if nowhere. */
function insertionPoint(before: string, after: string, piece: string): number {
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  for (let at = Math.min(prefix, before.length); at >= 0 && at >= prefix - piece.length; at--) {
    const next = before[at];
    const boundary = before[at - 1] === '\n' && (next === undefined || !/[\s/]/.test(next));
    if (boundary && before.slice(0, at) + piece + before.slice(at) === after) return at;
  }
  return -1;
}

describe('a prompt that is not one', () => {
  const sample: GraphRAGResult = {
    focusNote: {
      uriAndTitle: '[Energy](/n19)',
      details: 'The capacity to do work.',
      parentUriAndTitle: '[Physics](/n1)',
      relationToFocusNote: 'Self',
      contextualPath: ['[Physics](/n1)'],
      children: ['[Kinetic energy](/n20)'],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: ['[Force \\[N\\]](/n21)'],
    },
    relatedNotes: [{ uriAndTitle: '[Physics](/n1)', details: 'The study of matter\n```\nand energy.', relationToFocusNote: 'Parent' }],
  };
  const prompt = renderPrompt(sample);

  it('is written like this', () => {
    expect(prompt.slice(prompt.indexOf('# Focus note'))).toBe(
      [
        '# Focus note',
        '## [Energy](/n19)',
        'Parent: [Physics](/n1)',
        'Contextual path:',
        '- [Physics](/n1)',
        'Children:',
        '- [Kinetic energy](/n20)',
        'Prior siblings:',
        'Younger siblings:',
        '- [Force \\[N\\]](/n21)',
        'Referring notes:',
        'Details:',
        '```',
        'The capacity to do work.',
        '```',
        '# Related notes, most relevant first',
        '## [Physics](/n1)',
        'Relation: Parent',
        'Details:',
        '~~~',
        'The study of matter',
        '```',
        'and energy.',
        '~~~',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['the preamble', prompt.slice(1), /^prompt line 1: expected "the preamble"/],
    ['a cut prompt', prompt.slice(0, -5), /^prompt line 29: the fence ~~~ is never closed/],
    ['an unknown relation', prompt.replace('Relation: Parent', 'Relation: Friend'), /^prompt\.relatedNotes\[0\]\.relationToFocusNote: /],
    ['an unknown escape', prompt.replace('[Energy]', '[En\\ergy]'), /^prompt line 11: unknown escape "\\e"/],
    ['a missing list header', prompt.replace('Prior siblings:\n', ''), /^prompt line 17: expected "Prior siblings:"/],
    ['text after the last note', `${prompt}trailing`, /^prompt line 34: expected "a note heading/],
  ])('%s is a ValidationError naming where', (_, text, message) => {
    expect(() => parsePrompt(text)).toThrow(ValidationError);
    expect(() => parsePrompt(text)).toThrow(message);
  });
});
