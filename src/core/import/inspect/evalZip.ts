/**
 * Inspect AI's `.eval` files: a zip holding `header.json` (the log without
 * samples), one `samples/<id>_epoch_<n>.json` per sample, and summaries.
 * Read with fflate (already the project's gzip library); nothing throws: a
 * damaged zip or member comes back as a note.
 */
import { unzipSync } from 'fflate';
import type { ReadLimits } from '../../reader/readLimits';
import { formatBytes } from '../../view/byteSize';
import { countContainers, partContainerLimit, refusedPartMessage } from '../../reader/lineLengthGuard';
import { isObject, type JsonObject } from '../../validate';
import type { ImportNote } from '../nativeLog';
import { CUT_MARKER, CUT_NOTE, INSPECT_MAX_DEPTH, type InspectLog } from './inspect';
import { parseBytes } from '../jsonDocument';
import { errorMessage } from '../../errorMessage';

/** The fixed part of a zip central-directory entry, in bytes (APPNOTE 4.3.12). */
const CD_ENTRY_BYTES = 46;

/** A member's text at most: it becomes one string (engines stop near 2^29 chars). */
const MEMBER_TEXT_BYTES = 500 * 1024 * 1024;

/**
 * The zip's members, each inflated into a buffer of its declared size (fflate never grows
 * it, so a member lying about its size is cut there): members whose declared sizes would
 * pass the read limits (in total, per member, or by their compression ratio) are skipped
 * with a note before anything is allocated: a zip bomb costs nothing.
 */
export function readEvalZip(
  bytes: Uint8Array,
  limits?: ReadLimits,
  /** The sample shown (in id order): the only one inflated and parsed; the others are listed by name. */
  shown = 0,
): { log: InspectLog | undefined; notes: ImportNote[]; refusedContainers?: number } {
  const notes: ImportNote[] = [];
  let files: Record<string, Uint8Array>;
  const sampleNames: string[] = [];
  let total = 0;
  let refusedContainers: number | undefined;
  // one budget for everything parsed and held (header and the shown sample): each part under
  // it, many parts together were not (audit R6-12)
  let budget = partContainerLimit(limits?.maxLineBytes ?? Infinity);
  const containerLimit = budget;
  const fits = (f: { name: string; size: number; originalSize: number }): boolean => {
    const refuse = (why: string) => {
      notes.push({ code: 'read-limit', message: `${f.name} in the .eval zip skipped: ${why}.` });
      return false;
    };
    const size = f.originalSize;
    if (size > MEMBER_TEXT_BYTES)
      return refuse(`it declares ${formatBytes(size)}, more than one text can hold`);
    if (!limits) return true;
    if (total + size > limits.maxDecodedBytes)
      return refuse(`it would pass ${formatBytes(limits.maxDecodedBytes)}, the size limit`);
    if (size > limits.ratioFloorBytes && size > limits.maxCompressionRatio * Math.max(1, f.size))
      return refuse(`it expands more than ${limits.maxCompressionRatio}:1 (a decompression bomb?)`);
    // the members together, against the whole file: many members each under the floor
    if (total + size > limits.ratioFloorBytes && total + size > limits.maxCompressionRatio * bytes.length)
      return refuse(
        `with the members before it, the file would expand more than ${limits.maxCompressionRatio}:1 (a decompression bomb?)`,
      );
    total += size;
    return true;
  };
  try {
    // the samples' names first (nothing inflated), then only the header and the shown sample
    let entries = 0;
    unzipSync(bytes, {
      filter: (f) => {
        // fflate trusts the end record's entry count and reads zeros past the data: a 128-byte
        // file claiming 2^32 entries loops for hours (audit R7-3). A directory entry takes at
        // least 46 bytes and names its member.
        if (++entries > bytes.length / CD_ENTRY_BYTES || f.name === '')
          throw new Error(`its directory claims more entries than the file's ${bytes.length} bytes hold`);
        if (/^samples\/[^/]+\.json$/.test(f.name)) sampleNames.push(f.name);
        return false;
      },
    });
    sampleNames.sort(bySampleName);
    const shownName = sampleNames[shown];
    files = unzipSync(bytes, {
      filter: (f) =>
        (f.name === 'header.json' || f.name === '_journal/start.json' || f.name === shownName) && fits(f),
    });
  } catch (e) {
    notes.push({
      code: 'import-unmapped',
      message: `the .eval file is not a readable zip (${errorMessage(e)})`,
    });
    return { log: undefined, notes };
  }
  const parse = (name: string): JsonObject | undefined => {
    const f = files[name];
    if (!f) return undefined;
    const containers = budget === Infinity ? 0 : countContainers(f, 0, f.length, containerLimit);
    if (containers > budget) {
      // JSON.parse builds ~80 bytes for each `{}` of 3: bounded like a line (audit R6-5)
      notes.push({
        code: 'read-limit',
        message: refusedPartMessage(`${name} in the .eval zip`, containerLimit, containers <= containerLimit),
      });
      refusedContainers = containerLimit;
      return undefined;
    }
    budget -= containers;
    try {
      const { value: v, cut } = parseBytes(f, INSPECT_MAX_DEPTH, CUT_MARKER);
      if (cut && !notes.some((n) => n.message === CUT_NOTE))
        notes.push({ code: 'import-note', message: CUT_NOTE });
      if (isObject(v)) return v;
    } catch {
      // reported below
    }
    notes.push({
      code: 'import-unmapped',
      message: `${name} in the .eval zip is not a JSON object: skipped`,
    });
    return undefined;
  };
  // A run still in progress has no header.json yet; its journal start holds the eval spec.
  const header = parse('header.json') ?? parse('_journal/start.json') ?? {};
  // the others are listed by the id and epoch their names hold (all a listing needs)
  const samples = sampleNames.map((n, k) => (k === shown ? parse(n) : undefined) ?? idOf(n));
  return {
    log: { header, samples },
    notes,
    ...(refusedContainers !== undefined ? { refusedContainers } : {}),
  };
}

/** A sample known only by its member's name: `samples/<id>_epoch_<n>.json`. */
function idOf(name: string): JsonObject {
  const m = /^samples\/(.*)_epoch_(\d+)\.json$/.exec(name);
  if (!m) return { id: name.slice('samples/'.length, -'.json'.length) };
  const id = m[1] as string;
  return { id: /^\d{1,15}$/.test(id) ? Number(id) : id, epoch: Number(m[2]) };
}

/** `samples/<id>_epoch_<n>.json` in id order (numeric ids numerically), then epoch. */
function bySampleName(a: string, b: string): number {
  const key = (n: string) => {
    const m = /^samples\/(.*)_epoch_(\d+)\.json$/.exec(n);
    return { id: m?.[1] ?? n, epoch: Number(m?.[2] ?? 0) };
  };
  const x = key(a);
  const y = key(b);
  const nx = Number(x.id);
  const ny = Number(y.id);
  const byId = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  return byId || x.epoch - y.epoch;
}
