// npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [--top 25]
// A V8 CPU profile (node --cpu-prof) summarised: self time per function, largest first, with
// its share of the sampled time and where it is defined (project files shortened).
import { readFileSync } from 'node:fs';
import { markdownTable, ms } from './measure.js';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [--top 25]');
const top = Number(process.argv[process.argv.indexOf('--top') + 1] ?? 25) || 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const root = new URL('..', import.meta.url).href;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const frame = byId.get(id)!.callFrame;
  // The inspector's own `dispatch` (no script): the profile being stopped and sent, not the work profiled.
  if (frame.functionName === 'dispatch' && frame.url === '') return;
  const where = frame.url.replace(root, '');
  const key = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
  const delta = (profile.timeDeltas[index] ?? 0) / 1000;
  self.set(key, (self.get(key) ?? 0) + delta);
  total += delta;
});
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`${ms(total)} ms sampled\n`);
console.log(markdownTable(['function', 'self ms', 'share'], rows.map(([key, value]) => [`\`${key}\``, ms(value), `${((100 * value) / total).toFixed(1)}%`])));
