import { sql, type RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;

/**
 * `text` with the ASCII capitals, and only those, lower-cased (as `titleKeyOf` folds), whatever
 * the database's locale: `lower` would follow it (a Turkish one lowers `I` to `ı`). The letters
 * are written as literals so that an index on the same expression (LINKS_INDEX_DDL_POSTGRES) serves it.
 */
export function asciiFolded(text: Sql): Sql {
  return sql`translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
}
