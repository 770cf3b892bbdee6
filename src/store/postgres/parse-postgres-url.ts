import { parseIntoClientConfig } from 'pg-connection-string';
import type { ClientConfig } from 'pg';
import { ValidationError } from '../../note-context-error.js';
import { isPostgresUrl, POSTGRES_URL_FORM } from './postgres-url-form.js';

/** The `sslmode` values pg takes as `verify-full`, unless the URL asks for libpq's meanings (`uselibpqcompat=true`). */
const PG_VERIFY_FULL_ALIASES = /([?&]sslmode=)(?:prefer|require|verify-ca)(?=&|#|$)/gi;

/**
 * `postgres://user:password@host:port/database?sslmode=…` by pg's own parser; TLS modes are passed as `verify-full`
 * so pg does not warn each time. A problem is a `ValidationError` naming `field`, never echoing the URL.
 */
export function parsePostgresUrl(url: string, field = 'url'): ClientConfig {
  const invalid = (problem: string) => new ValidationError(field, `${problem} (expected ${POSTGRES_URL_FORM})`);
  if (!isPostgresUrl(url)) throw invalid('not a postgres:// URL');
  let config: ClientConfig;
  try {
    config = parseIntoClientConfig(/[?&]uselibpqcompat=true(&|#|$)/i.test(url) ? url : url.replace(PG_VERIFY_FULL_ALIASES, '$1verify-full'));
  } catch (error) {
    // The parser's own message may quote the URL: only its kind is told.
    throw invalid(/ENOENT|EACCES/.test(String((error as { code?: unknown }).code)) ? 'an ssl file it names cannot be read' : 'not a valid URL');
  }
  if (!config.database) throw invalid('the URL names no database');
  if (config.port !== undefined && !(Number(config.port) >= 1 && Number(config.port) <= 65535)) throw invalid('the port is out of range (1–65535)');
  return { ...config, host: config.host || '127.0.0.1', port: Number(config.port || 5432), user: config.user || 'postgres' };
}
