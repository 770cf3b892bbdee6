import fc from 'fast-check';
import type { BuildOptions } from '../../src/build-options.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { randomNotebook, readableNotebooks } from './random-notebook.js';
import { RelationOracle } from './relation-oracle.js';

export interface Scenario {
  readonly fixture: Fixture;
  readonly options: BuildOptions & { focus: number; budget: number };
}

/**
 * A random notebook (corrupt data included) and a build whose focus note is visible to the viewer,
 * so that every run builds something: the focus is drawn among the visible notes.
 */
export function visibleFocusScenario(maxBudget: number): fc.Arbitrary<Scenario> {
  return fc
    .tuple(randomNotebook(), readableNotebooks)
    .chain(([fixture, readable]) => {
      const oracle = new RelationOracle(fixture, readable && new Set(readable));
      const visible = fixture.notes.filter((note) => oracle.visible(note.id)).map((note) => note.id);
      if (visible.length === 0) return fc.constant(undefined);
      return fc.record<Scenario>({
        fixture: fc.constant(fixture),
        options: fc.record({
          focus: fc.constantFrom(...visible),
          budget: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: maxBudget })),
          truncate: fc.constantFrom<number>(0, 5, 1000),
          ...(readable ? { readableNotebooks: fc.constant(readable) } : {}),
        }),
      });
    })
    .filter((scenario): scenario is Scenario => scenario !== undefined);
}
