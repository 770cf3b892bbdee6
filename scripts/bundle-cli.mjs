// `npm run build`, after tsc: bundles the CLI (dist/cli/main.js and what it imports) into dist/cli/ itself,
// so that `note-context` loads a few dozen files instead of hundreds (its own modules, zod, commander, kysely…):
// most of its start-up was resolving and reading modules one by one. Each command still loads only
// what it needs: the build, the options schema, each store and the services stay chunks of their own,
// imported when used. Database drivers, the services' frameworks, the tokenizer's tables and the
// OpenTelemetry API stay packages of their own. The library (dist/index.js and the other entries) is not bundled.
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const outdir = `${dist}cli`;

/** A module that finds a file beside itself (`new URL('./x', import.meta.url)`) keeps finding it from its chunk. */
const whereItWas = {
  name: 'import-meta-url-where-it-was',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      if (!path.startsWith(dist)) return undefined;
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const from = relative(outdir, path).split(sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), loader: 'js', resolveDir: dirname(path) };
    });
  },
};

await build({
  entryPoints: [`${outdir}/main.js`],
  outdir,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Bundled CommonJS (commander, dataloader) calls `require` for Node's own modules.
  banner: { js: "import { createRequire as __noteContextRequire } from 'node:module'; const require = __noteContextRequire(import.meta.url);" },
  external: ['mysql2', 'pg', 'pg-*', 'fastify', '@fastify/*', '@modelcontextprotocol/*', 'pino', 'pino-*', 'prom-client', '@opentelemetry/*', 'gpt-tokenizer', 'gpt-tokenizer/*'],
  plugins: [whereItWas],
  logLevel: 'warning',
});
