import type { z } from 'zod';
import { jsonSchemaOf, jsonSchemas, type JsonSchema } from '../json-schemas.js';
import { FindNotesRequestSchema } from '../service/requests.js';
import {
  ContextQuerySchema,
  ErrorBodySchema,
  FoundNotesSchema,
  HealthSchema,
  READABLE_NOTEBOOKS_HEADER,
  REPORT_HEADER,
} from './http-schemas.js';

/** JSON Schema for use inside an OpenAPI 3.1 document (its dialect is the document's). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return withoutDialect(jsonSchemaOf(schema, io));
}

function withoutDialect({ $schema: _dialect, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

function queryParameters(schema: z.ZodObject, skip: readonly string[] = []) {
  return Object.entries(schema.shape)
    .filter(([name]) => !skip.includes(name))
    .map(([name, field]) => {
      const fieldSchema = schemaOf(field as z.ZodType, 'input');
      return {
        name,
        in: 'query',
        required: !(field as z.ZodType).safeParse(undefined).success,
        ...(fieldSchema.description !== undefined && { description: fieldSchema.description }),
        schema: fieldSchema,
      };
    });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document of the HTTP API, its schemas made from the zod schemas that check it. */
export function openApiDocument({ version, bearer, prefix = '' }: { version: string; bearer: boolean; prefix?: string }) {
  const readableNotebooks = {
    name: READABLE_NOTEBOOKS_HEADER,
    in: 'header',
    required: false,
    description:
      'Comma-separated notebook ids the viewer may read, set by the calling backend (empty: none). ' +
      "Intersected with the server's --readable-notebooks; without either, every notebook is readable.",
    schema: { type: 'string', pattern: '^\\s*([1-9][0-9]*\\s*(,\\s*[1-9][0-9]*\\s*)*)?$' },
  };
  const unauthorized = bearer ? { '401': errorResponse('No or wrong bearer token.') } : {};
  const probe = (summary: string, ready: boolean) => ({
    get: {
      operationId: summary.split(' ')[0]!.toLowerCase() + (ready ? 'Ready' : ''),
      summary,
      security: [],
      responses: {
        '200': { description: 'Yes.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
        ...(ready && {
          '503': { description: 'The store cannot be read (or did not answer in time).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
        }),
      },
    },
  });
  const unavailable = errorResponse('The database cannot be reached, the request took too long, or too many run at once (Retry-After).');
  return {
    openapi: '3.1.0',
    info: {
      title: 'note-context',
      version,
      description:
        'The context an AI assistant needs about one note, within a token budget. Meant to sit behind a notes backend, ' +
        'which decides what each viewer may read; never expose it to end users directly.',
    },
    ...(bearer && { security: [{ bearer: [] }] }),
    paths: Object.fromEntries(Object.entries({
      '/notes/{id}/context': {
        get: {
          operationId: 'getNoteContext',
          summary: 'Build the context of one focus note',
          parameters: [
            { name: 'id', in: 'path', required: true, description: 'The focus note id.', schema: schemaOf(ContextQuerySchema.shape.focus, 'input') },
            ...queryParameters(ContextQuerySchema, ['focus']),
            readableNotebooks,
          ],
          responses: {
            '200': {
              description:
                `format=json: the result and the budget report. format=prompt: the prompt text, with the report as compact JSON in ${REPORT_HEADER}.`,
              headers: { [REPORT_HEADER]: { description: 'format=prompt only: the BuildReport as compact JSON.', schema: { type: 'string' } } },
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/ContextEnvelope' } },
                'text/markdown': { schema: { type: 'string' } },
              },
            },
            '400': errorResponse('Invalid input; `field` names it.'),
            ...unauthorized,
            '404': errorResponse('The focus note is missing, deleted or not readable.'),
            '503': unavailable,
          },
        },
      },
      '/notes': {
        get: {
          operationId: 'findNotes',
          summary: 'Find notes whose title starts with a query',
          parameters: [...queryParameters(FindNotesRequestSchema), readableNotebooks],
          responses: {
            '200': { description: 'Shortest titles first.', content: { 'application/json': { schema: { $ref: '#/components/schemas/FoundNotes' } } } },
            '400': errorResponse('Invalid input; `field` names it.'),
            ...unauthorized,
            '503': unavailable,
          },
        },
      },
      '/livez': probe('Live: the process answers (the store is not looked at)', false),
      '/readyz': probe('Ready: a build could start now (a read opens and closes on the store)', true),
      '/health': probe('Health: the same as /readyz', true),
      '/metrics': {
        get: {
          operationId: 'metrics',
          summary: 'Prometheus metrics (text exposition format)',
          responses: { '200': { description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } }, ...unauthorized },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openApi',
          summary: 'This document',
          responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } }, ...unauthorized },
        },
      },
    }).map(([path, item]) => [`${prefix}${path}`, item])),
    components: {
      schemas: {
        ContextEnvelope: {
          type: 'object',
          properties: { result: { $ref: '#/components/schemas/GraphRAGResult' }, report: { $ref: '#/components/schemas/BuildReport' } },
          required: ['result', 'report'],
          additionalProperties: false,
        },
        GraphRAGResult: withoutDialect(jsonSchemas.result),
        BuildReport: withoutDialect(jsonSchemas.report),
        FoundNotes: schemaOf(FoundNotesSchema, 'output'),
        Health: schemaOf(HealthSchema, 'output'),
        Error: schemaOf(ErrorBodySchema, 'output'),
      },
      ...(bearer && { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }),
    },
  };
}
