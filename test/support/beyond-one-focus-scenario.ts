import fc from 'fast-check';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import { randomNotebook } from './random-notebook.js';
import { REFERENCE_RELATIONS, referenceBuild, type ReferenceOptions, type Relation } from './reference-build.js';
import { fanOutNotebook, referringNotebook, type ReferenceTokenizer } from './reference-scenarios.js';

/** A fixture and the options of one build that uses spec section 9's options. */
export interface BeyondOneFocusScenario {
  readonly fixture: Fixture;
  readonly options: ReferenceOptions;
}

/** The relations that feed others (section 3), and what they feed. */
export const FEEDERS: Partial<Record<Relation, Relation[]>> = {
  Child: ['ReifiedChildObject'],
  ReferringNote: ['ReferringSubject', 'NoteInReferringContextualPath', 'ReferringCousin'],
  ParentSibling: ['ParentSiblingChild'],
  ObjectParentSibling: ['ObjectParentSiblingChild'],
};

const UNLIMITED = 1_000_000_000;

/** Mostly every relation; else a random subset, or every relation but one or two feeders. */
const relations = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.subarray([...REFERENCE_RELATIONS], { minLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc
      .subarray(Object.keys(FEEDERS) as Relation[], { minLength: 1, maxLength: 2 })
      .map((out) => REFERENCE_RELATIONS.filter((relation) => !out.includes(relation))),
  },
);

/**
 * Random notebooks (corrupt ones, dense referrings, fanned-out foci), 1 to 4 foci — given as one
 * id or as a list — drawn mostly next to each other (parent, child, sibling, object, referring
 * note) so that foci meet as each other's candidates and notes are reached from two foci; now and
 * then one focus is invisible or missing. Random relation subsets, `fit` both ways, truncation
 * lengths from 0 to 1000, both formats, and budgets from 0 to loose, mostly tight: often all the
 * first k notes cost plus part of the next (where notes get shortened and searches find nothing).
 */
export function beyondOneFocusScenario(tokenizers: readonly ReferenceTokenizer[]): fc.Arbitrary<BeyondOneFocusScenario> {
  const source = fc.oneof(
    { weight: 2, arbitrary: randomNotebook({ maxNotes: 30 }).map((fixture) => ({ fixture, hubs: [] as number[] })) },
    { weight: 2, arbitrary: referringNotebook() },
    { weight: 3, arbitrary: fanOutNotebook() },
  );
  return source.chain(({ fixture, hubs }) =>
    fc
      .record({
        readable: fc.oneof(
          { weight: 5, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom<number[]>([1], [1, 2], [1, 3]) },
        ),
        asList: fc.integer({ min: 0, max: 3 }).map((roll) => roll > 0),
        count: fc.integer({ min: 1, max: 4 }),
        picks: fc.array(fc.record({ near: fc.noBias(fc.integer({ min: 0, max: 9 })), index: fc.noBias(fc.nat()) }), { minLength: 4, maxLength: 4 }),
        missing: fc.noBias(fc.integer({ min: 0, max: 14 })),
        relations,
        fit: fc.constantFrom<ReferenceOptions['fit']>(undefined, 'skip', 'shorten', 'shorten', 'shorten'),
        truncate: fc.constantFrom(0, 4, 30, 1000, 1000),
        tokenizer: fc.constantFrom(...tokenizers),
        format: fc.constantFrom<'json' | 'prompt'>('json', 'prompt'),
        budgetKind: fc.noBias(fc.integer({ min: 0, max: 99 })),
        percent: fc.noBias(fc.integer({ min: 3, max: 100 })),
        extra: fc.noBias(fc.integer({ min: 0, max: 60 })),
      })
      .map((picks): BeyondOneFocusScenario => {
        const byId = new Map(fixture.notes.map((note) => [note.id, note]));
        const visible = (note: NoteData | undefined): note is NoteData =>
          note !== undefined && note.deletedAt === undefined && (picks.readable === undefined || picks.readable.includes(note.notebookId));
        const visibleIds = fixture.notes.filter(visible).map((note) => note.id);
        const neighbours = (id: number): number[] => {
          const note = byId.get(id)!;
          const around = [
            byId.get(note.parentId ?? 0),
            byId.get(note.objectId ?? 0),
            ...fixture.notes.filter((other) => other.parentId === id || other.objectId === id),
            ...fixture.notes.filter((other) => note.parentId !== undefined && other.parentId === note.parentId),
          ];
          return around.filter(visible).map((other) => other.id);
        };

        const foci: number[] = [];
        const visibleHubs = hubs.filter((id) => visibleIds.includes(id));
        for (const [position, pick] of picks.picks.slice(0, picks.asList ? picks.count : 1).entries()) {
          const near = position > 0 ? neighbours(foci[pick.index % foci.length]!).filter((id) => !foci.includes(id)) : [];
          const hubsLeft = visibleHubs.filter((id) => !foci.includes(id));
          const anyLeft = visibleIds.filter((id) => !foci.includes(id));
          const from = pick.near < 7 && near.length > 0 ? near : position === 0 && pick.near < 5 && hubsLeft.length > 0 ? hubsLeft : anyLeft;
          if (from.length === 0) break;
          foci.push(from[pick.index % from.length]!);
        }
        if (foci.length === 0 || picks.missing === 0) {
          // An invisible or missing note, in some position.
          const invisible = fixture.notes.find((note: NoteData) => visibleIds.indexOf(note.id) < 0 && !foci.includes(note.id))?.id ?? fixture.notes.length + 50;
          foci.splice(picks.picks[0]!.index % (foci.length + 1), foci.length === 4 ? 1 : 0, invisible);
        }
        const focus = picks.asList || foci.length > 1 ? foci : foci[0]!;

        const base: ReferenceOptions = {
          focus,
          budget: UNLIMITED,
          tokenizer: 'estimate',
          truncate: picks.truncate,
          ...(picks.readable && { readableNotebooks: picks.readable }),
          ...(picks.relations && { relations: picks.relations }),
        };
        const finish = (budget: number): BeyondOneFocusScenario => ({
          fixture,
          options: {
            ...base,
            budget,
            tokenizer: picks.tokenizer,
            ...(picks.fit && { fit: picks.fit }),
            ...(picks.tokenizer !== 'one-per-note' && picks.tokenizer !== 'estimate' && { format: picks.format }),
          },
        });
        const full = referenceBuild(fixture, base);
        if (full === 'NoteNotFound') return finish(picks.extra);
        if (picks.budgetKind < 3) return finish(0);
        if (picks.tokenizer === 'one-per-note') {
          const count = full.result.relatedNotes.length;
          if (picks.budgetKind < 60) return finish(Math.max(1, Math.round((picks.percent / 100) * count)));
          return finish(count + picks.extra);
        }
        if (picks.budgetKind < 12) return finish(1 + picks.extra);
        if (picks.budgetKind < 45) return finish(Math.max(1, Math.floor((full.used * picks.percent) / 100)));
        if (picks.budgetKind < 80 && full.trace.addedCosts.length > 0) {
          // What the first k notes cost and part of the next one: that note does not fit whole.
          const costs = full.trace.addedCosts;
          const k = picks.extra % costs.length;
          const before = costs.slice(0, k).reduce((sum, cost) => sum + cost, 0);
          return finish(before + Math.floor((costs[k]! * picks.percent) / 100));
        }
        return finish(full.used + picks.extra);
      }),
  );
}
