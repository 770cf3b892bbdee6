import { linkTargetsOf } from '../../links/link-targets-of.js';
import { titleKeyOf } from '../../links/title-key-of.js';
import type { NoteData } from './fixture.js';
import { getOrMake } from '../get-or-make.js';

/** A memory store's links (spec section 10), found once, when first asked; lists by id, deleted notes included. */
export class LinkIndex {
  private readonly titled = new Map<string, NoteData[]>();
  private readonly targets = new Map<NoteData, readonly string[]>();
  private readonly linkers = new Map<string, NoteData[]>();

  constructor(notes: Iterable<NoteData>) {
    const byId = [...notes].sort((a, b) => a.id - b.id);
    for (const note of byId) {
      getOrMake(this.titled, titleKeyOf(note.title), () => []).push(note);
      const targets = linkTargetsOf(note.details);
      if (targets.length === 0) continue;
      this.targets.set(note, targets);
      for (const target of targets) getOrMake(this.linkers, target, () => []).push(note);
    }
  }

  /** The notes whose title has this key, by ascending id. */
  titledAs(key: string): readonly NoteData[] {
    return this.titled.get(key) ?? [];
  }

  /** The distinct targets of `note`'s links, in the order of the first link to each. */
  targetsOf(note: NoteData): readonly string[] {
    return this.targets.get(note) ?? [];
  }

  /** The notes with a link whose target is `key`, by ascending id. */
  linkingTo(key: string): readonly NoteData[] {
    return this.linkers.get(key) ?? [];
  }
}
