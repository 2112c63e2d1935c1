/**
 * Content blocks come from logs: these guards check a block's fields before a view trusts them
 * (a `text` block without a string `text` renders as an unrecognised block, not as a crash).
 */

import type {
  Block,
  ImageBlock,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnknownBlock,
} from '../../core/types';

export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** A block's fields, untyped (blocks come from logs: check before trusting). */
export function fields(b: Block): UnknownBlock {
  return b as UnknownBlock;
}
export function isTextBlock(b: Block): b is TextBlock {
  return b.type === 'text' && typeof fields(b).text === 'string';
}
export function isReasoningBlock(b: Block): b is ReasoningBlock {
  return b.type === 'reasoning' && typeof fields(b).text === 'string';
}
export function isToolCallBlock(b: Block): b is ToolCallBlock {
  const f = fields(b);
  return b.type === 'tool-call' && typeof f.name === 'string' && typeof f.arguments === 'string';
}
export function isToolResultBlock(b: Block): b is ToolResultBlock {
  const f = fields(b);
  return b.type === 'tool-result' && typeof f.toolCallId === 'string' && Array.isArray(f.content);
}
export function isImageBlock(b: Block): b is ImageBlock {
  return b.type === 'image' && isObj(fields(b).attachment);
}
