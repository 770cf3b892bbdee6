import type { NoteId, NoteRecord } from '../model/note-record.js';

/**
 * The ancestors of `start`, nearest first, from records in any order; it ends at a missing or invisible parent, or at a
 * note seen before (the start counts), so corrupt data with a cycle never loops.
 */
export function walkParentChain(start: NoteRecord, ancestors: readonly NoteRecord[]): NoteRecord[] {
  const byId = new Map<NoteId, NoteRecord>(ancestors.map((note) => [note.id, note]));
  const seen = new Set<NoteId>([start.id]);
  const chain: NoteRecord[] = [];
  let next = start.parent && byId.get(start.parent.id);
  while (next && !seen.has(next.id)) {
    seen.add(next.id);
    chain.push(next);
    next = next.parent && byId.get(next.parent.id);
  }
  return chain;
}
