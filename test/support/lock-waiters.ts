/** The little of a mysql2 promise connection this helper needs. */
interface Querying {
  query(sql: string): Promise<[unknown, unknown]>;
}

/**
 * Statements of this connection's database that wait behind a table lock: how the tests see that a
 * build stopped by a deadline really gave up its read (and its connection) rather than still wait.
 */
export async function statementsWaitingOnLock(connection: Querying): Promise<number> {
  const [rows] = await connection.query(
    "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = DATABASE() AND state LIKE 'Waiting for table%'",
  );
  return Number((rows as { n: number }[])[0]!.n);
}
