import { renderJson } from './render-json.js';
import { renderPrompt } from './render-prompt.js';
import type { GraphRAGResult } from './schema.js';

export const OUTPUT_FORMATS = ['json', 'prompt'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The result as text in one of the formats the budget guarantee covers. */
export function render(result: GraphRAGResult, format: OutputFormat): string {
  return format === 'json' ? renderJson(result) : renderPrompt(result);
}
