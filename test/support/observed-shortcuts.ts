import type { NotePricing } from '../../src/budget/note-pricing.js';
import type { NoteRecord } from '../../src/model/note-record.js';
import { takeShortcuts, type ShortcutPlan } from '../../src/shortcuts/take-shortcuts.js';
import type { Shortcut } from '../../src/shortcuts/shortcut.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';
import type { ReadingCursor } from '../../src/strategies/create-strategies.js';
import type { PageSource } from '../../src/strategies/page-source.js';

/** What the shortcuts did, counted over every build made with the plan, as it happened. */
export interface ShortcutsSeen {
  /**
   * Notes (or `fit: shorten` tries) a pricing shortcut priced at infinity without counting their
   * tokens, though no page had left them out: the cost floor's doing.
   */
  floored: number;
  /** Pages a reading shortcut asked for while handing out a candidate of the page at hand: reading ahead. */
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
    ...(shortcut.reading && { reading: watchReading(shortcut.reading, seen) }),
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
        if (!priced && price === Infinity && !leftOutByAPage(note)) seen.floored++;
        return price;
      },
      entryCost: (...args) => outer.entryCost(...args),
    };
  };
}

function watchReading(decorate: (inner: ReadingCursor) => ReadingCursor, seen: ShortcutsSeen) {
  return (inner: ReadingCursor): ReadingCursor => {
    const outer = decorate(inner);
    return (pages, relation) => {
      let taking = false;
      let asked = false;
      const watched: PageSource = {
        nextPage: () => {
          asked ||= taking;
          return pages.nextPage();
        },
      };
      const cursor = outer(watched, relation);
      return {
        next: () => {
          taking = true;
          asked = false;
          try {
            const next = cursor.next();
            // A page asked for while a candidate at hand was handed out: read ahead of need.
            if (asked && !(next instanceof Promise)) seen.readAhead++;
            return next;
          } finally {
            taking = false;
          }
        },
      };
    };
  };
}
