/**
 * Inspect AI's `.eval` files: a zip holding `header.json` (the log without
 * samples), one `samples/<id>_epoch_<n>.json` per sample, and summaries.
 * Its directory is read by zipDirectory.ts (members inflated with fflate, already the
 * project's gzip library); nothing throws: a damaged zip or member comes back as a note.
 */
import type { ReadLimits } from '../../reader/readLimits';
import { formatBytes } from '../../view/byteSize';
import { countContainers, partContainerLimit, refusedPartMessage } from '../../reader/lineLengthGuard';
import { isObject, type JsonObject } from '../../validate';
import type { ImportNote } from '../nativeLog';
import { CUT_MARKER, CUT_NOTE, INSPECT_MAX_DEPTH, type InspectLog } from './inspect';
import { parseBytes } from '../jsonDocument';
import { errorMessage } from '../../errorMessage';
import { memberBytes, zipMembers, type ZipMember } from './zipDirectory';

/** A member's text at most: it becomes one string (engines stop near 2^29 chars). */
const MEMBER_TEXT_BYTES = 500 * 1024 * 1024;

/**
 * The zip's members, each inflated into a buffer of its declared size (a member inflating
 * past it is stopped there and skipped with a note, zipDirectory.ts): members whose declared sizes would
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
  const sampleNames: string[] = [];
  let total = 0;
  let refusedContainers: number | undefined;
  // one budget for everything parsed and held (header and the shown sample): each part under
  // it, many parts together were not (audit R6-12)
  let budget = partContainerLimit(limits?.maxLineBytes ?? Infinity);
  const containerLimit = budget;
  // A member skipped is input a copy of the events misses: its notes carry the member's bytes in
  // the file, so an export says it is partial (core/log/unreadInput.ts; audit R16-1).
  const inFile = new Map<string, number>();
  const dropped = (name: string) => Math.max(1, inFile.get(name) ?? 0);
  const fits = (m: ZipMember): boolean => {
    const refuse = (why: string) => {
      notes.push({
        code: 'read-limit',
        message: `${m.name} in the .eval zip skipped: ${why}.`,
        droppedBytes: dropped(m.name),
      });
      return false;
    };
    // a stored member's size is its bytes in the file, whatever it declares
    const size = m.method === 0 ? m.compressedSize : m.declaredSize;
    if (size > MEMBER_TEXT_BYTES)
      return refuse(`it declares ${formatBytes(size)}, more than one text can hold`);
    if (!limits) return true;
    if (total + size > limits.maxDecodedBytes)
      return refuse(`it would pass ${formatBytes(limits.maxDecodedBytes)}, the size limit`);
    if (size > limits.ratioFloorBytes && size > limits.maxCompressionRatio * Math.max(1, m.compressedSize))
      return refuse(`it expands more than ${limits.maxCompressionRatio}:1 (a decompression bomb?)`);
    // the members together, against the whole file: many members each under the floor
    if (total + size > limits.ratioFloorBytes && total + size > limits.maxCompressionRatio * bytes.length)
      return refuse(
        `with the members before it, the file would expand more than ${limits.maxCompressionRatio}:1 (a decompression bomb?)`,
      );
    total += size;
    return true;
  };
  let members: ZipMember[];
  try {
    members = zipMembers(bytes);
  } catch (e) {
    notes.push({
      code: 'import-unmapped',
      message: `the .eval file is not a readable zip (${errorMessage(e)})`,
    });
    return { log: undefined, notes };
  }
  // the samples' names first (nothing inflated), then only the header and the shown sample
  for (const m of members) if (/^samples\/[^/]+\.json$/.test(m.name)) sampleNames.push(m.name);
  sampleNames.sort(bySampleName);
  const shownName = sampleNames[shown];
  const files: Record<string, Uint8Array> = {};
  for (const m of members) {
    if (m.name !== 'header.json' && m.name !== '_journal/start.json' && m.name !== shownName) continue;
    inFile.set(m.name, m.compressedSize);
    if (!fits(m)) continue;
    try {
      files[m.name] = memberBytes(bytes, m).data;
    } catch (e) {
      notes.push({
        code: 'import-unmapped',
        message: `${m.name} in the .eval zip cannot be read: ${errorMessage(e)}; skipped`,
        droppedBytes: dropped(m.name),
      });
    }
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
        droppedBytes: dropped(name),
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
      droppedBytes: dropped(name),
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
