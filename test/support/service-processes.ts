import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** The repository root: services under test run from the sources, through tsx. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** `node --import tsx src/cli/main.ts`: the CLI as `npx tsx src/cli/main.ts` runs it, minus npx. */
export const CLI = [process.execPath, '--import', 'tsx', 'src/cli/main.ts'] as const;

/** Only what a child needs, so the test runner's own NOTE_CONTEXT_* settings never leak in. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[key] !== undefined) env[key] = process.env[key]!;
  return { ...env, ...extra };
}

/** A real MCP client over a real stdio child process running `note-context mcp <args>`. */
export async function connectMcp(
  args: readonly string[] = [],
  env: Record<string, string> = {},
  command: readonly string[] = CLI,
  cwd = ROOT,
): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: command[0]!,
    args: [...command.slice(1), 'mcp', ...args],
    env: childEnv(env),
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'note-context-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  stderr(): string;
  /** The request log so far (JSON lines). */
  stdout(): string;
  /** Resolves to the exit code (or the signal that ended it). */
  readonly exited: Promise<number | string>;
}

/** `note-context serve --port 0 <args>` (no `--port` when `env` sets `PORT`) as a child process, once it says where it listens. */
export async function startServe(
  args: readonly string[] = [],
  env: Record<string, string> = {},
  command: readonly string[] = CLI,
  cwd = ROOT,
): Promise<ServeProcess> {
  const port = env.PORT === undefined ? ['--port', '0'] : [];
  const child = spawn(command[0]!, [...command.slice(1), 'serve', ...port, ...args], {
    cwd,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 20 s: ${stderr}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening: ${stderr}`));
    });
  });
  return { child, baseUrl, stderr: () => stderr, stdout: () => stdout, exited };
}
