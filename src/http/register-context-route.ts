import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ContextQuerySchema } from './http-schemas.js';
import { queryInput } from './query-input.js';

/**
 * `GET /context?focus=3,7&budget=…`: the context of the foci listed (ids or uris, separated by
 * commas) under one budget, a `MultiFocusResult`; one focus gives a `GraphRAGResult`, as on the
 * CLI. The other query parameters and the answers (ETag, Server-Timing, the report header) are
 * those of `GET /notes/{id}/context`: `answer` builds and sends them.
 */
export function registerContextRoute(
  app: FastifyInstance,
  route: { readonly handlerTimeout: number; readonly schema: FastifySchema },
  answer: (request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>) => Promise<FastifyReply>,
): void {
  app.get<{ Querystring: Record<string, string | string[]> }>('/context', route, async (request, reply) => {
    const input = queryInput(ContextQuerySchema, request.query);
    const foci = typeof input.focus === 'string' ? input.focus.split(',').map((item) => item.trim()) : input.focus;
    const focus = Array.isArray(foci) && foci.length === 1 ? foci[0] : foci;
    return answer(request, reply, { ...input, focus });
  });
}
