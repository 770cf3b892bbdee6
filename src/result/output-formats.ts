/** The outputs a build can be priced for; apart from `render.ts` so that checking options loads no renderer. */
export const OUTPUT_FORMATS = ['json', 'prompt'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
