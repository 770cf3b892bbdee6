/**
 * Access belongs to the host: a service never takes the readable notebooks from what its caller
 * asks for alone. The server's own setting (flag or environment) bounds everything; a trusted
 * backend in front of the HTTP API may narrow it per request, never widen it.
 */
export function readableNotebooksFor(
  server: readonly number[] | undefined,
  requested: readonly number[] | undefined,
): readonly number[] | undefined {
  if (server === undefined) return requested;
  if (requested === undefined) return server;
  const allowed = new Set(server);
  return requested.filter((id) => allowed.has(id));
}
