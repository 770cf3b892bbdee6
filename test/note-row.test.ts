import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoteRowSchema, parseNoteRow } from '../src/store/mysql/note-row.js';

const FIELDS = Object.keys(NoteRowSchema.shape) as (keyof typeof NoteRowSchema.shape)[];

/** What a driver might hand back for one field: the right types, and several wrong ones. */
const anyValue = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.constantFrom(null, undefined, 2 ** 53, 1.5, Number.NaN, '', '17', '-3', '9007199254740993', 'x', true),
  fc.string({ maxLength: 5 }),
);
/** Mostly well-typed rows, so that both paths of the parse are taken. */
const wellTyped = fc.record({
  req: fc.integer({ min: -3, max: 40 }),
  anchor: fc.option(fc.nat(), { nil: null }),
  left_out_before: fc.option(fc.nat(), { nil: null }),
  left_out: fc.option(fc.constantFrom(0, 1), { nil: null }),
  id: fc.nat(),
  title: fc.option(fc.string(), { nil: null }),
  details: fc.option(fc.string(), { nil: null }),
  sibling_order: fc.integer(),
  notebook_id: fc.nat(),
  parent_id: fc.option(fc.nat(), { nil: null }),
  parent_title: fc.option(fc.string(), { nil: null }),
  object_id: fc.option(fc.nat(), { nil: null }),
  object_title: fc.option(fc.string(), { nil: null }),
});
const rows = fc.oneof(
  wellTyped,
  fc.tuple(wellTyped, fc.constantFrom(...FIELDS), anyValue).map(([row, field, value]) => ({ ...row, [field]: value })),
  fc.dictionary(fc.constantFrom(...FIELDS), anyValue),
);

describe('parseNoteRow, the cheap check of a row', () => {
  it('accepts exactly the rows NoteRowSchema accepts, with the same field values', () => {
    let fast = 0;
    fc.assert(
      fc.property(rows, (row) => {
        const expected = NoteRowSchema.safeParse(row);
        let actual: unknown;
        try {
          actual = parseNoteRow(row);
        } catch (error) {
          expect(expected.success, `zod accepts ${JSON.stringify(row)}`).toBe(false);
          return;
        }
        expect(expected.success, `zod refuses ${JSON.stringify(row)}`).toBe(true);
        if (actual === row) fast++;
        for (const field of FIELDS) expect((actual as Record<string, unknown>)[field]).toEqual(expected.data![field]);
      }),
      { numRuns: 2000 },
    );
    // The rows the driver gives take the fast path; count them, or the property proves little.
    expect(fast).toBeGreaterThan(500);
  });
});
