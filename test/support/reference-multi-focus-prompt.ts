import { renderPrompt } from '../../src/result/render-prompt.js';
import type { BareNote, FocusNote } from '../../src/result/graph-rag-result-schema.js';
import type { ReferenceMultiFocusResult } from './reference-build.js';

const FOCUS_HEADER = '# Focus note\n';
const RELATED_HEADER = '# Related notes, most relevant first\n';

/** The first line of the explanation for several foci, in place of the single prompt's. */
const FIRST_LINE =
  'Below is context from a personal knowledge base: first the focus notes, in full, then notes related to them, from most to least relevant.';
/** The line added at the end of the explanation for several foci. */
const FOCUS_LINE = '- Each related note also names, after "Focus:", the uri of the focus note its relation is to.';

const BLANK_FOCUS: FocusNote = {
  uriAndTitle: '[x](/n1)',
  relationToFocusNote: 'Self',
  contextualPath: [],
  children: [],
  referrings: [],
  priorSiblings: [],
  youngerSiblings: [],
};

/**
 * The prompt of a `MultiFocusResult` (spec section 9 leaves the layout open), written with the
 * single prompt's own blocks so that it keeps that prompt's guarantees (note text never becomes
 * layout; every related note is a piece that starts after a line break and ends with one):
 *
 *     <the single prompt's explanation, its first line speaking of focus notes, plus FOCUS_LINE>
 *     # Focus notes
 *     <each focus note, in the given order, exactly as the single prompt writes its focus note>
 *     # Related notes, most relevant first
 *     <each related note as the single prompt writes it, with `Focus: /n{id}` after `Relation:`>
 */
export function referenceMultiFocusPrompt(result: ReferenceMultiFocusResult): string {
  const first = renderPrompt({ focusNote: result.focusNotes[0]!, relatedNotes: [] });
  const explanation = first.slice(0, first.indexOf(FOCUS_HEADER));
  const bullets = explanation.slice(explanation.indexOf('\n') + 1).replace(/\n+$/, '\n');
  const focusBlocks = result.focusNotes.map(focusBlock);
  const relatedBlocks = result.relatedNotes.map(({ focus, ...note }) => relatedBlock(note, focus));
  return `${FIRST_LINE}\n${bullets}${FOCUS_LINE}\n\n# Focus notes\n${focusBlocks.join('')}${RELATED_HEADER}${relatedBlocks.join('')}`;
}

/** The focus note's block of the single prompt: from its `##` heading to the related notes' header. */
function focusBlock(focusNote: FocusNote): string {
  const text = renderPrompt({ focusNote, relatedNotes: [] });
  if (!text.endsWith(RELATED_HEADER)) throw new Error('the single prompt no longer ends with the related notes header');
  return text.slice(text.indexOf(FOCUS_HEADER) + FOCUS_HEADER.length, text.length - RELATED_HEADER.length);
}

/** A related note's block of the single prompt, with the line naming its focus after `Relation:`. */
function relatedBlock(note: BareNote, focus: string): string {
  const text = renderPrompt({ focusNote: BLANK_FOCUS, relatedNotes: [note] });
  const block = text.slice(text.indexOf(RELATED_HEADER) + RELATED_HEADER.length);
  const afterRelation = block.indexOf('\n', block.indexOf('\n') + 1) + 1;
  if (!block.slice(block.indexOf('\n') + 1).startsWith('Relation: ')) throw new Error('a related note no longer starts with its heading and relation');
  return `${block.slice(0, afterRelation)}Focus: ${focus}\n${block.slice(afterRelation)}`;
}
