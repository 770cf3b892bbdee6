import { afterAll } from 'vitest';
import { buildContext, type BuildOutcome } from '../../src/build-context.js';
import type { BuildOptions } from '../../src/build-options.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { plainStoreKind, storeKindFactories, type StoreKind } from './store-kinds.js';

/** Every store kind the shared suites run over; each suite gets its own instances. */
export const STORE_KINDS: readonly StoreKind[] = storeKindFactories.map((make) => make());

/** The kinds a build runs over: every store kind, and one that implements only the required port. */
export const BUILD_STORE_KINDS: readonly StoreKind[] = [...STORE_KINDS, plainStoreKind()];

/** Builds on `kind` over `fixture`. */
export function builderFor(kind: StoreKind) {
  afterAll(() => kind.dispose());
  return async (fixture: Fixture, options: BuildOptions): Promise<BuildOutcome> =>
    buildContext(await kind.load(fixture), options);
}

/** `Relation id` for each related note: the shape scenario expectations are written in. */
export function relatedOf(outcome: BuildOutcome): string[] {
  return outcome.result.relatedNotes.map((note) => `${note.relationToFocusNote} ${idOf(note.uriAndTitle)}`);
}

/** The ids in a list of `[title](/nID)` entries. */
export function idsOf(entries: readonly string[]): number[] {
  return entries.map(idOf);
}

function idOf(uriAndTitle: string): number {
  const match = /\(\/n(\d+)\)$/.exec(uriAndTitle);
  if (!match) throw new Error(`not a note link: ${uriAndTitle}`);
  return Number(match[1]);
}
