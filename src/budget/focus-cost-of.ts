import { utf8Length } from '../model/utf8-length.js';
import type { OutputFormat } from '../result/output-formats.js';
import { render } from '../result/render.js';
import type { AnyResult } from '../result/schema.js';
import { estimateTokensOfBytes, type Tokenizer } from './tokenizer.js';

/**
 * The report's `focusCost`: the tokens of the output before any related note was added. With
 * `estimate`, the spec's formula whatever the format: the compact JSON of the focus note (section
 * 5), or of the `focusNotes` array (section 9), over 3.75; `one-per-note` charges no text.
 */
export function focusCostOf(tokenizer: Tokenizer, initial: AnyResult, format: OutputFormat): number {
  if (tokenizer.name === 'estimate') {
    return estimateTokensOfBytes(utf8Length(JSON.stringify('focusNote' in initial ? initial.focusNote : initial.focusNotes)));
  }
  return tokenizer.count(render(initial, format));
}
