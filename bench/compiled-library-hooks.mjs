// The resolve hook of compiled-library.mjs: `src/**/*.ts` becomes `dist/**/*.js`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = new URL('../src/', import.meta.url).href;
const dist = new URL('../dist/', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith(src)) return resolved;
  const compiled = dist + resolved.url.slice(src.length).replace(/\.ts$/, '.js');
  if (!existsSync(fileURLToPath(compiled))) throw new Error(`${compiled} is missing: run npm run build first`);
  return { ...resolved, url: compiled, format: 'module' };
}
