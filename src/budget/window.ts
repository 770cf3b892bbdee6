/**
 * Where a piece meets its neighbours in the compact JSON, cut at positions where the BPE
 * pre-tokenizers of o200k and cl100k always split, whatever the rest of the text: before a letter
 * that follows two ASCII punctuation characters, after a run of letters or digits that ends in
 * punctuation. No chunk crosses such a position, so the tokens a piece adds to the whole output
 * are exactly tokens(`after`) − tokens(`before`) of these short windows (see docs/internals.md, "Pricing: exact
 * accounting"). The property tests check it against a count of the whole output. The windows of
 * the two kinds of piece: `relatedNoteWindow` and `listEntryWindow`.
 */
export interface Window {
  readonly before: string;
  readonly after: string;
}
