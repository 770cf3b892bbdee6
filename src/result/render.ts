import { renderJson } from './render-json.js';
import { renderPrompt } from './render-prompt.js';
import type { OutputFormat } from './output-formats.js';
import type { AnyResult } from './graph-rag-result-schema.js';

export { OUTPUT_FORMATS, type OutputFormat } from './output-formats.js';

/** The result as text in one of the formats the budget guarantee covers. */
export function render(result: AnyResult, format: OutputFormat): string {
  return format === 'json' ? renderJson(result) : renderPrompt(result);
}
