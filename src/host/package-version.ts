import { createRequire } from 'node:module';

/** The package's version, for server banners. */
export function packageVersion(): string {
  // src/host/ and dist/host/ both sit two levels below the package root.
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}
