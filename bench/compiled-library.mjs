// `node --import tsx --import ./bench/compiled-library.mjs bench/run.ts`: the benchmark measures the
// library as users run it, compiled by tsc into dist/, while the benchmark's own files run through
// tsx. Every import that lands in src/ is answered from dist/ (the same file, compiled), so the
// benchmark, its support code and the library share one module graph. tsx compiles with esbuild's
// keepNames, which names every function a build creates at run time: measured through tsx, a build
// pays for that, and users never do.
import { register } from 'node:module';

register('./compiled-library-hooks.mjs', import.meta.url);
