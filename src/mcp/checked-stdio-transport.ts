import type { Readable, Writable } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE as MAX_LINE_BYTES } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkedLine } from './checked-line.js';

/** The SDK's `StdioServerTransport` (and its longest line), but a line that is no valid message gets its JSON-RPC error (`checkedLine`), not none. */
export class CheckedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buffer = '';
  private closed = false;

  constructor(private readonly input: Readable = process.stdin, private readonly output: Writable = process.stdout) {}

  async start(): Promise<void> {
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData).on('end', this.onEnd).on('error', this.onInputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData).off('end', this.onEnd).off('error', this.onInputError).pause();
    this.onclose?.();
  }

  private readonly onData = (chunk: string): void => {
    this.buffer += chunk;
    if (this.buffer.length > MAX_LINE_BYTES) {
      this.buffer = '';
      this.onerror?.(new Error(`a message longer than ${MAX_LINE_BYTES} bytes was dropped`));
      return;
    }
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      if (line.trim() === '') continue;
      const checked = checkedLine(line);
      if ('refused' in checked) void this.send(checked.refused as JSONRPCMessage);
      else this.onmessage?.(checked.message);
    }
  };

  private readonly onEnd = (): void => void this.close();
  private readonly onInputError = (error: Error): void => this.onerror?.(error);
}
