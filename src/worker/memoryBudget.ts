/**
 * How large a log this tab can hold, decided before the bytes arrive, so a
 * too-large file is refused with a message instead of the tab dying halfway.
 *
 * The log worker keeps the decompressed bytes (in 64 MiB blocks) plus about
 * 35 bytes of columns per event; a generated or real log averages ~160 bytes
 * an event, so a log needs about 1.25x its decompressed size, plus the
 * indexes. A tab can safely use about half of the device's memory as the
 * browser reports it (`navigator.deviceMemory`, in GB, rounded down and
 * capped at 8 by Chrome; 4 when unknown), and never more than 4 GiB here.
 */
import { formatBytes } from '../core/view/byteSize';

/** Memory a loaded log needs per decompressed byte (bytes + columns + indexes). */
export const BYTES_NEEDED_PER_LOG_BYTE = 1.25;
const GIB = 1024 ** 3;
const MAX_BUDGET = 4 * GIB;

/** Bytes of memory the log may use in this tab. */
export function memoryBudget(deviceMemoryGb: number | undefined): number {
  const gb = deviceMemoryGb !== undefined && deviceMemoryGb > 0 ? deviceMemoryGb : 4;
  return Math.min(MAX_BUDGET, (gb * GIB) / 2);
}

/** The largest log that fits the budget. */
export function largestLog(budget: number): number {
  return budget / BYTES_NEEDED_PER_LOG_BYTE;
}

/** Why a log of `bytes` (decompressed, or at least that many) cannot open here; null when it fits. */
export function tooLarge(name: string, bytes: number, budget: number, soFar = false): string | null {
  if (bytes <= largestLog(budget)) return null;
  const what = soFar
    ? `${name} decompresses to more than ${formatBytes(bytes)}`
    : `${name} is ${formatBytes(bytes)}`;
  return (
    `${what}: it would need about ${formatBytes(bytes * BYTES_NEEDED_PER_LOG_BYTE)} of memory in this tab, ` +
    `and a tab can safely use about ${formatBytes(budget)} on this device, so logs up to about ${formatBytes(largestLog(budget))} fit here. ` +
    'Open it with the CLI (`seqscope check` / `seqscope derive` keep no page in memory) or split the log.'
  );
}
