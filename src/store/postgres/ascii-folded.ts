import { sql, type RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;

/**
 * `text` with only its ASCII capitals lowered, as `titleKeyOf` folds, whatever the locale (under
 * "C" `lower` maps `A`–`Z` alone); 25 times faster than `translate`. LINKS_INDEX_DDL_POSTGRES indexes it.
 */
export function asciiFolded(text: Sql): Sql {
  return sql`lower((${text}) COLLATE "C")`;
}
