/** Inspect AI chat messages, content and usage as the session model's (the importer's vocabulary). */
import { isObject, type JsonObject } from '../../validate';
import type { Block, Message, TokenUsage } from '../../types';
import { argumentsText, textBlock, textOf } from '../nativeLog';

export function describe(m: Message | undefined): string {
  if (!m) return 'nothing';
  const text = m.content
    .map((b) => (b.type === 'text' ? (b as { text: string }).text : `[${b.type}]`))
    .join(' ')
    .slice(0, 60);
  return `${m.role} "${text}"`;
}

export function contentOf(content: unknown): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).map((c): Block => {
    if (c.type === 'text' && typeof c.text === 'string') return textBlock(c.text);
    if (c.type === 'reasoning')
      return {
        type: 'reasoning',
        text: c.redacted === true ? '[redacted reasoning: encrypted by the provider]' : textOf(c.reasoning),
      };
    return { ...c, type: typeof c.type === 'string' ? c.type : 'unknown' };
  });
}

export function toolContent(result: unknown, error: JsonObject | undefined): Block[] {
  const content = contentOf(result);
  if (content.length === 0 && error) return [textBlock(textOf(error.message, textOf(error.type, 'error')))];
  return content;
}

/** An Inspect ChatMessage as the model's Message (tool messages become user tool-result messages). */
export function chatMessage(m: JsonObject): Message {
  if (m.role === 'tool') {
    const error = isObject(m.error) ? m.error : undefined;
    const block: Block = {
      type: 'tool-result',
      toolCallId: typeof m.tool_call_id === 'string' ? m.tool_call_id : '',
      content: toolContent(m.content, error),
    };
    if (error) block.isError = true;
    return { role: 'user', content: [block] };
  }
  const role = m.role === 'assistant' ? 'assistant' : m.role === 'system' ? 'system' : 'user';
  const content = contentOf(m.content);
  if (Array.isArray(m.tool_calls))
    for (const c of m.tool_calls.filter(isObject))
      content.push({
        type: 'tool-call',
        id: typeof c.id === 'string' ? c.id : '',
        name: typeof c.function === 'string' ? c.function : '',
        arguments: argumentsText(c.arguments),
      });
  return { role, content };
}

/**
 * Inspect's ModelUsage as TokenUsage, whose inputTokens is the uncached input. Inspect's own
 * `input_tokens` means that for Anthropic (and for OpenAI since inspect_ai subtracts
 * `cached_tokens` from `prompt_tokens`), with `total_tokens` = input + output + cache; but
 * older OpenAI logs (0.3.95 among them) hold `prompt_tokens`, the cache read inside it, with
 * `total_tokens` = input + output. `total_tokens` tells the two apart, so a cached token is
 * billed once either way.
 */
export function inspectUsage(u: unknown): TokenUsage | undefined {
  if (!isObject(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' && Number.isFinite(u[k]) ? u[k] : 0);
  const input = n('input_tokens');
  const output = n('output_tokens');
  const cache = n('input_tokens_cache_read') + n('input_tokens_cache_write');
  const cacheInInput = cache > 0 && input >= cache && n('total_tokens') === input + output;
  const usage: TokenUsage = { inputTokens: cacheInInput ? input - cache : input, outputTokens: output };
  if (n('input_tokens_cache_read') > 0) usage.cacheReadTokens = n('input_tokens_cache_read');
  if (n('input_tokens_cache_write') > 0) usage.cacheWriteTokens = n('input_tokens_cache_write');
  if (n('reasoning_tokens') > 0) usage.reasoningTokens = n('reasoning_tokens');
  return usage;
}
