/**
 * An Inspect AI `.json` log: one JSON document, `{"version", "status", "eval", ..., "samples":
 * [...]}`. A small, shallow one is parsed whole. Otherwise it is read in parts from its bytes
 * (../jsonDocument.ts): each header member, each sample's id and epoch, and the one sample
 * shown, each parsed on its own. So a log larger than one string can hold (a 587 MB log of
 * 560,000 samples) opens sample by sample, a value nested a million deep is cut without any
 * recursion (Chromium's JSON.parse in a worker overflowed where Node's did not), and a log cut
 * by a read limit still shows the samples read whole before the cut.
 */
import { isObject, type JsonObject } from '../../validate';
import { errorMessage } from '../../errorMessage';
import { formatBytes } from '../../view/byteSize';
import { countContainers, refusedPartMessage } from '../../reader/lineLengthGuard';
import { NativeLog } from '../nativeLog';
import { ONE_STRING_BYTES, parseSpan, scanDocument, type JsonSpan } from '../jsonDocument';
import {
  CUT_MARKER,
  CUT_NOTE,
  INSPECT_MAX_DEPTH,
  cutDeepValues,
  importInspect,
  type InspectImportOptions,
} from './inspect';

export interface InspectJsonRead {
  /** The bytes end before the document does because a read limit stopped the reading. */
  truncated?: boolean;
  /** One string at most (tests lower it; default ONE_STRING_BYTES). */
  stringBytes?: number;
  /** Objects and arrays one parsed part may hold (reader/lineLengthGuard.ts partContainerLimit); default none. */
  containerLimit?: number;
}

export function importInspectJson(
  bytes: Uint8Array,
  options: InspectImportOptions = {},
  read: InspectJsonRead = {},
): NativeLog {
  const stringBytes = read.stringBytes ?? ONE_STRING_BYTES;
  const scan = scanDocument(bytes, 'samples', ['id', 'epoch']);
  const deep =
    scan.members.some((m) => m.depth + 1 > INSPECT_MAX_DEPTH) ||
    scan.elements.some((e) => e.depth + 2 > INSPECT_MAX_DEPTH);
  const limit = read.containerLimit ?? Infinity;
  // a document with more objects and arrays than one part may hold is read in parts, each
  // bounded: JSON.parse builds ~80 bytes for each `{}` of 3 (audit R6-6)
  const bounded = limit === Infinity || countContainers(bytes, 0, bytes.length, limit) <= limit;
  if (bytes.length <= stringBytes && !deep && bounded && (scan.incomplete === undefined || !read.truncated))
    return importWhole(bytes, options);
  if (scan.incomplete !== undefined && !read.truncated)
    return failed(
      `the Inspect AI log is not valid JSON (${scan.incomplete.reason}, at byte ${scan.incomplete.at})`,
    );
  return importInParts(bytes, scan, options, read, stringBytes);
}

/** The common case: JSON.parse of the whole text, every value cut past the depth limit. */
function importWhole(bytes: Uint8Array, options: InspectImportOptions): NativeLog {
  const text = new TextDecoder().decode(bytes);
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return failed(`the Inspect AI log is not valid JSON (${errorMessage(e)})`);
  }
  if (!isObject(doc)) return failed('the Inspect AI log is not a JSON object');
  const { value: whole, cut } = cutDeepValues(doc);
  const samples = Array.isArray(whole.samples) ? whole.samples.filter(isObject) : [];
  const out = importInspect({ header: whole, samples }, options);
  if (cut) out.note('import-note', CUT_NOTE);
  return out;
}

function importInParts(
  bytes: Uint8Array,
  scan: ReturnType<typeof scanDocument>,
  options: InspectImportOptions,
  read: InspectJsonRead,
  stringBytes: number,
): NativeLog {
  const notes: string[] = [];
  const refused: string[] = [];
  const limit = read.containerLimit ?? Infinity;
  // one budget for everything parsed and held (the header's members and the shown sample):
  // each part under it, many together were not (audit R6-13)
  let budget = limit;
  let cut = false;
  /** A part parsed at its level of the document (the header's members 2, samples 3), or undefined. */
  const part = (span: JsonSpan, level: number, what: string): unknown => {
    if (span.end - span.start > stringBytes) {
      notes.push(
        `${what} is ${formatBytes(span.end - span.start)}, more than one string can hold (${formatBytes(stringBytes)}): it was left out`,
      );
      return undefined;
    }
    const containers = budget === Infinity ? 0 : countContainers(bytes, span.start, span.end, limit);
    if (containers > budget) {
      refused.push(refusedPartMessage(`The Inspect AI log's ${what}`, limit, containers <= limit));
      return undefined;
    }
    budget -= containers;
    const r = parseSpan(bytes, span, INSPECT_MAX_DEPTH - level + 1, CUT_MARKER);
    cut ||= r.cut;
    return r.value;
  };
  const header: JsonObject = {};
  try {
    for (const m of scan.members) {
      if (m.key === 'samples') continue;
      const value = part(m, 2, `"${m.key}"`);
      if (value !== undefined)
        Object.defineProperty(header, m.key, { value, enumerable: true, writable: true, configurable: true });
    }
    const objects = scan.elements.filter((e) => bytes[firstByte(bytes, e.start)] === 0x7b);
    const shown = options.sample ?? 0;
    const field = (f: JsonSpan | undefined) => (f && f.depth === 0 ? part(f, 4, 'a field') : undefined);
    const samples: JsonObject[] = objects.map((e, k) => {
      const value = k === shown ? part(e, 3, `sample ${k + 1}`) : undefined;
      // The others (and one too large to read) are only listed: their id and epoch.
      return isObject(value) ? value : { id: field(e.fields.id), epoch: field(e.fields.epoch) };
    });
    const out = importInspect({ header, samples }, options);
    if (read.truncated)
      out.note(
        'import-note',
        `a read limit cut the Inspect AI log: ${samples.length === 1 ? 'the 1 sample' : `the ${samples.length} samples`} read whole before the cut can be opened; the rest was not read`,
      );
    for (const n of notes) out.note('import-unmapped', n);
    for (const n of refused) out.note('read-limit', n);
    if (refused.length > 0) out.refusedContainers = limit;
    if (cut) out.note('import-note', CUT_NOTE);
    return out;
  } catch (e) {
    return failed(`the Inspect AI log is not valid JSON (${errorMessage(e)})`);
  }
}

function firstByte(b: Uint8Array, at: number): number {
  while (b[at] === 0x20 || b[at] === 0x0a || b[at] === 0x0d || b[at] === 0x09) at++;
  return at;
}

function failed(message: string): NativeLog {
  const out = new NativeLog();
  out.note('import-unmapped', message);
  return out;
}
