import { utf8Length } from '../model/utf8-length.js';
import type { OutputFormat } from '../result/output-formats.js';
import { render } from '../result/render.js';
import type { AnyResult } from '../result/graph-rag-result-schema.js';
import { estimateTokensOfBytes, type Tokenizer } from './tokenizer.js';

/**
 * The report's `focusCost`: the tokens of the output before any related note. With `estimate`,
 * the compact JSON of the focus note (spec section 5) or of `focusNotes` (section 9), whatever the format.
 */
export function focusCostOf(tokenizer: Tokenizer, initial: AnyResult, format: OutputFormat): number {
  if (tokenizer.name === 'estimate') {
    return estimateTokensOfBytes(utf8Length(JSON.stringify('focusNote' in initial ? initial.focusNote : initial.focusNotes)));
  }
  return tokenizer.count(render(initial, format));
}
