import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether an `Authorization` header carries `Bearer <token>`, compared as hashes: in the same time whatever it holds. */
export function bearerTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), expected) && given !== '';
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
