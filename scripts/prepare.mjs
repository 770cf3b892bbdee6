// `npm run prepare`: builds dist/ unless it was built from exactly these inputs. npm runs
// `prepare` after `npm ci` and `npm install`, before `npm pack`, and also when `npx note-context`
// runs inside this directory: npx installs the directory itself as a package into its cache and
// prepares it, which rebuilt dist/ (about 18 s) on the first `npx note-context build` after
// `npm ci` had just built it. The inputs' hash is kept in node_modules/.cache, outside the package.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'node_modules', '.cache', 'note-context', 'build-inputs.sha256');
const inputs = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/write-rank-files.mjs', 'scripts/bundle-cli.mjs'];

function filesUnder(folder) {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length));
}

const hash = createHash('sha256');
for (const file of [...inputs, ...filesUnder('src')].sort()) {
  hash.update(`${file}\0`).update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : '').update('\0');
}
const digest = hash.digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.log('note-context: dist/ is up to date with src/, not rebuilt');
} else {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, digest);
}
