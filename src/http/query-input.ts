import type { z } from 'zod';
import { booleanFromText, numberFromText } from '../build-options.js';
import { ValidationError } from '../note-context-error.js';
import { jsonSchemaOf } from '../json-schemas.js';

interface FieldKinds {
  readonly numeric: ReadonlySet<string>;
  readonly lists: ReadonlySet<string>;
  readonly switches: ReadonlySet<string>;
}

const fieldKinds = new WeakMap<z.ZodObject, FieldKinds>();

/**
 * A query string as input for `schema`, by the CLI's text-to-value steps for numeric, list and boolean fields;
 * anything else goes on as text, for the schema to judge. A parameter the schema does not name is refused.
 */
export function queryInput(schema: z.ZodObject, query: Readonly<Record<string, string | string[] | undefined>>): Record<string, unknown> {
  const { numeric, lists, switches } = fieldKindsOf(schema);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // Checked here, not left to the schema: a key such as `__proto__` would not survive the copy.
    if (!Object.hasOwn(schema.shape, key)) throw new ValidationError(key, 'unknown option', `unknown option ${JSON.stringify(key)}`);
    if (Array.isArray(value)) throw new ValidationError(key, 'given more than once');
    input[key] = numeric.has(key)
      ? numberFromText(value)
      : lists.has(key)
        ? value.split(',').map((item) => item.trim())
        : switches.has(key)
          ? booleanFromText(value)
          : value;
  }
  return input;
}

function fieldKindsOf(schema: z.ZodObject): FieldKinds {
  let kinds = fieldKinds.get(schema);
  if (!kinds) {
    const properties = (jsonSchemaOf(schema, 'input').properties ?? {}) as Record<string, { type?: unknown }>;
    const keys = Object.keys(properties);
    kinds = {
      numeric: new Set(keys.filter((key) => ['integer', 'number'].includes(String(properties[key]?.type)))),
      lists: new Set(keys.filter((key) => properties[key]?.type === 'array')),
      switches: new Set(keys.filter((key) => properties[key]?.type === 'boolean')),
    };
    fieldKinds.set(schema, kinds);
  }
  return kinds;
}
