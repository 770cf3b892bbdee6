import { expect } from 'vitest';
import { FEEDERS, type BeyondOneFocusScenario } from './beyond-one-focus-scenario.js';
import { referenceBuild, type ReferenceMultiFocusResult, type ReferenceOutcome, type Relation } from './reference-build.js';

const UNLIMITED = 1_000_000_000;

/** How often the generators reached each case of spec section 9 that the comparisons exist for. */
export class BeyondOneFocusReach {
  runs = 0;
  noteNotFound = 0;
  severalFoci = 0;
  /** A feeding relation left out while one of its dependents, which has candidates, was kept. */
  silencedDependents = 0;
  shortened = 0;
  searchesFailed = 0;
  reachedFromTwoFoci = 0;
  focusMetAsCandidate = 0;
  entries = 0;
  via = 0;

  /** Counts what the reference's build of `scenario` went through. */
  count(scenario: BeyondOneFocusScenario, outcome: ReferenceOutcome<unknown> | 'NoteNotFound'): void {
    this.runs += 1;
    if (outcome === 'NoteNotFound') {
      this.noteNotFound += 1;
      return;
    }
    const { trace, added } = outcome;
    if (Array.isArray(scenario.options.focus) && scenario.options.focus.length > 1) this.severalFoci += 1;
    if (this.silences(scenario, outcome)) this.silencedDependents += 1;
    if (trace.shortened > 0) this.shortened += 1;
    if (trace.searchesFailed > 0) this.searchesFailed += 1;
    if (trace.reachedFromTwoFoci > 0) this.reachedFromTwoFoci += 1;
    if (trace.focusMetAsCandidate > 0) this.focusMetAsCandidate += 1;
    if (added.some((piece) => piece.kind === 'entry')) this.entries += 1;
    if (added.some((piece) => piece.via !== undefined)) this.via += 1;
  }

  /**
   * Whether a dependent kept in `relations` offered nothing because its feeder was left out, where
   * the same build with every relation (and no budget limit) has it offer candidates.
   */
  private silences(scenario: BeyondOneFocusScenario, outcome: ReferenceOutcome<unknown>): boolean {
    const kept = scenario.options.relations;
    if (kept === undefined) return false;
    const silenced = (Object.entries(FEEDERS) as [Relation, Relation[]][])
      .filter(([feeder]) => !kept.includes(feeder))
      .flatMap(([, dependents]) => dependents.filter((dependent) => kept.includes(dependent)));
    if (silenced.length === 0) return false;
    const { relations: _all, ...everyRelation } = scenario.options;
    const unrestricted = referenceBuild(scenario.fixture, { ...everyRelation, budget: UNLIMITED, tokenizer: 'one-per-note' }) as ReferenceOutcome<
      ReferenceMultiFocusResult | unknown
    >;
    return silenced.some((dependent) => outcome.trace.offered.get(dependent) === 0 && unrestricted.trace.offered.get(dependent)! > 0);
  }

  toString(): string {
    return (
      `${this.runs} runs: NoteNotFound ${this.noteNotFound}, several foci ${this.severalFoci}, ` +
      `dependents silenced by a left-out feeder ${this.silencedDependents}, a note shortened ${this.shortened}, ` +
      `a search that found nothing ${this.searchesFailed}, a note reached from two foci ${this.reachedFromTwoFoci}, ` +
      `a focus met as another's candidate ${this.focusMetAsCandidate}, entries for duplicates ${this.entries}, notes with via ${this.via}`
    );
  }

  /** Every case reached at least `times` times. */
  expectReached(times: number): void {
    for (const [name, runs] of Object.entries({
      silencedDependents: this.silencedDependents,
      shortened: this.shortened,
      searchesFailed: this.searchesFailed,
      reachedFromTwoFoci: this.reachedFromTwoFoci,
      focusMetAsCandidate: this.focusMetAsCandidate,
      noteNotFound: this.noteNotFound,
      via: this.via,
    })) {
      expect(runs, `${name} in ${this}`).toBeGreaterThanOrEqual(times);
    }
  }
}
