import * as z from 'zod';
import { BuildOptionsSchema } from './build-options.js';
import { BuildReportSchema } from './iterator/build-report.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from './result/graph-rag-result-schema.js';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/**
 * A zod schema as JSON Schema (by default draft 2020-12, the dialect of OpenAPI 3.1). `input` describes what a caller
 * may send (defaults optional), `output` what comes back. What JSON cannot carry (an `AbortSignal`) is left open.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): JsonSchema {
  return z.toJSONSchema(schema, { io, target, unrepresentable: 'any' });
}

/** A property that converts `schema` on first use. */
function converted(schema: z.ZodType, io: 'input' | 'output'): PropertyDescriptor {
  let json: JsonSchema | undefined;
  return { enumerable: true, get: () => (json ??= jsonSchemaOf(schema, io)) };
}

/**
 * JSON Schemas of the build options (as a caller writes them), the results (one focus, a list of foci) and the report, each
 * converted on first use from the zod schema that validates it; `note-context schema --json-schema` prints them.
 */
export const jsonSchemas = Object.defineProperties({}, {
  buildOptions: converted(BuildOptionsSchema, 'input'),
  result: converted(GraphRAGResultSchema, 'output'),
  multiFocusResult: converted(MultiFocusResultSchema, 'output'),
  report: converted(BuildReportSchema, 'output'),
}) as Readonly<Record<'buildOptions' | 'result' | 'multiFocusResult' | 'report', JsonSchema>>;
