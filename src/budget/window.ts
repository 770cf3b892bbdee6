/**
 * Where a piece meets its neighbours in the compact JSON, cut where the o200k and cl100k
 * pre-tokenizers always split whatever the text, so that the tokens a piece adds are exactly
 * tokens(`after`) − tokens(`before`) (docs/internals.md, "Pricing: exact accounting").
 */
export interface Window {
  readonly before: string;
  readonly after: string;
}
