import { readFileSync } from 'node:fs';
import { ValidationError } from '../../note-context-error.js';

/** mysql2's `ssl` option: a profile name (`Amazon RDS`) or `tls.connect` options; any value makes TLS required. */
type MysqlSsl = string | Readonly<Record<string, unknown>>;

/** How a MySQL URL is written, as messages and help show it. */
export const MYSQL_URL_FORM = 'mysql://user:pass@host:port/db';

/** Whether a `--db` value (or the variable it came from) names a MySQL database. */
export function isMysqlUrl(db: string | undefined): db is string {
  return db !== undefined && /^mysql:\/\//i.test(db);
}

/**
 * `mysql://user:password@host:port/database[?tls]` as mysql2's pool options; errors never echo the URL. TLS never
 * falls back to clear text: `ssl=required` (or `true`), `ssl={…}` (JSON), `ssl=Amazon%20RDS`, `sslca=`, `sslcert=`, `sslkey=`.
 */
export function parseMysqlUrl(url: string, field = 'url') {
  const invalid = (problem: string) => new ValidationError(field, `${problem} (expected ${MYSQL_URL_FORM})`);
  if (!URL.canParse(url)) throw invalid(whyNotUrl(url));
  const parsed = new URL(url);
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
  const ssl = sslOf(parsed.searchParams, (problem) => new ValidationError(field, problem));
  return { host: parsed.hostname || '127.0.0.1', port, user: user || 'root', password, database, ...(ssl !== undefined && { ssl }) };
}

/** The query parameters a URL may carry besides `ssl`, all about TLS; any other is refused (mysql2 would make it a driver option). */
const PEM_FILES = { sslca: 'ca', sslcert: 'cert', sslkey: 'key' } as const;

/** The URL's TLS settings as mysql2's `ssl` option, or undefined when it asks for none. */
function sslOf(parameters: URLSearchParams, invalid: (problem: string) => ValidationError): MysqlSsl | undefined {
  let ssl: MysqlSsl | undefined;
  const files: Record<string, string> = {};
  for (const [key, value] of parameters) {
    if (key === 'ssl') ssl = sslParameter(value, invalid);
    else if (Object.hasOwn(PEM_FILES, key)) {
      try {
        files[PEM_FILES[key as keyof typeof PEM_FILES]] = readFileSync(value, 'utf8');
      } catch (error) {
        throw invalid(`${key}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
      }
    } else throw invalid(`unknown URL parameter "${key.slice(0, 40)}" (expected ssl, ${Object.keys(PEM_FILES).join(', ')})`);
  }
  if (Object.keys(files).length === 0) return ssl;
  if (typeof ssl === 'string') throw invalid('ssl: a profile name cannot be combined with sslca, sslcert or sslkey');
  return { ...ssl, ...files };
}

function sslParameter(value: string, invalid: (problem: string) => ValidationError): MysqlSsl | undefined {
  if (value === 'required' || value === 'true') return {};
  if (value === 'false' || value === 'disabled') throw invalid('ssl: leave the parameter out for a connection without TLS');
  if (value.startsWith('{')) {
    try {
      // A JSON text that starts with `{` is an object.
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      throw invalid('ssl: expected required, a mysql2 profile name or a JSON object of TLS options');
    }
  }
  // A mysql2 profile, checked by mysql2 when the pool is made.
  return value;
}

/** Why a text is no URL, from the part after the user info only (anything before the last `@` may be a password). */
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
