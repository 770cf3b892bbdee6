import { ErrorCode, JSONRPCMessageSchema, type JSONRPCErrorResponse, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { oneLineMessage } from '../host/message-line.js';
import { shown } from '../note-context-error.js';

/** A JSON-RPC error answer, for a message the server cannot take; its id is null when the message had no usable one. */
export type RefusedMessage = Omit<JSONRPCErrorResponse, 'id'> & { readonly id: RequestId | null };

/** A line or body checked before the SDK, which answers bad JSON or JSON-RPC with nothing, and non-object arguments in zod's words. */
export function checkedLine(line: string): { readonly message: JSONRPCMessage } | { readonly refused: RefusedMessage } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return refuse(null, ErrorCode.ParseError, `parse error: ${(error as Error).message}`);
  }
  // The request's id when it has a usable one, for the client to match the error to its call.
  const given = isPlainObject(value) ? value.id : undefined;
  const id = typeof given === 'string' || (typeof given === 'number' && Number.isFinite(given)) ? given : null;
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return refuse(id, ErrorCode.InvalidRequest, `invalid request: expected a JSON-RPC 2.0 message, got ${shown(value)}`);
  const message = parsed.data;
  if ('method' in message && message.method === 'tools/call') {
    const notAnObject = (name: string, got: unknown) =>
      refuse(id, ErrorCode.InvalidParams, `invalid input: ${name}: expected an object, got ${shown(got)}`);
    const params: unknown = (value as { params?: unknown }).params;
    if (!isPlainObject(params)) return notAnObject('params', params);
    if (params.arguments !== undefined && !isPlainObject(params.arguments)) return notAnObject('arguments', params.arguments);
  }
  return { message };
}

function refuse(id: RequestId | null, code: number, message: string): { refused: RefusedMessage } {
  return { refused: { jsonrpc: '2.0', id, error: { code, message: oneLineMessage(message) } } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
