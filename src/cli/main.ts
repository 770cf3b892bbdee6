#!/usr/bin/env node
import { messageLine } from '../host/message-line.js';
import { EXIT, main, SERVICES } from './run-cli.js';

// A reader that stops early (`note-context build … | head -c 50`) closes the pipe: the result is
// no longer wanted, which is not a failure. End quietly, as `cat` does.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.done);
  process.stderr.write(messageLine(`note-context: cannot write the result: ${error.message}`));
  process.exit(EXIT.failed);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(messageLine(`note-context: ${error instanceof Error ? error.message : String(error)}`));
  process.exitCode = EXIT.failed;
}
// A service that stopped has said so and answered what it could: a socket to a database that
// stopped answering must not keep the process alive. (Writes to pipes and files are synchronous.)
if (SERVICES.has(process.argv[2] ?? '')) process.exit();
