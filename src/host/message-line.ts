import { MYSQL_URL_FORM } from '../store/mysql/parse-mysql-url.js';
import { POSTGRES_URL_FORM } from '../store/postgres/postgres-url-form.js';

// Something that starts like a URL (`scheme:`, `scheme://`), up to the next space.
const URL_LIKE = /\b([a-z][a-z0-9+.-]*:(?:\/\/?)?)(\S+)/gi;
// C0 and C1 controls, and the two characters that end a line in JavaScript and JSON readers.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A message as the CLI prints it on stderr: exactly one line (controls escaped), and no password from a URL, whatever it quotes. */
export function messageLine(text: string): string {
  return `${oneLineMessage(text)}\n`;
}

/** {@link messageLine} without its line break, for error bodies; applying it twice changes nothing. */
export function oneLineMessage(text: string): string {
  const escaped = text.replace(/\n+$/, '').replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.replace(URL_LIKE, (match, scheme: string, rest: string) => (match.startsWith(MYSQL_URL_FORM) || match.startsWith(POSTGRES_URL_FORM) ? match : scheme + redacted(rest)));
}

/** The text after `scheme://` with a password as `***`: before the last `@`, else a "port" that is no number (`mysql://u:secret/db`). */
function redacted(rest: string): string {
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const colon = rest.indexOf(':');
    return colon >= 0 && colon < at ? `${rest.slice(0, colon)}:***${rest.slice(at)}` : rest;
  }
  const authority = /^[^/?#]*/.exec(rest)?.[0] ?? '';
  const colon = authority.indexOf(':');
  if (colon < 0 || authority.startsWith('[') || /^:[0-9]*$/.test(authority.slice(colon))) return rest;
  return `${rest.slice(0, colon)}:***${rest.slice(authority.length)}`;
}
