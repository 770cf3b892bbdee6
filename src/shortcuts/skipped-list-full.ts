import { MAX_REPORTED_SKIPS } from '../iterator/build-report.js';
import type { WalkReport } from '../iterator/walk-report.js';

/** Whether the report's list of skipped notes is full: the shortcuts wait for it, so the list is the literal walk's. */
export const skippedListFull = (report: WalkReport): boolean => report.skipped.length >= MAX_REPORTED_SKIPS;
