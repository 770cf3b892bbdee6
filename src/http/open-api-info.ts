/** The OpenAPI document's own part: what it describes, and how a caller authenticates. */
export function openApiInfo({ version, bearer }: { version: string; bearer: boolean }) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'note-context',
      version,
      description:
        'The context an AI assistant needs about one note, within a token budget. Meant to sit behind a notes backend, ' +
        'which decides what each viewer may read; never expose it to end users directly.',
    },
    ...(bearer && { security: [{ bearer: [] }], components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer' } } } }),
  };
}
