import { compareSiblingKeys, type NoteId, type NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import { FOCUS_LISTS } from '../relationships/focus-lists.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { ResultView } from '../result/result-view.js';
import { whenRead } from '../strategies/when-read.js';
import type { Shortcut, WalkState } from './shortcut.js';

/** A relation that grows a focus list. */
type ListRelation = keyof typeof FOCUS_LISTS;

/**
 * The early stop: once the list of skipped notes is full and no new note can fit, only focus lists can change. It tries,
 * once, to record every entry the walk would still record; if they all fit, the walk ends. Not for a list of foci.
 */
export function earlyStop(state: WalkState): Shortcut {
  if (state.several) return {};
  const { ledger, report, costs, focus, parent } = state;
  // Whether each list relation offers a note at some point, and in which order (spec section 3, second table).
  const isSibling = (note: NoteRecord) => parent !== undefined && note.parent?.id === parent.id;
  const orders: Record<ListRelation, { offers(note: NoteRecord): boolean; compare(a: NoteRecord, b: NoteRecord): number }> = {
    Child: { offers: (note) => note.parent?.id === focus.id, compare: compareSiblingKeys },
    PriorSibling: { offers: (note) => isSibling(note) && compareSiblingKeys(note, focus) < 0, compare: (a, b) => compareSiblingKeys(b, a) },
    YoungerSibling: { offers: (note) => isSibling(note) && compareSiblingKeys(note, focus) > 0, compare: compareSiblingKeys },
    ReferringNote: { offers: (note) => note.object?.id === focus.id, compare: (a, b) => a.id - b.id },
  };
  const lastOffered = new Map<ListRelation, NoteRecord | undefined>();
  /** The list relations that have offered their last candidate (they are fed at start only). */
  const exhausted = new Set<RelatedRelation>();
  /** The records of the notes the ledger holds: those an earlier page returned, and each candidate once added. */
  const held = new Map<NoteId, NoteRecord>(state.excluded.map((note) => [note.id, note]));
  /** The candidate handed out last: the walk has decided on it by the next step. */
  let last: NoteRecord | undefined;
  let triedToEnd = false;

  const ends = (): boolean => {
    if (triedToEnd || !report.skippedListFull || ledger.remaining >= costs.cheapestNote) return false;
    triedToEnd = true;
    const reached = ledger.includedIds().map((id) => held.get(id)!);
    // The notes of `reached` each list relation will still offer, in its order.
    const pending = (Object.keys(orders) as ListRelation[])
      .filter((relation) => state.relations.has(relation) && !exhausted.has(relation))
      .map((relation) => {
        const { offers, compare } = orders[relation];
        const after = lastOffered.get(relation);
        return { relation, notes: reached.filter((note) => offers(note) && (after === undefined || compare(after, note) < 0)).sort(compare) };
      })
      .filter(({ notes }) => notes.length > 0);
    // Entries of two relations would come interleaved by the rotation and by candidates not yet
    // read: the ledger could not list them in walk order, so the walk goes on step by step.
    if (pending.length > 1) return false;
    report.endedEarly = pending.length === 0 || recordPendingEntries(pending[0]!.relation, pending[0]!.notes, state);
    return report.endedEarly;
  };

  return {
    strategies: (inner) => ({
      ...inner,
      next: (relation) => {
        if (last && ledger.has(last.id)) held.set(last.id, last);
        last = undefined;
        if (report.endedEarly || ends()) return undefined;
        return whenRead(inner.next(relation), (note) => {
          if (!note) exhausted.add(relation);
          else last = note;
          if (note && orders[relation as ListRelation]?.offers(note)) lastOffered.set(relation as ListRelation, note);
          return note;
        });
      },
    }),
  };
}

/**
 * Once no new note can fit, a note offered again by a list relation is recorded if its entry fits. If all pending entries
 * fit at once, each fits whenever the walk would meet it, so recording them now, in order, is what the walk would do.
 */
function recordPendingEntries(relation: ListRelation, notes: readonly NoteRecord[], { ledger, costs, result, report }: WalkState): boolean {
  const rule = FOCUS_LISTS[relation];
  const current = result.viewOf(0);
  const planned = notes.map((note) => ({ rule, text: uriAndTitleOf(note) }));
  let total = 0;
  // Each entry is priced against the list as the entries before it leave it.
  const list = [...current.list(rule.list)];
  const view: ResultView = { relatedCount: current.relatedCount, list: (name) => (name === rule.list ? list : current.list(name)) };
  for (const entry of planned) {
    total += costs.entryCost(entry, view);
    if (total > ledger.remaining) return false;
    if (rule.placement === 'prepend') list.unshift(entry.text);
    else list.push(entry.text);
  }
  // Each recorded as the walk would: priced against the result as it stands, and in the ledger.
  planned.forEach((entry, index) => {
    const cost = costs.entryCost(entry, current);
    ledger.addEntry(cost);
    result.addToFocusList(entry);
    report.add(notes[index]!.id, relation, cost, 'entry');
  });
  return true;
}
