import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import { focusListOf } from '../relationships/focus-lists.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { ListEntry } from './cost-model.js';

/** The focus-list entry `note` makes when `relation` reaches it (spec section 4), if that relation has a list. */
export function listEntryOf(relation: RelatedRelation, note: NoteRecord): ListEntry | undefined {
  const rule = focusListOf(relation);
  return rule && { rule, text: uriAndTitleOf(note) };
}
