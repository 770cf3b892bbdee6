import { DummyDriver, Kysely, MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';

/** Compiles statements to the engine's SQL without a connection: the store runs them itself. */
export function offlineCompiler(engine: 'mysql' | 'postgres'): Kysely<unknown> {
  const mysql = engine === 'mysql';
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => (mysql ? new MysqlAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (mysql ? new MysqlIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (mysql ? new MysqlQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}
