import * as z from 'zod';
import { BuildReportSchema } from '../iterator/build-report.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from '../result/graph-rag-result-schema.js';

/** `GET /notes/{id}/context?format=json`. */
export const ContextEnvelopeSchema = z.strictObject({ result: GraphRAGResultSchema, report: BuildReportSchema });

/** `GET /context?focus=3,7&format=json`: several foci under one budget. */
export const MultiFocusEnvelopeSchema = z.strictObject({ result: MultiFocusResultSchema, report: BuildReportSchema });

/** The header that carries the budget report beside a prompt (`format=prompt`). */
export const REPORT_HEADER = 'X-Note-Context-Report';
