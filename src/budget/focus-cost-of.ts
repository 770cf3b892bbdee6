import type { OutputFormat } from '../result/output-formats.js';
import { render } from '../result/render.js';
import type { AnyResult } from '../result/graph-rag-result-schema.js';
import { estimateTokens, type Tokenizer } from './tokenizer.js';

/** The report's `focusCost`: the output's tokens before any related note; with `estimate`, the focus notes' JSON (spec 5, 9). */
export function focusCostOf(tokenizer: Tokenizer, initial: AnyResult, format: OutputFormat): number {
  if (tokenizer.name !== 'estimate') return tokenizer.count(render(initial, format));
  return estimateTokens(JSON.stringify('focusNote' in initial ? initial.focusNote : initial.focusNotes));
}
