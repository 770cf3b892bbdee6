import type { ResultView } from './result-view.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { FocusListName, FocusListRule } from '../relationships/focus-lists.js';
import { bareNoteOf } from './bare-note.js';
import type { BareNote, FocusedNote, FocusNote, GraphRAGResult, MultiFocusResult } from './schema.js';

/** A focus note to write: its record and contextual path (root first). */
export interface FocusStart {
  readonly focus: NoteRecord;
  readonly contextualPath: readonly NoteRecord[];
}

/**
 * Grows a result during a build: the focus notes are written in full at the start, and related
 * notes and focus-list entries are added as the iteration reaches them. One focus gives a
 * `GraphRAGResult`; a list of foci (even of one) a `MultiFocusResult` (spec section 9).
 */
export class ResultBuilder {
  private readonly focusNotes: FocusNote[];
  private readonly relatedNotes: BareNote[] = [];
  private readonly views: ResultView[];

  constructor(foci: readonly FocusStart[], readonly several = false) {
    this.focusNotes = foci.map(({ focus, contextualPath }) => ({
      ...bareNoteOf(focus, 'Self'),
      relationToFocusNote: 'Self',
      contextualPath: contextualPath.map(uriAndTitleOf),
      children: [],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: [],
    }));
    this.views = this.focusNotes.map((focusNote, index) => {
      const place = several ? { index, of: this.focusNotes.length } : undefined;
      const builder = this;
      return {
        get relatedCount() {
          return builder.relatedNotes.length;
        },
        list: (name: FocusListName) => focusNote[name],
        ...(place && { focusPlace: place }),
      };
    });
  }

  get relatedCount(): number {
    return this.relatedNotes.length;
  }

  /** A list of the first focus note. */
  list(name: FocusListName): readonly string[] {
    return this.focusNotes[0]![name];
  }

  /** The result as pricing sees it from the focus note at `index`. */
  viewOf(index: number): ResultView {
    return this.views[index]!;
  }

  addRelated(note: BareNote): void {
    this.relatedNotes.push(note);
  }

  /** Records an entry in a focus note's list (spec section 4, "Focus lists"). */
  addToFocusList({ rule, text }: { readonly rule: FocusListRule; readonly text: string }, focusIndex = 0): void {
    const list = this.focusNotes[focusIndex]![rule.list];
    if (rule.placement === 'prepend') list.unshift(text);
    else list.push(text);
  }

  /** A snapshot of a one-focus build: later additions do not change it. */
  result(): GraphRAGResult {
    return { focusNote: copyOf(this.focusNotes[0]!), relatedNotes: [...this.relatedNotes] };
  }

  /** A snapshot of a build for a list of foci. */
  multiResult(): MultiFocusResult {
    return { focusNotes: this.focusNotes.map(copyOf), relatedNotes: [...this.relatedNotes] as FocusedNote[] };
  }
}

function copyOf(focusNote: FocusNote): FocusNote {
  return {
    ...focusNote,
    contextualPath: [...focusNote.contextualPath],
    children: [...focusNote.children],
    referrings: [...focusNote.referrings],
    priorSiblings: [...focusNote.priorSiblings],
    youngerSiblings: [...focusNote.youngerSiblings],
  };
}
