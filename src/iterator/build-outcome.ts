import type { AnyResult, GraphRAGResult } from '../result/graph-rag-result-schema.js';
import type { BuildReport } from './build-report.js';

/** What a build gives: the result (a `GraphRAGResult` for one focus, a `MultiFocusResult` for a list) and its report. */
export interface BuildOutcome<R extends AnyResult = GraphRAGResult> {
  readonly result: R;
  readonly report: BuildReport;
}
