import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import { focusListOf, type FocusListRule } from '../relationships/focus-lists.js';
import type { RelatedRelation } from '../relationships/relation.js';

/** An entry for a focus list: the list's rule and the note's `uriAndTitle`. */
export interface ListEntry {
  readonly rule: FocusListRule;
  readonly text: string;
}

/** The focus-list entry `note` makes when `relation` reaches it (spec section 4), if that relation has a list. */
export function listEntryOf(relation: RelatedRelation, note: NoteRecord): ListEntry | undefined {
  const rule = focusListOf(relation);
  return rule && { rule, text: uriAndTitleOf(note) };
}
