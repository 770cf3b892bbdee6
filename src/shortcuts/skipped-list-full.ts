import { MAX_REPORTED_SKIPS } from '../iterator/build-report.js';
import type { WalkReport } from '../iterator/walk-report.js';

/**
 * Whether the report's list of skipped notes is complete, so that later skips are only counted:
 * the shortcuts wait for it, so that the list comes out as the literal walk gives it.
 */
export const skippedListFull = (report: WalkReport): boolean => report.skipped.length >= MAX_REPORTED_SKIPS;
