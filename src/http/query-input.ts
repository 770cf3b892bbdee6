import type { z } from 'zod';
import { booleanFromText, numberFromText } from '../build-options.js';
import { ValidationError } from '../note-context-error.js';
import { jsonSchemaOf } from '../json-schemas.js';

const typesOf = new WeakMap<z.ZodObject, Record<string, { type?: unknown }>>();

/** A query string as `schema`'s input: numbers, lists and booleans read as the CLI reads them, the rest left to the schema. */
export function queryInput(schema: z.ZodObject, query: Readonly<Record<string, string | string[] | undefined>>): Record<string, unknown> {
  let types = typesOf.get(schema);
  if (!types) typesOf.set(schema, (types = (jsonSchemaOf(schema, 'input').properties ?? {}) as Record<string, { type?: unknown }>));
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // Checked here, not left to the schema: a key such as `__proto__` would not survive the copy.
    if (!Object.hasOwn(schema.shape, key)) throw new ValidationError(key, 'unknown option', `unknown option ${JSON.stringify(key)}`);
    if (Array.isArray(value)) throw new ValidationError(key, 'given more than once');
    const type = types[key]?.type;
    input[key] =
      type === 'integer' || type === 'number'
        ? numberFromText(value)
        : type === 'array'
          ? value.split(',').map((item) => item.trim())
          : type === 'boolean'
            ? booleanFromText(value)
            : value;
  }
  return input;
}
