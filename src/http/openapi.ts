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
export function openApiDocument({ version, bearer }: { version: string; bearer: boolean }) {
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
    paths: {
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
      '/context': {
        get: {
          operationId: 'getContext',
          summary: 'Build one context of several focus notes under one budget',
          parameters: [
            {
              name: 'focus',
              in: 'query',
              required: true,
              description: 'The foci: ids or uris /n{id}, comma-separated, 1 to 10 distinct ones. One gives a GraphRAGResult, several a MultiFocusResult.',
              schema: { type: 'string' },
            },
            ...queryParameters(ContextQuerySchema, ['focus']),
            readableNotebooks,
          ],
          responses: {
            '200': {
              description: `As for /notes/{id}/context; with several foci the result is a MultiFocusResult.`,
              headers: { [REPORT_HEADER]: { description: 'format=prompt only: the BuildReport as compact JSON.', schema: { type: 'string' } } },
              content: {
                'application/json': {
                  schema: { oneOf: [{ $ref: '#/components/schemas/ContextEnvelope' }, { $ref: '#/components/schemas/MultiFocusEnvelope' }] },
                },
                'text/markdown': { schema: { type: 'string' } },
              },
            },
            '400': errorResponse('Invalid input; `field` names it.'),
            ...unauthorized,
            '404': errorResponse('A focus note is missing, deleted or not readable (the first such is named).'),
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
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Whether a build could start now (opens and closes a read on the store)',
          security: [],
          responses: {
            '200': { description: 'Ready.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
            '503': { description: 'The store cannot be read.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openApi',
          summary: 'This document',
          responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } }, ...unauthorized },
        },
      },
    },
    components: {
      schemas: {
        ContextEnvelope: {
          type: 'object',
          properties: { result: { $ref: '#/components/schemas/GraphRAGResult' }, report: { $ref: '#/components/schemas/BuildReport' } },
          required: ['result', 'report'],
          additionalProperties: false,
        },
        MultiFocusEnvelope: {
          type: 'object',
          properties: { result: { $ref: '#/components/schemas/MultiFocusResult' }, report: { $ref: '#/components/schemas/BuildReport' } },
          required: ['result', 'report'],
          additionalProperties: false,
        },
        GraphRAGResult: withoutDialect(jsonSchemas.result),
        MultiFocusResult: withoutDialect(jsonSchemas.multiFocusResult),
        BuildReport: withoutDialect(jsonSchemas.report),
        FoundNotes: schemaOf(FoundNotesSchema, 'output'),
        Health: schemaOf(HealthSchema, 'output'),
        Error: schemaOf(ErrorBodySchema, 'output'),
      },
      ...(bearer && { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }),
    },
  };
}
