import type { NotePricing } from '../../src/budget/note-pricing.js';
import type { NoteRecord } from '../../src/model/note-record.js';
import { takeShortcuts, type ShortcutPlan } from '../../src/shortcuts/take-shortcuts.js';
import type { Shortcut } from '../../src/shortcuts/shortcut.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';
import { AT_HAND, NONE_LEFT, type CandidateCursor } from '../../src/strategies/candidate-cursor.js';

/** What the shortcuts did, counted over every build made with the plan, as it happened. */
export interface ShortcutsSeen {
  /**
   * Notes (or `fit: shorten` tries) a pricing shortcut priced at infinity without counting their
   * tokens, though no page had left them out: the cost floor's doing.
   */
  floored: number;
  /** Pages a cursor shortcut asked for, and had to read, half way through the page at hand: reading ahead. */
  readAhead: number;
}

/**
 * `plan` (the shortcuts every caller's build takes) with each shortcut watched from outside: the
 * shortcuts are the plan's own, each decorator given an inner seam that tells whether it was
 * called, so the counts are of what the build did, not of what a generator asked for.
 */
export function observedShortcuts(plan: ShortcutPlan = takeShortcuts): { plan: ShortcutPlan; seen: ShortcutsSeen } {
  const seen: ShortcutsSeen = { floored: 0, readAhead: 0 };
  const watched = (shortcut: Shortcut): Shortcut => ({
    ...shortcut,
    ...(shortcut.pricing && { pricing: watchPricing(shortcut.pricing, seen) }),
    ...(shortcut.cursor && { cursor: watchCursor(shortcut.cursor, seen) }),
  });
  return { plan: { firstReads: plan.firstReads, walk: (state) => plan.walk(state).map(watched) }, seen };
}

/** A note a filtered page left out: the record standing for one unread (id 0), or a page's last, marked. */
const leftOutByAPage = (note: NoteRecord) => note.id === 0 || (note as FilteredRecord).leftOut === true;

function watchPricing(decorate: (inner: NotePricing) => NotePricing, seen: ShortcutsSeen) {
  return (inner: NotePricing): NotePricing => {
    let priced = false;
    const outer = decorate({
      notePrice: (...args) => ((priced = true), inner.notePrice(...args)),
      entryCost: (...args) => inner.entryCost(...args),
    });
    return {
      notePrice: (note, ...rest) => {
        priced = false;
        const price = outer.notePrice(note, ...rest);
        if (!priced && price.cost === Infinity && !leftOutByAPage(note)) seen.floored++;
        return price;
      },
      entryCost: (...args) => outer.entryCost(...args),
    };
  };
}

function watchCursor(decorate: (inner: CandidateCursor) => CandidateCursor, seen: ShortcutsSeen) {
  return (inner: CandidateCursor): CandidateCursor => {
    let taking = false;
    const outer = decorate({
      take: () => inner.take(),
      more: () => {
        const wait = inner.more();
        // Asked while the walk takes a candidate at hand, and not known at once: a page read ahead.
        if (taking && wait !== AT_HAND && wait !== NONE_LEFT) seen.readAhead++;
        return wait;
      },
    });
    return {
      take: () => {
        taking = true;
        try {
          return outer.take();
        } finally {
          taking = false;
        }
      },
      more: () => outer.more(),
    };
  };
}
