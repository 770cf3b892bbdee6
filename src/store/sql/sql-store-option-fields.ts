import * as z from 'zod';
import { expecting } from '../../note-context-error.js';

const positiveInt = (what: string) => z.int({ error: expecting(what) }).positive({ error: expecting(what) });
const positiveMs = () => positiveInt('a positive integer (milliseconds)');

/** The options both SQL stores take (each store's schema adds its own). */
export const SQL_STORE_OPTION_FIELDS = {
  /** Longest a statement may run on the server (default: the build's `timeoutMs`, a search's 5 s); the client waits 500 ms more. */
  queryTimeoutMs: positiveMs().optional(),
  /** Longest a new connection may take to be made (default 5 s); used by `fromUrl` only. */
  connectTimeoutMs: positiveMs().default(5_000),
  /** Connections in the pool `fromUrl` makes (default 10). */
  poolSize: positiveInt('a positive integer').default(10),
};
