import type { FastifyInstance } from 'fastify';

/** The methods each route of `app` answers, collected as routes are added: what a 405 names in `Allow`. */
export class RouteMethods {
  private readonly routes: { readonly pattern: RegExp; readonly methods: readonly string[] }[] = [];

  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const literal = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      this.routes.push({ pattern: new RegExp(`^${literal.replace(/:[^/]+/g, '[^/]+')}$`), methods: [route.method].flat() });
    });
  }

  allowedOn(path: string): string[] {
    return [...new Set(this.routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))];
  }
}
