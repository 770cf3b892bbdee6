import type { RelatedRelation } from '../relationships/relation.js';
import type { Tier } from '../relationships/tiers.js';

/**
 * Which relations are active, and where each tier's rotation stands. A tier's rotation resumes
 * after the relation it served last, skipping inactive ones (spec section 4).
 */
export class TierRotation {
  private readonly active: Set<RelatedRelation>;
  /** By tier number: the index of the relation served last, -1 before the first. */
  private readonly lastServed = [-1, -1, -1, -1, -1];

  constructor(activeAtStart: Iterable<RelatedRelation>) {
    this.active = new Set(activeAtStart);
  }

  /** The next active relation of `tier`, now counted as served; undefined if none is active. */
  next(tier: Tier): RelatedRelation | undefined {
    const relations = tier.relations;
    const last = this.lastServed[tier.tier]!;
    for (let step = 1; step <= relations.length; step++) {
      const index = (last + step) % relations.length;
      const relation = relations[index]!;
      if (this.active.has(relation)) {
        this.lastServed[tier.tier] = index;
        return relation;
      }
    }
    return undefined;
  }

  activate(relation: RelatedRelation): void {
    this.active.add(relation);
  }

  deactivate(relation: RelatedRelation): void {
    this.active.delete(relation);
  }

  isActive(relation: RelatedRelation): boolean {
    return this.active.has(relation);
  }

  get anyActive(): boolean {
    return this.active.size > 0;
  }
}
