/**
 * Checks of message content as written (spec 3.1): known block shapes are
 * validated, other shapes (the design card's `tool_use`) kept verbatim; a
 * string content becomes one text block.
 */
import { Invalid, isObject } from '../validate';

/** Deeper nesting of tool-result content than this is refused (keeps validation off the stack limit). */
const MAX_BLOCK_DEPTH = 32;

export function checkContent(content: unknown, path: string, depth: number): Invalid | undefined {
  if (!Array.isArray(content)) return new Invalid(path, 'an array of content blocks');
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    // Text blocks are most of it: checked inline, paths built only on failure.
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') continue;
    const bad = checkBlock(block, `${path}[${i}]`, depth);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** Known block shapes are checked; other shapes (e.g. `tool_use`) are kept verbatim. */
export function checkBlock(block: unknown, path: string, depth: number): Invalid | undefined {
  if (!isObject(block)) return new Invalid(path, 'an object');
  const type = block.type;
  if (typeof type !== 'string') return new Invalid(`${path}.type`, 'a string');
  switch (type) {
    case 'text':
    case 'reasoning':
      return typeof block.text === 'string' ? undefined : new Invalid(`${path}.text`, 'a string');
    case 'tool-call':
      if (typeof block.id !== 'string') return new Invalid(`${path}.id`, 'a string');
      if (typeof block.name !== 'string') return new Invalid(`${path}.name`, 'a string');
      return typeof block.arguments === 'string'
        ? undefined
        : new Invalid(`${path}.arguments`, 'a string (raw JSON)');
    case 'tool-result':
      if (typeof block.toolCallId !== 'string') return new Invalid(`${path}.toolCallId`, 'a string');
      if (block.isError !== undefined && typeof block.isError !== 'boolean')
        return new Invalid(`${path}.isError`, 'a boolean');
      if (depth >= MAX_BLOCK_DEPTH)
        return new Invalid(`${path}.content`, `at most ${MAX_BLOCK_DEPTH} levels of nested tool results`);
      return checkContent(block.content, `${path}.content`, depth + 1);
    case 'image':
      return isObject(block.attachment) ? undefined : new Invalid(`${path}.attachment`, 'an object');
    default:
      return undefined;
  }
}

/** Content as written: a block array, or a string (one text block once normalized). */
export function checkContentOrString(content: unknown, path: string): Invalid | undefined {
  return typeof content === 'string' ? undefined : checkContent(content, path, 0);
}

export function contentBlocks(content: unknown): unknown {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}
