import { createHash } from 'node:crypto';

/** A weak entity tag of an answer: weak, because compression may change the bytes on the wire. */
export function entityTag(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part, 'utf8').update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names `tag` (weak comparison, `*` included). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}
