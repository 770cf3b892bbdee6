import * as z from 'zod';
import { expecting } from '../../note-context-error.js';

const POSITIVE_MS = expecting('a positive integer (milliseconds)');
const positiveMs = () => z.int({ error: POSITIVE_MS }).positive({ error: POSITIVE_MS });
const POOL_SIZE = expecting('a positive integer');

/** The options both SQL stores take (each store's schema adds its own). */
export const SQL_STORE_OPTION_FIELDS = {
  /** Longest a statement may run on the server (default: the build's `timeoutMs`, a search's 5 s); the client waits 500 ms more. */
  queryTimeoutMs: positiveMs().optional(),
  /** Longest a new connection may take to be made (default 5 s); used by `fromUrl` only. */
  connectTimeoutMs: positiveMs().default(5_000),
  /** Connections in the pool `fromUrl` makes (default 10). */
  poolSize: z.int({ error: POOL_SIZE }).positive({ error: POOL_SIZE }).default(10),
};
