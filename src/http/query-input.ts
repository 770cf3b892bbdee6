import type { z } from 'zod';
import { numberFromText } from '../build-options.js';
import { ValidationError } from '../errors.js';
import { jsonSchemaOf } from '../json-schemas.js';

const fieldKinds = new WeakMap<z.ZodObject, { numeric: ReadonlySet<string>; lists: ReadonlySet<string> }>();

/**
 * A query string as input for `schema`: values arrive as text, so a field whose schema takes
 * only numbers gets the number its text spells, by the CLI's own text-to-value step
 * ({@link numberFromText}); anything else goes on as it came, for the schema to judge with its
 * own message (`budget=ten` → `budget: expected an integer ≥ 0, got "ten"`). A field whose schema
 * takes only a list gets the comma-separated items of its text (`relations=Parent,Child`). A
 * parameter the schema does not name is refused, whatever its name.
 */
export function queryInput(schema: z.ZodObject, query: Readonly<Record<string, string | string[] | undefined>>): Record<string, unknown> {
  const { numeric, lists } = fieldKindsOf(schema);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // Checked here, not left to the schema: a key such as `__proto__` would not survive the copy.
    if (!Object.hasOwn(schema.shape, key)) throw new ValidationError(key, 'unknown option', `unknown option ${JSON.stringify(key)}`);
    if (Array.isArray(value)) throw new ValidationError(key, 'given more than once');
    input[key] = numeric.has(key) ? numberFromText(value) : lists.has(key) ? value.split(',').map((item) => item.trim()) : value;
  }
  return input;
}

function fieldKindsOf(schema: z.ZodObject): { numeric: ReadonlySet<string>; lists: ReadonlySet<string> } {
  let kinds = fieldKinds.get(schema);
  if (!kinds) {
    const properties = (jsonSchemaOf(schema, 'input').properties ?? {}) as Record<string, { type?: unknown }>;
    const keys = Object.keys(properties);
    kinds = {
      numeric: new Set(keys.filter((key) => ['integer', 'number'].includes(String(properties[key]?.type)))),
      lists: new Set(keys.filter((key) => properties[key]?.type === 'array')),
    };
    fieldKinds.set(schema, kinds);
  }
  return kinds;
}
