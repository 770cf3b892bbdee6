import { MYSQL_URL_FORM } from '../store/mysql/mysql-url.js';

// A URL's password: `scheme://user:` then everything up to the last `@` before a space.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:)[^\s@]*@/gi;
// The documented form (`mysql://user:pass@…`) holds no secret: messages show it as it is.
const FORM_USER_INFO = /^mysql:\/\/[^@]*@/.exec(MYSQL_URL_FORM)?.[0];
// C0 and C1 controls, and the two characters that end a line in JavaScript and JSON readers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A message as the CLI prints it on stderr: exactly one line (control characters escaped as
 * `\n`, `\u001b`, …), and no password from a URL, whatever the message quotes (a driver's error,
 * a path that was a URL after all).
 */
export function messageLine(text: string): string {
  const escaped = text
    .replace(/\n+$/, '')
    .replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${escaped.replace(URL_PASSWORD, (match, start: string) => (match === FORM_USER_INFO ? match : `${start}***@`))}\n`;
}
