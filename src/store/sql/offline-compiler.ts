import { DummyDriver, Kysely, type Dialect } from 'kysely';

/** Compiles statements to an engine's SQL (`dialect`'s) without a connection: the store runs them itself. */
export function offlineCompiler(dialect: Omit<Dialect, 'createDriver'>): Kysely<unknown> {
  return new Kysely<unknown>({ dialect: { ...dialect, createDriver: () => new DummyDriver() } });
}
