import { z } from 'zod';
import { BuildReportSchema } from '../iterator/build-report.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from '../result/schema.js';
import { contextRequestSchema } from '../host/context-request-schema.js';
import { FoundNoteSchema } from '../store/note-finder.js';
import { HTTP_ERROR_CODES } from './http-error.js';

/** The request of `GET /notes/{id}/context` (path and query): the library's options, JSON by default. */
export const ContextQuerySchema = contextRequestSchema('json');

/** `GET /notes/{id}/context?format=json`. */
export const ContextEnvelopeSchema = z.strictObject({ result: GraphRAGResultSchema, report: BuildReportSchema });

/** `GET /context?focus=3,7&format=json`: several foci under one budget. */
export const MultiFocusEnvelopeSchema = z.strictObject({ result: MultiFocusResultSchema, report: BuildReportSchema });

/** `GET /notes`. */
export const FoundNotesSchema = z.strictObject({ notes: z.array(FoundNoteSchema) });

/** `GET /livez`, `/readyz` and `/health`. */
export const HealthSchema = z.strictObject({
  status: z.enum(['ok', 'unavailable']),
  message: z.string().optional(),
});

/** Every error response: the same one line the CLI prints, and a code to branch on. */
export const ErrorBodySchema = z.strictObject({
  code: z.enum(HTTP_ERROR_CODES),
  message: z.string(),
  /** The offending field or parameter, for `invalid_input`. */
  field: z.string().optional(),
});

/** The header that carries the budget report beside a prompt. */
export const REPORT_HEADER = 'X-Note-Context-Report';
/** The header through which the calling backend narrows the readable notebooks. */
export const READABLE_NOTEBOOKS_HEADER = 'X-Readable-Notebooks';
