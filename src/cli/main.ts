#!/usr/bin/env node
import * as nodeModule from 'node:module';

// Start-up time: Node keeps the bytecode of the modules this process compiles (commander, zod, the
// library's own) in its compile cache and reads it back in the next process instead of compiling
// again. The cache lives where Node puts it: the directory NODE_COMPILE_CACHE names, else
// `node-compile-cache` in the OS temp dir (os.tmpdir()); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// A directory that cannot be made or written only leaves the cache off: Node reports that in the
// status it returns, which is not an error of the CLI's. Only modules imported after this call are
// cached, so everything else is imported below it.
// (@types/node here is Node 20's, which has no compile cache.)
const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown };
try {
  enableCompileCache?.();
} catch {
  // A Node without the cache, or one that refuses it: start as before.
}

const [{ messageLine }, { EXIT, runCli, SERVICES }] = await Promise.all([import('../host/message-line.js'), import('./run-cli.js')]);

// A reader that stops early (`note-context build … | head -c 50`) closes the pipe: the result is
// no longer wanted, which is not a failure. End quietly, as `cat` does.
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
// A service that stopped has said so and answered what it could: a socket to a database that
// stopped answering must not keep the process alive. (Writes to pipes and files are synchronous.)
if (SERVICES.has(process.argv[2] ?? '')) process.exit();
