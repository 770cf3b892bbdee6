import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from '../src/model/utf8-length.js';
import { jsonEntryPieceBytes, jsonNotePieceBytes } from '../src/result/render-json.js';
import type { BareNote } from '../src/result/graph-rag-result-schema.js';

// Every UTF-16 code unit can be in a note's text: lone surrogates, controls, quotes and
// backslashes (which JSON escapes), and multi-byte characters (which it writes as they are).
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', 'é', '水', '😀', '\ud800', '\udfff', '\u2028', 'a', ' '),
);
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.array(unit, { maxLength: 60 }).map((units) => units.join('')));

const bareNote = fc.record(
  {
    uriAndTitle: text,
    details: text.filter((details) => details.length > 0),
    parentUriAndTitle: text,
    objectUriAndTitle: text,
    relationToFocusNote: fc.constantFrom('Parent', 'Child', 'ReferringCousin'),
  },
  { requiredKeys: ['uriAndTitle', 'relationToFocusNote'] },
) as fc.Arbitrary<BareNote>;

/** The text a related note or a focus-list entry adds to the compact JSON, with the comma that separates it (spec section 5). */
const jsonPiece = (noteOrEntry: BareNote | string) => `,${JSON.stringify(noteOrEntry)}`;

describe('JSON bytes counted without writing the JSON', () => {
  it('equal the UTF-8 bytes of the pieces as written, for any text', () => {
    let escaped = 0;
    fc.assert(
      fc.property(bareNote, (note) => {
        if (Object.values(note).some((value) => JSON.stringify(value).length !== value.length + 2)) escaped++;
        expect(jsonNotePieceBytes(note)).toBe(utf8Length(jsonPiece(note)));
        expect(jsonEntryPieceBytes(note.uriAndTitle)).toBe(utf8Length(jsonPiece(note.uriAndTitle)));
      }),
      { numRuns: 3_000 },
    );
    // The generator reaches text that JSON escapes (quotes, controls, lone surrogates), not only plain text.
    expect(escaped).toBeGreaterThan(300);
  });
});
