// CPU time of the local database server, read from /proc (Linux): the benchmark's throughput
// lines say where each build's CPU goes, in Node or in the server. Undefined where it cannot be
// read (another OS, a remote server, no permission).
import { readdirSync, readFileSync } from 'node:fs';

const SERVER_NAMES = new Set(['mariadbd', 'mysqld']);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Returns a reader of the server's CPU milliseconds so far, or undefined if no local server is visible. */
export function serverCpuClock(): (() => number) | undefined {
  let pid: string | undefined;
  try {
    pid = readdirSync('/proc').find((entry) => /^\d+$/.test(entry) && SERVER_NAMES.has(readOr(`/proc/${entry}/comm`).trim()));
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  const read = () => {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const fields = readOr(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  };
  return Number.isFinite(read()) ? read : undefined;
}

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
