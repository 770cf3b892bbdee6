/** `LIKE` escape character: `!` needs no escaping in SQL text, whatever the server's sql_mode. */
export const LIKE_ESCAPE = '!';

/** `query` as a `LIKE` prefix pattern in which `%`, `_` and `!` match only themselves. */
export function likePrefix(query: string): string {
  return `${query.replace(/[!%_]/g, (char) => LIKE_ESCAPE + char)}%`;
}
