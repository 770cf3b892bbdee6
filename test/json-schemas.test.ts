import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { BuildOptionsSchema } from '../src/build-options.js';
import { runCli } from '../src/cli/run-cli.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { jsonSchemas } from '../src/index.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';

// Ajv is an implementation of JSON Schema written apart from zod: it checks that the converted
// schemas say what the zod schemas enforce, on real output and on real mistakes.
const ajv = new Ajv2020({ strict: false, allErrors: true });
const valid = {
  buildOptions: ajv.compile(jsonSchemas.buildOptions),
  result: ajv.compile(jsonSchemas.result),
  multiFocusResult: ajv.compile(jsonSchemas.multiFocusResult),
  report: ajv.compile(jsonSchemas.report),
};

describe('jsonSchemas', () => {
  it('accept every result and report a build gives (sample notebook, several focus notes, budgets, tokenizers)', async () => {
    const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
    for (const focus of [1, 10, 19, 27, 82, 104, 140]) {
      for (const [budget, tokenizer] of [[0, 'o200k'], [40, 'estimate'], [800, 'cl100k'], [5000, 'one-per-note']] as const) {
        const { result, report } = await buildContext(store, { focus, budget, tokenizer, readableNotebooks: [1, 2, 3, 4] });
        expect(valid.result(JSON.parse(JSON.stringify(result))), JSON.stringify(valid.result.errors)).toBe(true);
        expect(valid.report(JSON.parse(JSON.stringify(report))), JSON.stringify(valid.report.errors)).toBe(true);
      }
    }
  });

  it('accept every multi-focus result and its report, ledger included (sample notebook, shortened notes)', async () => {
    const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
    for (const focus of [[1], [19, 27], [10, 82, 104]]) {
      for (const [budget, tokenizer] of [[0, 'o200k'], [60, 'estimate'], [400, 'cl100k']] as const) {
        const { result, report } = await buildContext(store, { focus, budget, tokenizer, fit: 'shorten', relations: ['Parent', 'Child', 'ParentSibling'] });
        expect(valid.multiFocusResult(JSON.parse(JSON.stringify(result))), JSON.stringify(valid.multiFocusResult.errors)).toBe(true);
        expect(valid.result(JSON.parse(JSON.stringify(result)))).toBe(false);
        expect(valid.report(JSON.parse(JSON.stringify(report))), JSON.stringify(valid.report.errors)).toBe(true);
      }
    }
    const piece = { uri: '/n2', relation: 'Parent', cost: 3, kind: 'note' };
    const { report } = await buildContext(store, { focus: 19, budget: 10 });
    const withLedger = (added: unknown[]) => JSON.parse(JSON.stringify({ ...report, added })) as unknown;
    expect(valid.report(withLedger([piece, { ...piece, via: '/n4', shortened: true, focus: '/n19' }]))).toBe(true);
    expect(valid.report(withLedger([{ ...piece, shortened: false }]))).toBe(false);
    expect(valid.report(withLedger([{ ...piece, kind: 'list' }]))).toBe(false);
    expect(valid.report(withLedger([{ ...piece, via: 'n4' }]))).toBe(false);
  });

  it('name the link relations and the links option, and accept a build with links (sample notebook)', async () => {
    const linkRelations = ['LinkedNote', 'LinkingNote', 'LinkedNoteLink'];
    type Properties = Record<string, { enum?: string[]; items?: { enum?: string[]; properties?: Record<string, { enum?: string[] }> }; type?: string; default?: unknown }>;
    const options = jsonSchemas.buildOptions.properties as Properties;
    expect(options.links).toMatchObject({ type: 'boolean', default: false });
    expect(options.relations!.items!.enum).toEqual(expect.arrayContaining(linkRelations));
    const related = (jsonSchemas.result.properties as Properties).relatedNotes!.items!.properties!;
    expect(related.relationToFocusNote!.enum).toEqual(expect.arrayContaining(linkRelations));
    const piece = (jsonSchemas.report.properties as Properties).added!.items!.properties!;
    expect(piece.relation!.enum).toEqual(expect.arrayContaining(linkRelations));

    const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
    const { result, report } = await buildContext(store, { focus: 19, budget: 1000, tokenizer: 'one-per-note', links: true });
    expect(result.relatedNotes.map((note) => note.relationToFocusNote)).toEqual(expect.arrayContaining(linkRelations));
    expect(valid.result(JSON.parse(JSON.stringify(result))), JSON.stringify(valid.result.errors)).toBe(true);
    expect(valid.report(JSON.parse(JSON.stringify(report))), JSON.stringify(valid.report.errors)).toBe(true);
    for (const options of [{ focus: 19, budget: 1, links: true }, { focus: 19, budget: 1, links: 'true' }, { focus: 19, budget: 1, relations: ['LinkedNote'] }]) {
      expect(valid.buildOptions(options), JSON.stringify(options)).toBe(BuildOptionsSchema.safeParse(options).success);
    }
  });

  it('reject what the zod schemas reject', () => {
    const note = { uriAndTitle: '[A](/n1)', relationToFocusNote: 'Parent' };
    const focusNote = { ...note, relationToFocusNote: 'Self', contextualPath: [], children: [], referrings: [], priorSiblings: [], youngerSiblings: [] };
    expect(valid.result({ focusNote, relatedNotes: [note] })).toBe(true);
    expect(valid.result({ focusNote, relatedNotes: [{ ...note, details: null }] })).toBe(false);
    expect(valid.result({ focusNote, relatedNotes: [{ ...note, details: '' }] })).toBe(false);
    expect(valid.result({ focusNote, relatedNotes: [{ ...note, relationToFocusNote: 'Cousin' }] })).toBe(false);
    expect(valid.result({ focusNote: { ...focusNote, children: undefined }, relatedNotes: [] })).toBe(false);
  });

  it('say of build options what BuildOptionsSchema says', () => {
    const cases: unknown[] = [
      { focus: 19, budget: 0 },
      { focus: '/n19', budget: 10, tokenizer: 'estimate', truncate: 0, readableNotebooks: [1], exclude: ['/n4', 9] },
      { focus: '19', budget: 10 },
      { focus: 0, budget: 10 },
      { focus: 'n19', budget: 10 },
      { focus: 19, budget: -1 },
      { focus: 19, budget: 1.5 },
      { focus: 19 },
      { focus: 19, budget: 1, tokenizer: 'gpt2' },
      { focus: 19, budget: 1, readableNotebooks: [0] },
      { focus: 19, budget: 1, extra: true },
    ];
    for (const options of cases) {
      expect(valid.buildOptions(options), JSON.stringify(options)).toBe(BuildOptionsSchema.safeParse(options).success);
    }
  });

  it('note-context schema --json-schema prints them', async () => {
    let stdout = '';
    const code = await runCli(['schema', '--json-schema'], (text) => (stdout += text), () => {});
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      buildOptions: jsonSchemas.buildOptions,
      result: jsonSchemas.result,
      multiFocusResult: jsonSchemas.multiFocusResult,
      report: jsonSchemas.report,
    });
    expect(Object.keys(JSON.parse(stdout).buildOptions.properties)).toEqual(
      expect.arrayContaining(['focus', 'budget', 'tokenizer', 'relations', 'links', 'fit']),
    );
  });
});
