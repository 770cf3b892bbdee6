import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { parsePrompt } from '../src/result/parse-prompt.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from '../src/result/graph-rag-result-schema.js';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, (text) => (stdout += text), (text) => (stderr += text));
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'note-context-cli-'));
function fixtureFile(content: unknown): string {
  const path = join(dir, `fixture-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const small = fixtureFile({
  notes: [
    { id: 1, title: 'Physics', details: 'root' },
    { id: 2, title: 'Energy', parentId: 1 },
    { id: 3, title: 'Deleted', parentId: 1, deletedAt: '2026-01-01' },
    { id: 4, title: 'Chemistry', notebookId: 2 },
  ],
});

describe('note-context build', () => {
  it('exit 0: prints only the JSON result on stdout', async () => {
    const { code, stdout, stderr } = await run('build', '--db', small, '--focus', '/n2', '--budget', '100');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const result = GraphRAGResultSchema.parse(JSON.parse(stdout));
    expect(result.relatedNotes.map((note) => note.uriAndTitle)).toEqual(['[Physics](/n1)']);
    expect(stdout.endsWith('}\n')).toBe(true);
  });

  it('runs on the sample notebook without --db, in both formats', async () => {
    const json = await run('build', '--focus', '19', '--budget', '500');
    expect(json.code).toBe(0);
    expect(GraphRAGResultSchema.parse(JSON.parse(json.stdout)).focusNote.uriAndTitle).toBe('[Energy](/n19)');
    const prompt = await run('build', '--focus', '19', '--budget', '500', '--format', 'prompt');
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).toContain('# Focus note\n## [Energy](/n19)\n');
    expect(prompt.stdout).toContain('\n# Related notes, most relevant first\n## ');
    const read = GraphRAGResultSchema.parse(parsePrompt(prompt.stdout));
    expect(read.focusNote.uriAndTitle).toBe('[Energy](/n19)');
    expect(read.relatedNotes.length).toBeGreaterThan(0);
  });

  it('--report puts the budget report on stderr', async () => {
    const { code, stderr } = await run('build', '--db', small, '--focus', '2', '--budget', '100', '--tokenizer', 'estimate', '--report');
    expect(code).toBe(0);
    expect(JSON.parse(stderr)).toMatchObject({ tokenizer: 'estimate', budget: 100 });
  });

  it('--focus with commas gives a MultiFocusResult (one item a GraphRAGResult); --relations, --fit; --report carries the ledger', async () => {
    const single = await run('build', '--focus', '19', '--budget', '100', '--relations', 'Child,Parent,Child', '--tokenizer', 'estimate', '--report');
    expect(single.code).toBe(0);
    const one = GraphRAGResultSchema.parse(JSON.parse(single.stdout));
    expect(new Set(one.relatedNotes.map((note) => note.relationToFocusNote))).toEqual(new Set(['Parent', 'Child']));
    const oneReport = JSON.parse(single.stderr) as { used: number; added: { uri: string; cost: number; kind: string; focus?: string }[] };
    expect(oneReport.added.filter((piece) => piece.kind === 'note').map((piece) => piece.uri)).toEqual(
      one.relatedNotes.map((note) => note.uriAndTitle.replace(/^.*\((\/n\d+)\)$/, '$1')),
    );
    expect(oneReport.added.reduce((sum, piece) => sum + piece.cost, 0)).toBe(oneReport.used);
    expect(oneReport.added.every((piece) => piece.focus === undefined)).toBe(true);

    const long = fixtureFile({
      notes: [
        { id: 1, title: 'Physics', details: 'The study of matter and energy. '.repeat(20) },
        { id: 2, title: 'Energy', parentId: 1 },
        { id: 3, title: 'Matter', parentId: 1 },
      ],
    });
    const several = await run('build', '--db', long, '--focus', '2,/n3', '--budget', '40', '--fit', 'shorten', '--format', 'prompt', '--report');
    expect(several.code).toBe(0);
    const read = MultiFocusResultSchema.parse(parsePrompt(several.stdout));
    expect(read.focusNotes.map((focusNote) => focusNote.uriAndTitle)).toEqual(['[Energy](/n2)', '[Matter](/n3)']);
    expect(read.relatedNotes[0]).toMatchObject({ uriAndTitle: '[Physics](/n1)', relationToFocusNote: 'Parent', focus: '/n2' });
    expect(read.relatedNotes[0]!.details).toMatch(/^The study of matter.*\.\.\.$/);
    const report = JSON.parse(several.stderr) as { used: number; added: { cost: number; focus?: string; shortened?: true }[] };
    expect(report.added.length).toBeGreaterThan(0);
    expect(report.added.some((piece) => piece.shortened)).toBe(true);
    expect(report.added.every((piece) => piece.focus === '/n2' || piece.focus === '/n3')).toBe(true);
    expect(report.added.reduce((sum, piece) => sum + piece.cost, 0)).toBe(report.used);

    for (const [flag, value] of [['--fit', 'squeeze'], ['--relations', 'Self'], ['--focus', '2,2']]) {
      const bad = await run('build', '--db', small, '--focus', '2', '--budget', '5', flag!, value!);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`invalid input: ${flag}:`);
    }
  });

  it("--links follows the sample notebook's [[wiki links]]: all three link relations; without it none; a bad value is one line", async () => {
    type Piece = { uri: string; relation: string; via?: string };
    const linkPieces = (stderr: string) =>
      (JSON.parse(stderr) as { added: Piece[] }).added.filter((piece) => piece.relation.startsWith('Link')).map(({ uri, relation, via }) => ({ uri, relation, via }));
    // Energy (/n19) links to Joule (/n131), which links on to Newton (/n133) and Metre (/n135);
    // エネルギー (/n115) and Watt-hour (/n138) link to Energy. One token a note: every one fits.
    const args = ['build', '--focus', '/n19', '--budget', '1000', '--tokenizer', 'one-per-note', '--report'];
    const linked = await run(...args, '--links');
    expect(linked.code).toBe(0);
    expect(linkPieces(linked.stderr)).toEqual([
      { uri: '/n131', relation: 'LinkedNote', via: undefined },
      { uri: '/n133', relation: 'LinkedNoteLink', via: '/n131' },
      { uri: '/n135', relation: 'LinkedNoteLink', via: '/n131' },
      { uri: '/n115', relation: 'LinkingNote', via: undefined },
      { uri: '/n138', relation: 'LinkingNote', via: undefined },
    ]);
    const result = GraphRAGResultSchema.parse(JSON.parse(linked.stdout));
    expect(result.relatedNotes).toContainEqual(expect.objectContaining({ uriAndTitle: '[Joule (J)](/n131)', relationToFocusNote: 'LinkedNote' }));

    const plain = await run(...args);
    expect(plain.code).toBe(0);
    expect(linkPieces(plain.stderr)).toEqual([]);
    expect(GraphRAGResultSchema.parse(JSON.parse(plain.stdout)).relatedNotes.map((note) => note.uriAndTitle)).not.toContain('[Newton (N)](/n133)');

    // A link relation named in --relations is used without --links.
    const named = await run('build', '--focus', '19', '--budget', '1000', '--tokenizer', 'one-per-note', '--relations', 'Parent,LinkingNote');
    expect(GraphRAGResultSchema.parse(JSON.parse(named.stdout)).relatedNotes.map((note) => `${note.relationToFocusNote} ${note.uriAndTitle}`)).toEqual([
      'Parent [Physics](/n1)',
      'LinkingNote [エネルギー (enerugī)](/n115)',
      'LinkingNote [Watt-hour (Wh)](/n138)',
    ]);

    // A switch takes no value (NOTE_CONTEXT_LINKS, its variable, is test/cli-config.test.ts's).
    const bad = await run(...args, '--links=yes');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe("note-context: unknown option '--links=yes'\n");
  });

  it('exit 3: a missing, deleted or unreadable focus note', async () => {
    for (const args of [['--focus', '99'], ['--focus', '3'], ['--focus', '4', '--readable-notebooks', '1']]) {
      const { code, stdout, stderr } = await run('build', '--db', small, '--budget', '10', ...args);
      expect(code).toBe(3);
      expect(stdout).toBe('');
      expect(stderr).toMatch(new RegExp(`note ${args[1]} not found\\n$`));
      expect(stderr.split('\n').length).toBe(2);
    }
  });

  it('exit 2: bad budget, even when the focus note is missing too', async () => {
    for (const budget of ['-1', '1.5', 'ten', '']) {
      const { code, stdout, stderr } = await run('build', '--db', small, '--focus', '99', '--budget', budget);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('--budget');
    }
  });

  it('exit 2: unknown tokenizer, bad focus, bad truncate, bad format, unknown flag, missing flag', async () => {
    const cases: [string[], string][] = [
      [['--focus', '2', '--budget', '5', '--tokenizer', 'gpt2'], '--tokenizer'],
      [['--focus', 'n2', '--budget', '5'], '--focus'],
      [['--focus', '2', '--budget', '5', '--truncate', '-3'], '--truncate'],
      [['--focus', '2', '--budget', '5', '--format', 'xml'], '--format'],
      [['--focus', '2', '--budget', '5', '--readable-notebooks', 'a,b'], '--readable-notebooks'],
      [['--focus', '2', '--budget', '5', '--colour'], '--colour'],
      [['--focus', '2'], '--budget'],
    ];
    for (const [args, named] of cases) {
      const { code, stdout, stderr } = await run('build', '--db', small, ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(named);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('exit 2: a bad fixture names the problem', async () => {
    const cases: [string, RegExp][] = [
      [fixtureFile('{ not json'), /not valid JSON/],
      [fixtureFile({ notes: [{ id: 1 }] }), /notes\[0\]\.title/],
      [fixtureFile({ notes: [{ id: 0, title: 'x' }] }), /notes\[0\]\.id/],
      [fixtureFile({ notes: [{ id: 1, title: 'a' }, { id: 1, title: 'b' }] }), /notes\[1\]\.id: duplicate note id 1/],
      [fixtureFile({ notes: [{ id: 1, title: 'a', parentId: 'x' }] }), /notes\[0\]\.parentId/],
      [fixtureFile({ nodes: [] }), /notes/],
      [join(dir, 'missing.json'), /missing\.json: cannot read the fixture file \(ENOENT\)$/m],
    ];
    for (const [path, message] of cases) {
      const { code, stdout, stderr } = await run('build', '--db', path, '--focus', '1', '--budget', '5');
      expect(code, path).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('siblingOrder may be any number, as spec section 1 says', async () => {
    const path = fixtureFile({
      notes: [
        { id: 1, title: 'P' },
        { id: 2, title: 'B', parentId: 1, siblingOrder: 1.5 },
        { id: 3, title: 'A', parentId: 1, siblingOrder: 1.25 },
      ],
    });
    const { code, stdout } = await run('build', '--db', path, '--focus', '1', '--budget', '100', '--tokenizer', 'one-per-note');
    expect(code).toBe(0);
    expect(GraphRAGResultSchema.parse(JSON.parse(stdout)).focusNote.children).toEqual(['[A](/n3)', '[B](/n2)']);
  });

  it('--help exits 0; no command exits 2 with one line pointing at --help', async () => {
    expect((await run('--help')).code).toBe(0);
    expect((await run('build', '--help')).stdout).toContain('--readable-notebooks');
    expect((await run('build', '--help')).stdout).toContain('--links');
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('note-context: expected a command: build, load, schema, mcp or serve (see note-context --help)\n');
  });

  it('schema prints the note table DDL', async () => {
    const { code, stdout } = await run('schema');
    expect(code).toBe(0);
    expect(stdout).toContain('CREATE TABLE IF NOT EXISTS note');
    expect(stdout).toContain('idx_note_parent_sibling_order');
  });

  it('the installed command runs as a process', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'build',
      '--focus',
      '/n19',
      '--budget',
      '300',
    ]);
    expect(GraphRAGResultSchema.parse(JSON.parse(stdout)).relatedNotes.length).toBeGreaterThan(0);
  });
});
