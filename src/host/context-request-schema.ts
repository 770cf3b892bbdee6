import * as z from 'zod';
import { BuildOptionsSchema } from '../build-options.js';
import type { OutputFormat } from '../result/render.js';

const option = BuildOptionsSchema.shape;

/** What a service caller may ask of one build, described for clients; the host decides the readable notebooks and timeout. */
export function contextRequestSchema(defaultFormat: OutputFormat) {
  return z.strictObject({
    focus: option.focus.describe('The focus note: its id, or its uri /n{id}; or a list of 1 to 10 distinct ones, for one context of all of them under one budget (a MultiFocusResult).'),
    budget: option.budget.describe('Tokens for related notes, an integer ≥ 0; the focus note is not charged.'),
    format: option.format.unwrap().default(defaultFormat).describe(`prompt: text for an AI assistant; json: the compact GraphRAGResult. Default ${defaultFormat}.`),
    tokenizer: option.tokenizer.describe('How tokens are counted. Default o200k.'),
    truncate: option.truncate.describe("Related notes' details are cut to this many code points. Default 1000."),
    relations: option.relations.describe(
      'The relations the build may use, e.g. Parent, Child (default: the sixteen of the note tree); a left-out relation is never followed. ' +
        'A link relation named here (LinkedNote, LinkingNote, LinkedNoteLink) is used whatever links says.',
    ),
    links: option.links.describe("true: also follow [[wiki links]] in the notes' details, adding LinkedNote, LinkingNote and LinkedNoteLink to the relations in effect. Default false."),
    fit: option.fit.describe('A note over what is left of the budget: skip it, or shorten its details to fit. Default skip.'),
  });
}

/** A context request once validated; a service may leave out fields its callers cannot set. */
export type ContextRequest = Omit<z.output<ReturnType<typeof contextRequestSchema>>, 'truncate'> & { truncate?: number };
