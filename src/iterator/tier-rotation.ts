import type { RelatedRelation } from '../relationships/relation.js';
import type { Tier } from '../relationships/tiers.js';

/**
 * Which relations are active, and where each tier's rotation stands. A tier's rotation resumes
 * after the relation it served last, skipping inactive ones (spec section 4).
 */
export class TierRotation {
  private readonly active: Set<RelatedRelation>;
  private readonly lastServed = new Map<Tier, number>();

  constructor(activeAtStart: Iterable<RelatedRelation>) {
    this.active = new Set(activeAtStart);
  }

  /** The next active relation of `tier`, now counted as served; undefined if none is active. */
  next(tier: Tier): RelatedRelation | undefined {
    const relations = tier.relations;
    const last = this.lastServed.get(tier) ?? -1;
    for (let step = 1; step <= relations.length; step++) {
      const index = (last + step) % relations.length;
      const relation = relations[index]!;
      if (this.active.has(relation)) {
        this.lastServed.set(tier, index);
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
