#!/usr/bin/env node
import * as nodeModule from 'node:module';

// Start-up time: Node's compile cache keeps the bytecode of the modules imported after this call,
// so everything else is imported below it. (@types/node here is Node 20's, which has no compile cache.)
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const [{ messageLine }, { EXIT, runCli, SERVICES }] = await Promise.all([import('../host/message-line.js'), import('./run-cli.js')]);

// A reader that stops early (`note-context build … | head -c 50`) is no failure: end quietly, as `cat` does.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.done);
  process.stderr.write(messageLine(`note-context: cannot write the result: ${error.message}`));
  process.exit(EXIT.failed);
});

try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  process.stderr.write(messageLine(`note-context: ${error instanceof Error ? error.message : String(error)}`));
  process.exitCode = EXIT.failed;
}
// A socket to a database that stopped answering must not keep a stopped service's process alive.
if (SERVICES.has(process.argv[2] ?? '')) process.exit();
