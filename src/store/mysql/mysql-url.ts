import { ValidationError } from '../../errors.js';

/** What a `mysql://` URL says about where to connect; the pool options mysql2 takes. */
export interface MysqlConnectionSettings {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/** How a MySQL URL is written, as messages and help show it. */
export const MYSQL_URL_FORM = 'mysql://user:pass@host:port/db';

/** Whether a `--db` value (or the variable it came from) names a MySQL database. */
export function isMysqlUrl(db: string | undefined): db is string {
  return db !== undefined && /^mysql:\/\//i.test(db);
}

/**
 * `mysql://user:password@host:port/database`, checked; a problem is a `ValidationError` naming
 * `field`. The URL is never echoed in a message: it may hold a password, and a URL that does not
 * parse cannot be trusted to show where the password is.
 */
export function parseMysqlUrl(url: string, field = 'url'): MysqlConnectionSettings {
  const invalid = (problem: string) => new ValidationError(field, `${problem} (expected ${MYSQL_URL_FORM})`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(whyNotUrl(url));
  }
  if (parsed.protocol !== 'mysql:') throw invalid(`not a mysql:// URL`);
  const port = parsed.port === '' ? 3306 : Number(parsed.port);
  if (port < 1) throw invalid(`port ${port} is out of range (1–65535)`);
  const decoded = (text: string, part: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw invalid(`a malformed percent-escape in the ${part}`);
    }
  };
  const user = decoded(parsed.username, 'user name');
  const password = decoded(parsed.password, 'password');
  const database = decoded(parsed.pathname.replace(/^\//, ''), 'database name');
  if (!database) throw invalid('the URL names no database');
  return { host: parsed.hostname || '127.0.0.1', port, user: user || 'root', password, database };
}

/**
 * Why a text is no URL, from the part after the user info only (everything before the last `@`
 * of the authority may be a password, and so may the whole authority when there is no `@`).
 */
function whyNotUrl(url: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1];
  if (authority === undefined) return 'not a mysql:// URL';
  const at = authority.lastIndexOf('@');
  if (at < 0) return 'not a valid URL';
  const hostAndPort = authority.slice(at + 1);
  if (hostAndPort.startsWith('[') && !hostAndPort.includes(']')) return 'an IPv6 host without its closing ]';
  const port = /:([^:\]]*)$/.exec(hostAndPort)?.[1];
  if (port !== undefined && /^[0-9]+$/.test(port) && Number(port) > 65535) return `port ${port} is out of range (1–65535)`;
  if (port !== undefined && !/^[0-9]*$/.test(port)) return 'the port is not a number';
  return 'not a valid URL';
}
