// npx tsx bench/profile-doughnut-memory.ts [--quick]
//
// The in-memory lines of bench/doughnut-schema.ts alone, under V8's CPU profiler (the one
// `node --cpu-prof` starts, here started around the timed builds only, so that making the
// notebook is not in the profile): the hub-heavy notebook, 5 s of estimate builds one at a time,
// then the 400 o200k builds. Writes bench/out/doughnut-memory-estimate.cpuprofile and
// bench/out/doughnut-memory-o200k.cpuprofile (open them in Chrome's DevTools, or summarise with
// `npx tsx bench/cpu-profile-top.ts <file>`), and prints the figures the profiles go with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { randomFoci } from './doughnut-schema.js';
import { generateHubHeavyNotebooks, HUB_HEAVY_FULL, HUB_HEAVY_QUICK } from './generate-hub-heavy-notebook.js';
import { measureBuilds, measureThroughput, ms, warmUp, FailureCount } from './measure.js';

const settings = process.argv.includes('--quick') ? HUB_HEAVY_QUICK : HUB_HEAVY_FULL;
const generated = generateHubHeavyNotebooks(settings);
const foci = randomFoci(generated, 450, settings.seed).slice(50);
const store = new MemoryNoteStore(generated.fixture);
const plan = { store, foci, budget: 2_000 };
const out = new URL('out/', import.meta.url);
mkdirSync(out, { recursive: true });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
const profiled = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(new URL(`doughnut-memory-${name}.cpuprofile`, out), JSON.stringify(profile));
  return result;
};

await warmUp({ ...plan, tokenizer: 'estimate', builds: 50 }, new FailureCount());
const estimate = await profiled('estimate', () => measureThroughput({ ...plan, tokenizer: 'estimate' }, 1, 5));
console.log(`estimate: ${estimate.perSecond.toFixed(0)} builds/s`);
await warmUp({ ...plan, tokenizer: 'o200k', builds: 50 }, new FailureCount());
const o200k = await profiled('o200k', () => measureBuilds({ ...plan, tokenizer: 'o200k', builds: foci.length, warmUp: 0 }));
console.log(`o200k: median ${ms(o200k.median)} ms, p99 ${ms(o200k.p99)} ms`);
session.disconnect();
console.log(`profiles in ${out.pathname}`);
