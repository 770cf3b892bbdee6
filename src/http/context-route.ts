import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallScope, NoteService } from '../service/note-service.js';
import { ContextQuerySchema, REPORT_HEADER } from './http-schemas.js';
import { queryInput } from './query-input.js';

/**
 * `GET /context?focus=3,7&budget=…`: the context of the foci listed (ids or uris, separated by
 * commas) under one budget, a `MultiFocusResult`; one focus gives a `GraphRAGResult`, as on the
 * CLI. The other query parameters and the responses are those of `GET /notes/{id}/context`.
 */
export function registerContextRoute(app: FastifyInstance, service: NoteService, scopeOf: (request: FastifyRequest) => CallScope): void {
  app.get<{ Querystring: Record<string, string | string[]> }>('/context', async (request, reply) => {
    const input = queryInput(ContextQuerySchema, request.query);
    const foci = typeof input.focus === 'string' ? input.focus.split(',').map((item) => item.trim()) : input.focus;
    const focus = Array.isArray(foci) && foci.length === 1 ? foci[0] : foci;
    const { result, report, text, format } = await service.context(ContextQuerySchema, { ...input, focus }, scopeOf(request));
    if (format === 'json') return reply.send({ result, report });
    return reply.type('text/markdown; charset=utf-8').header(REPORT_HEADER, JSON.stringify(report)).send(text);
  });
}
