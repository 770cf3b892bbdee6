import type { FastifyInstance } from 'fastify';

/**
 * The methods each route of `app` answers, collected as routes are added (register it before
 * them): what a 405 names in `Allow` when a path is a route but the method is not one of its.
 */
export class RouteMethods {
  private readonly routes: { readonly pattern: RegExp; readonly methods: readonly string[] }[] = [];

  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const literal = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      this.routes.push({ pattern: new RegExp(`^${literal.replace(/:[^/]+/g, '[^/]+')}$`), methods: [route.method].flat() });
    });
  }

  /** The methods some route answers on `path` (no query string); empty when no route has that path. */
  allowedOn(path: string): string[] {
    return [...new Set(this.routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))];
  }
}
