const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The trace id of a valid W3C `traceparent` header (not all zeros), if it is one. */
export function traceIdOf(traceparent: string | string[] | undefined): string | undefined {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim()) : null;
  return match && !/^0+$/.test(match[1]!) && !/^0+$/.test(match[2]!) ? match[1] : undefined;
}
