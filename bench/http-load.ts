import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface HttpLoadRow {
  readonly connections: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /** Answers 503 (busy, timeout or unavailable): what a client is refused. */
  readonly refused: number;
  /** Every answer, refused or not. */
  readonly answers: number;
}

export interface HttpLoad {
  readonly rows: readonly HttpLoadRow[];
  readonly rssBeforeMiB: number;
  readonly rssAfterMiB: number;
}

/** RSS of a process, from /proc. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

/**
 * Starts `note-context serve` on the database in a process of its own, then drives
 * `GET /notes/{id}/context?budget=2000` over random focus notes with autocannon at each number of
 * connections. Anything but a 200 (a 503 busy included) counts as an error.
 */
export async function measureHttpLoad(
  dbUrl: string,
  foci: readonly number[],
  connections: readonly number[],
  seconds: number,
  /** The server's settings; an empty list measures the defaults an operator gets. */
  serveArgs: readonly string[] = ['--max-builds', '64', '--timeout-ms', '30000'],
): Promise<HttpLoad> {
  const server = spawn(process.execPath, ['dist/cli/main.js', 'serve', '--db', dbUrl, '--port', '0', ...serveArgs], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      server.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /serving on (http:\/\/\S+)/.exec(text);
        if (found) resolve(found[1]!);
      });
      server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
    });
    const rssBeforeMiB = rssMiB(server.pid!);
    const rows: HttpLoadRow[] = [];
    let next = 0;
    for (const count of connections) {
      const result = await autocannon({
        url,
        connections: count,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, path: `/notes/${foci[next++ % foci.length]}/context?budget=2000` }) }],
      });
      rows.push({
        connections: count,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx + result.timeouts,
        refused: (result.statusCodeStats as Record<string, { count: number }> | undefined)?.['503']?.count ?? 0,
        answers: Object.values((result.statusCodeStats as Record<string, { count: number }> | undefined) ?? {}).reduce((sum, { count }) => sum + count, 0),
      });
    }
    return { rows, rssBeforeMiB, rssAfterMiB: rssMiB(server.pid!) };
  } finally {
    server.kill('SIGTERM');
  }
}
