/** Small shape helpers shared by the normalizers. */
import { Invalid, isInt, type JsonObject } from '../validate';

/** A parsed event whose envelope passed: string `type`, object `data`. */
export type RawEvent = JsonObject & { type: string; data: JsonObject };

/** `data.turn` and `data.step` are integers (every step-bound event). */
export function checkTurnStep(data: JsonObject): Invalid | undefined {
  if (!isInt(data.turn)) return new Invalid('data.turn', 'an integer');
  if (!isInt(data.step)) return new Invalid('data.step', 'an integer');
  return undefined;
}

/** A shallow copy without the named keys (legacy paths only: avoids `delete` on hot objects). */
export function without(o: JsonObject, ...keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const k in o) if (!keys.includes(k)) out[k] = o[k];
  return out;
}
