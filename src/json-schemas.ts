import { z } from 'zod';
import { BuildOptionsSchema } from './build-options.js';
import { BuildReportSchema } from './iterator/build-report.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from './result/graph-rag-result-schema.js';

/** A JSON Schema document. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/**
 * A zod schema as JSON Schema (by default draft 2020-12, the dialect of OpenAPI 3.1). `input`
 * describes what a caller may send (defaults optional), `output` what comes back. What JSON
 * cannot carry (an `AbortSignal` option) is left open rather than failing the conversion.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12',
): JsonSchema {
  return z.toJSONSchema(schema, { io, target, unrepresentable: 'any' });
}

/**
 * JSON Schemas of the build options (as a caller writes them), the result (`result` for one
 * focus, `multiFocusResult` for a list of foci) and the report, made
 * from the zod schemas that validate them; `note-context schema --json-schema` prints them and
 * the MCP tools and the HTTP API's OpenAPI document are made from the same zod schemas.
 * Each is converted on first use.
 */
export const jsonSchemas: {
  readonly buildOptions: JsonSchema;
  readonly result: JsonSchema;
  readonly multiFocusResult: JsonSchema;
  readonly report: JsonSchema;
} = {
  get buildOptions() {
    return once('buildOptions', () => jsonSchemaOf(BuildOptionsSchema, 'input'));
  },
  get result() {
    return once('result', () => jsonSchemaOf(GraphRAGResultSchema, 'output'));
  },
  get multiFocusResult() {
    return once('multiFocusResult', () => jsonSchemaOf(MultiFocusResultSchema, 'output'));
  },
  get report() {
    return once('report', () => jsonSchemaOf(BuildReportSchema, 'output'));
  },
};

const converted = new Map<string, JsonSchema>();
function once(key: string, convert: () => JsonSchema): JsonSchema {
  let schema = converted.get(key);
  if (!schema) converted.set(key, (schema = convert()));
  return schema;
}
