/**
 * What a surface event may claim (spec 4), checked as it joins the surface:
 * its `sourceEventSeqs` must name earlier events, ascending, without
 * repeats; a tool/result replacement may change only the nested content of
 * the result it hides, which is compared through the result's "shape".
 */
import { jsonExcerpt, jsonText } from '../deepJson';
import { isKnownEvent, type SessionEvent } from '../types';
import { formatSeq } from '../view/seqText';

/** A tool/result's message with every tool-result block's nested content blanked, as a comparable string. */
export function toolResultShape(ev: SessionEvent): string {
  const msg = isKnownEvent(ev) && ev.type === 'tool/result' ? ev.data.message : undefined;
  if (!msg || !Array.isArray(msg.content)) return jsonText(msg ?? null) ?? 'null';
  // jsonText: a message may nest deeper than JSON.stringify's recursion allows
  const shape = jsonText({
    ...msg,
    content: msg.content.map((b: unknown) =>
      typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'tool-result'
        ? { ...b, content: null }
        : b,
    ),
  });
  return shape ?? 'null';
}

/** Why `sourceEventSeqs` is invalid for the event at seq, or null when it is fine. */
export function sourcesProblem(src: unknown, seq: number, mayBeEmpty: boolean): string | null {
  if (!Array.isArray(src)) return 'is not an array';
  if (src.length === 0 && !mayBeEmpty) return 'is empty (only assistant/message may have [])';
  let increasing = true;
  for (let i = 0; i < src.length; i++) {
    const s: unknown = src[i];
    if (!Number.isInteger(s) || (s as number) < 0 || (s as number) >= seq) {
      increasing = false;
      break;
    }
    if (i > 0 && (s as number) <= (src[i - 1] as number)) {
      increasing = false;
      break;
    }
  }
  if (increasing) return null; // the usual case: ascending earlier seqs, no need for a Set
  const seen = new Set<number>();
  for (const s of src) {
    if (!Number.isInteger(s) || (s as number) < 0) return `has ${jsonExcerpt(s)}, not a seq`;
    if ((s as number) >= seq) return `names ${formatSeq(s as number)}, not earlier than this event`;
    if (seen.has(s as number)) return `names ${formatSeq(s as number)} twice`;
    seen.add(s as number);
  }
  return null;
}

/**
 * Spec 4: a tool/result replacement hides exactly one tool/result and
 * changes only its nested content: the two "shapes" (the message with
 * nested result content blanked) must be equal. The old shape is the one kept
 * when the result joined (`keptShape`: large results, surface.ts), else the old
 * event is read again here (a small line; keeping every tool/result's shape
 * would cost a stringify of each at load and memory for each).
 */
export function toolResultRewriteProblem(
  ev: SessionEvent,
  hidden: number[],
  getEvent: (seq: number) => SessionEvent | undefined,
  joinedAsToolResult: (seq: number) => boolean,
  keptShape: (seq: number) => string | undefined = () => undefined,
): string | null {
  if (hidden.length !== 1)
    return `a tool/result replace must hide exactly one node, this one hides ${hidden.length}`;
  const target = hidden[0] as number;
  let oldShape = joinedAsToolResult(target) ? keptShape(target) : undefined;
  if (oldShape === undefined) {
    const old = getEvent(target);
    if (!joinedAsToolResult(target) || old === undefined) {
      return `a tool/result replace must hide a tool/result, ${formatSeq(target)} is ${old?.type ?? 'unknown'}`;
    }
    oldShape = toolResultShape(old);
  }
  if (oldShape !== toolResultShape(ev))
    return `tool/result replacing ${formatSeq(target)} changes more than the result's nested content`;
  return null;
}
