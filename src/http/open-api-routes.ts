import type { FastifySchema } from 'fastify';
import * as z from 'zod';
import { jsonSchemaOf, type JsonSchema } from '../json-schemas.js';
import { FindNotesRequestSchema } from '../host/find-notes-request-schema.js';
import { FoundNotesSchema } from '../host/found-notes-schema.js';
import { ContextEnvelopeSchema, MultiFocusEnvelopeSchema, REPORT_HEADER } from './context-envelope-schema.js';
import { ContextQuerySchema, READABLE_NOTEBOOKS_HEADER } from './context-query-schema.js';
import { ErrorBodySchema } from './http-error.js';

/** `GET /livez`, `/readyz` and `/health`. */
const HealthSchema = z.strictObject({ status: z.enum(['ok', 'unavailable']), message: z.string().optional() });

/** JSON Schema inside an OpenAPI 3.1 document (whose dialect it takes). */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...inDocument } = jsonSchemaOf(schema, io);
  return inDocument;
};
const json = (schema: object) => ({ 'application/json': { schema } });

/** The OpenAPI side of each route, by path, from the zod schemas that check them; no `$ref`, so that a host's own document stands alone. */
export function openApiRoutes({ bearer, publicMetrics }: { bearer: boolean; publicMetrics: boolean }): Record<string, FastifySchema> {
  const error = (description: string) => ({ description, content: json(schemaOf(ErrorBodySchema, 'output')) });
  const unauthorized = bearer ? { 401: error('No or wrong bearer token (WWW-Authenticate: Bearer).') } : {};
  const invalid = error('Invalid input; `field` names it.');
  const unavailable = error('The database cannot be reached, the request took too long, or too many wait for a free slot (Retry-After).');
  const description =
    'Comma-separated notebook ids the viewer may read, set by the calling backend (empty: none). ' +
    "Intersected with the server's --readable-notebooks; without either, every notebook is readable.";
  const pattern = '^\\s*([1-9][0-9]*\\s*(,\\s*[1-9][0-9]*\\s*)*)?$';
  const headers = { type: 'object', properties: { [READABLE_NOTEBOOKS_HEADER]: { type: 'string', pattern, description } } };
  const health = (description: string) => ({ description, content: json(schemaOf(HealthSchema, 'output')) });
  const probe = (operationId: string, summary: string, ready: boolean): FastifySchema => ({
    operationId,
    summary,
    security: [],
    response: { 200: health('Yes.'), ...(ready && { 503: health('The store cannot be read, or did not answer in time.') }) },
  });
  // The focus is the path's `id` (or `/context`'s list); the rest of the request is the query.
  const { focus } = schemaOf(ContextQuerySchema, 'input').properties as Record<string, JsonSchema>;
  const contextQuery = schemaOf(ContextQuerySchema.omit({ focus: true }), 'input');
  const contextAnswers = (description: string, result: object, notFound: string) => ({
    200: {
      description,
      headers: {
        [REPORT_HEADER]: { type: 'string', description: 'format=prompt only: the BuildReport as compact JSON.' },
        ETag: { type: 'string', description: 'A weak tag of the answer: send it back in If-None-Match to get 304 when nothing changed.' },
        'Server-Timing': { type: 'string', description: 'build and read time, in milliseconds.' },
      },
      content: { 'application/json': { schema: result }, 'text/markdown': { schema: { type: 'string' } } },
    },
    304: { description: 'The answer is the one If-None-Match names.' },
    400: invalid,
    ...unauthorized,
    404: error(notFound),
    503: unavailable,
  });
  const found = { description: 'Shortest titles first.', content: json(schemaOf(FoundNotesSchema, 'output')) };
  const foci = 'The foci: ids or uris /n{id}, comma-separated, 1 to 10 distinct ones. One gives a GraphRAGResult, several a MultiFocusResult.';
  return {
    '/notes/:id/context': {
      operationId: 'getNoteContext',
      summary: 'Build the context of one focus note',
      params: { type: 'object', properties: { id: { ...focus, description: 'The focus note: its id, or its uri /n{id}.' } }, required: ['id'] },
      querystring: contextQuery,
      headers,
      response: contextAnswers(
        `format=json: the result and the budget report. format=prompt: the prompt text, with the report as compact JSON in ${REPORT_HEADER}.`,
        schemaOf(ContextEnvelopeSchema, 'output'),
        'The focus note is missing, deleted or not readable.',
      ),
    },
    '/context': {
      operationId: 'getContext',
      summary: 'Build one context of several focus notes under one budget',
      querystring: {
        ...contextQuery,
        properties: { focus: { type: 'string', description: foci }, ...contextQuery.properties },
        required: ['focus', ...(contextQuery.required ?? [])],
      },
      headers,
      response: contextAnswers(
        'As for /notes/{id}/context; with several foci the result is a MultiFocusResult.',
        { oneOf: [schemaOf(ContextEnvelopeSchema, 'output'), schemaOf(MultiFocusEnvelopeSchema, 'output')] },
        'A focus note is missing, deleted or not readable (the first such is named).',
      ),
    },
    '/notes': {
      operationId: 'findNotes',
      summary: 'Find notes whose title starts with a query',
      querystring: schemaOf(FindNotesRequestSchema, 'input'),
      headers,
      response: { 200: found, 400: invalid, ...unauthorized, 503: unavailable },
    },
    '/livez': probe('live', 'Live: the process answers (the store is not looked at)', false),
    '/readyz': probe('ready', 'Ready: a build could start now (a read opens and closes on the store)', true),
    '/health': probe('health', 'The same as /readyz', true),
    '/metrics': {
      operationId: 'metrics',
      summary: 'Prometheus metrics (text exposition format)',
      response: { 200: { description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } }, ...unauthorized },
      ...(publicMetrics && { security: [] }),
    },
    '/openapi.json': {
      operationId: 'openApi',
      summary: 'This document',
      response: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) }, ...unauthorized },
    },
  };
}

/** The OpenAPI document's own part: what it describes, and how a caller authenticates. */
export function openApiInfo({ version, bearer }: { version: string; bearer: boolean }) {
  const description =
    'The context an AI assistant needs about one note, within a token budget. Meant to sit behind a notes backend, ' +
    'which decides what each viewer may read; never expose it to end users directly.';
  return {
    openapi: '3.1.0',
    info: { title: 'note-context', version, description },
    ...(bearer && { security: [{ bearer: [] }], components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer' } } } }),
  };
}
