/**
 * Messages, parts and finish reasons in the JSON schemas of the GenAI
 * semantic conventions (gen_ai.input.messages / gen_ai.output.messages,
 * gen_ai.response.finish_reasons), from the log's one message model.
 */
import type { Block, FinishReason, Message } from '../types';

/** The semconv finish reason: stop, length, tool_calls, error (or the log's own word). */
export function finishReason(
  finish: FinishReason | undefined,
  message: Message | undefined,
): string | undefined {
  const kind = finish?.kind;
  switch (kind) {
    case 'stop':
      return 'stop';
    case 'tool-calls':
      return 'tool_calls';
    case 'max-tokens':
      return 'length';
    case 'error':
    case 'aborted':
      return 'error';
    case undefined:
      break;
    default:
      // the log's own word; a kind that is no string (an object, an array 5,000 deep) is no word: the
      // message tells instead (audit R18-1)
      if (typeof kind === 'string') return kind;
  }
  if (!message) return undefined;
  return message.content.some((b) => b.type === 'tool-call') ? 'tool_calls' : 'stop';
}

/** A message in the semconv's JSON schema for gen_ai.input.messages / output.messages. */
export function semconvMessage(m: Message): { role: string; parts: unknown[] } {
  const toolResults = m.content.filter((b) => b.type === 'tool-result');
  const role = toolResults.length > 0 && toolResults.length === m.content.length ? 'tool' : m.role;
  return { role, parts: m.content.map(semconvPart) };
}

/** One block as a semconv message part. */
export function semconvPart(b: Block): unknown {
  const x = b as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return { type: 'text', content: x.text };
    case 'reasoning':
      return { type: 'reasoning', content: x.text };
    case 'tool-call': {
      let args: unknown = x.arguments;
      try {
        args = JSON.parse(String(x.arguments));
      } catch {
        // keep the raw text
      }
      return { type: 'tool_call', id: x.id, name: x.name, arguments: args };
    }
    case 'tool-result':
      return {
        type: 'tool_call_response',
        id: x.toolCallId,
        response: Array.isArray(x.content) ? (x.content as Block[]).map(semconvPart) : x.content,
      };
    default:
      return { type: b.type };
  }
}
