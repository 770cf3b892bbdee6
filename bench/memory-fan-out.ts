// npx tsx bench/memory-fan-out.ts [--sizes=100,10000,100000] [--foci=hub,child,referring] [--builds=20] [--digest]: the in-memory
// store beside a hub of N children and N referring notes (`generateNotebooks({ seed: 20261121,
// notes: 2_000, notebooks: 2, hubChildren: [], fanOuts: [N] })`). Foci: the hub, its first child
// (N − 1 siblings), its first referring note; o200k, budget 2,000, default options. Prints per N
// and focus the median ms of `--builds` builds after two warm-up builds, the report's counts, and
// the heap the store holds once every build is done beside the heap the notebook alone takes,
// and the process's peak RSS (meaningful with `node --expose-gc --import tsx
// bench/memory-fan-out.ts --sizes=N`, one size per process). `--digest` adds a hash of each
// focus's result and report (round trips aside), to compare two versions of the code.
// For a profile: node --cpu-prof --import tsx bench/memory-fan-out.ts --sizes=100000.
import { createHash } from 'node:crypto';
import { buildContext } from '../src/build-context.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { generateNotebooks } from './generate-notebook.js';
import { markdownTable, ms } from './measure.js';

const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizes = (argument('sizes') ?? '100,10000,100000').split(',').map(Number);
const builds = Number(argument('builds') ?? 20);
const digest = process.argv.includes('--digest');
const only = argument('foci')?.split(',');
const gc = (globalThis as { gc?: () => void }).gc;
const heapMiB = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const rows: string[][] = [];
for (const fanOut of sizes) {
  const start = heapMiB();
  const generated = generateNotebooks({ seed: 20261121, notes: 2_000, notebooks: 2, hubChildren: [], fanOuts: [fanOut] });
  const hub = generated.fanOutFoci[0]!.id;
  const notes = generated.fixture.notes;
  const child = notes.filter((note) => note.parentId === hub && note.deletedAt === undefined).sort((a, b) => a.siblingOrder - b.siblingOrder || a.id - b.id)[0]!.id;
  const referring = notes.filter((note) => note.objectId === hub && note.deletedAt === undefined).sort((a, b) => a.id - b.id)[0]!.id;
  const before = heapMiB();
  const store = new MemoryNoteStore(generated.fixture);
  const withStore = heapMiB();
  for (const [name, focus] of [['hub', hub], ['child', child], ['referring', referring]] as const) {
    if (only && !only.includes(name)) continue;
    const options = { focus, budget: 2_000, tokenizer: 'o200k' as const };
    for (let warm = 0; warm < 2; warm++) await buildContext(store, options);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof buildContext>> | undefined;
    for (let index = 0; index < builds; index++) {
      const started = performance.now();
      last = await buildContext(store, options);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const { roundTrips: _roundTrips, ...report } = last!.report;
    const hash = createHash('sha256').update(JSON.stringify(last!.result)).update(JSON.stringify(report)).digest('hex').slice(0, 12);
    rows.push([
      fanOut.toLocaleString('en'),
      `${name} /n${focus}`,
      ms(times[Math.floor(times.length / 2)]!),
      ms(times[times.length - 1]!),
      String(report.candidatesConsidered),
      String(report.skippedCount),
      ...(digest ? [hash] : []),
    ]);
  }
  const after = heapMiB();
  const rss = process.resourceUsage().maxRSS / 1024;
  const heap = `heap MiB: notebook ${(before - start).toFixed(1)}, store ${(withStore - before).toFixed(1)}, kept after the builds ${(after - withStore).toFixed(1)}; peak RSS ${rss.toFixed(0)} MiB`;
  rows.push([fanOut.toLocaleString('en'), heap, '', '', '', '', ...(digest ? [''] : [])]);
}
console.log(markdownTable(['N', 'focus', 'median ms', 'max ms', 'considered', 'skipped', ...(digest ? ['digest'] : [])], rows));
