import { contextRequestSchema } from '../host/context-request-schema.js';

/** The request of `GET /notes/{id}/context` (path and query): the library's options, JSON by default. */
export const ContextQuerySchema = contextRequestSchema('json');

/** The header through which the calling backend narrows the readable notebooks. */
export const READABLE_NOTEBOOKS_HEADER = 'X-Readable-Notebooks';
