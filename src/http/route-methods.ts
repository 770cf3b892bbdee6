import type { FastifyInstance } from 'fastify';

/** The methods each route of `app` answers, collected as routes are added: what a 405 names in `Allow`. */
export function routeMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { readonly pattern: RegExp; readonly methods: readonly string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const literal = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    routes.push({ pattern: new RegExp(`^${literal.replace(/:[^/]+/g, '[^/]+')}$`), methods: [route.method].flat() });
  });
  return (path) => [...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))];
}
