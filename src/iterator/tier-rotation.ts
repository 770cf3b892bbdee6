import type { RelatedRelation } from '../relationships/relation.js';
import { TIERS, type Tier } from '../relationships/tiers.js';

/** Where each relation sits: its tier's number and its index in that tier's rotation order. */
const PLACES = new Map<RelatedRelation, { readonly tier: number; readonly index: number }>(
  TIERS.flatMap((tier) => tier.relations.map((relation, index) => [relation, { tier: tier.tier, index }] as const)),
);

/**
 * Which relations are active, and where each tier's rotation stands: after the one served last (spec section 4). Asked
 * at every step, so it keeps flags by position rather than a set of names.
 */
export class TierRotation {
  /** By tier number, then by index in the tier's rotation order: whether that relation is active. */
  private readonly active: boolean[][] = [[], ...TIERS.map((tier) => tier.relations.map(() => false))];
  /** By tier number: the index of the relation served last, -1 before the first. */
  private readonly lastServed = [-1, -1, -1, -1, -1];

  constructor(activeAtStart: Iterable<RelatedRelation>) {
    for (const relation of activeAtStart) this.set(relation, true);
  }

  /** The next active relation of `tier`, now counted as served; undefined if none is active. */
  next(tier: Tier): RelatedRelation | undefined {
    const relations = tier.relations;
    const active = this.active[tier.tier]!;
    const last = this.lastServed[tier.tier]!;
    for (let step = 1; step <= relations.length; step++) {
      const index = (last + step) % relations.length;
      if (active[index]) {
        this.lastServed[tier.tier] = index;
        return relations[index];
      }
    }
    return undefined;
  }

  get anyActive(): boolean {
    return this.active.some((flags) => flags.includes(true));
  }

  set(relation: RelatedRelation, active: boolean): void {
    const { tier, index } = PLACES.get(relation)!;
    this.active[tier]![index] = active;
  }
}
