// Run by bench/run.ts in a process of its own: many builds against one MySQL store, then the
// process's peak resident memory. Arguments: a mysql:// URL, the number of builds, a focus list.
import { buildContext } from '../src/build-context.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';

const [url, buildsArgument, fociArgument] = process.argv.slice(2);
if (!url || !buildsArgument || !fociArgument) throw new Error('usage: memory-probe <mysql-url> <builds> <comma-separated foci>');
const builds = Number(buildsArgument);
const foci = fociArgument.split(',').map(Number);
const store = MysqlNoteStore.fromUrl(url, { poolSize: 2 });
const mib = (bytes: number) => bytes / 1024 / 1024;
let rssAfterWarmUp = 0;
const started = performance.now();
try {
  for (let index = 0; index < builds; index++) {
    await buildContext(store, { focus: foci[index % foci.length]!, budget: 2000, tokenizer: 'o200k' });
    if (index === 99) rssAfterWarmUp = mib(process.memoryUsage().rss);
  }
} finally {
  await store.destroy();
}
console.log(
  JSON.stringify({
    builds,
    seconds: (performance.now() - started) / 1000,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    rssAfterWarmUpMiB: rssAfterWarmUp,
    rssAtEndMiB: mib(process.memoryUsage().rss),
    heapUsedAtEndMiB: mib(process.memoryUsage().heapUsed),
  }),
);
