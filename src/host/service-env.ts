/** Environment variables of the settings a service is most often given that way (see the CLI's help for every one). */
export const SERVICE_ENV = {
  db: 'NOTE_CONTEXT_DB',
  readableNotebooks: 'NOTE_CONTEXT_READABLE_NOTEBOOKS',
  token: 'NOTE_CONTEXT_TOKEN',
} as const;
