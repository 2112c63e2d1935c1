/**
 * Normalizing `assistant/chunk` (spec 3.3): the chunk's shape is checked, and
 * design-card deltas without `index` get one (a new block begins when the
 * delta kind changes or a tool-call delta carries a `name`; numbering restarts
 * at each step attempt), their `arguments` becoming `argumentsDelta`.
 */
import { Invalid, isInt, isObject, type JsonObject } from '../validate';
import { checkBlock } from './contentBlocks';
import type { NormalizeContext } from './normalizeContext';
import { checkTurnStep, without } from './shape';

export function normalizeChunk(data: JsonObject, seq: number, ctx: NormalizeContext): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  const chunk = data.chunk;
  if (!isObject(chunk)) return new Invalid('data.chunk', 'an object');
  const type = chunk.type;
  if (typeof type !== 'string') return new Invalid('data.chunk.type', 'a string');
  const index = chunk.index;
  if (index !== undefined && !isInt(index)) return new Invalid('data.chunk.index', 'an integer');
  switch (type) {
    case 'text-delta':
    case 'reasoning-delta':
      if (typeof chunk.text !== 'string') return new Invalid('data.chunk.text', 'a string');
      break;
    case 'tool-call-delta': {
      const designCard = chunk.argumentsDelta === undefined && chunk.arguments !== undefined;
      if (typeof (designCard ? chunk.arguments : chunk.argumentsDelta) !== 'string') {
        return new Invalid(designCard ? 'data.chunk.arguments' : 'data.chunk.argumentsDelta', 'a string');
      }
      if (chunk.id !== undefined && typeof chunk.id !== 'string')
        return new Invalid('data.chunk.id', 'a string');
      if (chunk.name !== undefined && typeof chunk.name !== 'string')
        return new Invalid('data.chunk.name', 'a string');
      if (designCard) {
        const renamed = without(chunk, 'arguments');
        renamed.argumentsDelta = chunk.arguments;
        data.chunk = renamed;
        return assignIndex(renamed, seq, ctx, chunk.name !== undefined);
      }
      break;
    }
    case 'block-start':
      if (!isInt(index)) return new Invalid('data.chunk.index', 'an integer');
      if (typeof chunk.blockType !== 'string') return new Invalid('data.chunk.blockType', 'a string');
      break;
    case 'block-end':
      if (!isInt(index)) return new Invalid('data.chunk.index', 'an integer');
      {
        const badBlock = checkBlock(chunk.block, 'data.chunk.block', 0);
        if (badBlock !== undefined) return badBlock;
      }
      break;
    case 'usage':
      return isObject(chunk.usage) ? undefined : new Invalid('data.chunk.usage', 'an object');
    case 'finish':
      ctx.attemptBoundary();
      return isObject(chunk.reason) ? undefined : new Invalid('data.chunk.reason', 'an object');
    default:
      return undefined; // an unknown chunk kind is kept as written
  }
  return assignIndex(chunk, seq, ctx, type === 'tool-call-delta' && chunk.name !== undefined);
}

/** Deltas (and block-start) with an index note it; design-card deltas without one get one. */
function assignIndex(chunk: JsonObject, seq: number, ctx: NormalizeContext, startsBlock: boolean): undefined {
  const index = chunk.index;
  if (typeof index === 'number') ctx.explicitIndex(index);
  else chunk.index = ctx.deltaIndex(seq, chunk.type as string, startsBlock);
  return undefined;
}
