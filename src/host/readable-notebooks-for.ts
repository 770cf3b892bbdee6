/** Access belongs to the host: a request may narrow the server's readable notebooks, never widen them. */
export function readableNotebooksFor(server: readonly number[] | undefined, requested: readonly number[] | undefined): readonly number[] | undefined {
  if (server === undefined) return requested;
  if (requested === undefined) return server;
  const allowed = new Set(server);
  return requested.filter((id) => allowed.has(id));
}
