/**
 * The one byte-size formatter, for the app, the worker and the CLI: powers of 1024 with
 * their IEC names (KiB, MiB, GiB, TiB), because every size Seqscope takes is counted in
 * powers of 1024 (`--max-size 512M`, the storage cap, the memory budget): a limit given
 * as 128M reads back as 128 MiB, never as 134 MB.
 */

import { NO_VALUE } from './noValue';

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** `512 B`, `1.5 KiB`, `12.3 MiB`, `200 MiB`, `1.2 GiB`. Non-finite input gives `—`. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs < 1024) return `${sign}${Math.round(abs)} B`;
  let v = abs / 1024;
  let i = 0;
  // 1023.95 KiB would print as 1024.0 KiB: it is 1.0 MiB
  while (v >= 1023.95 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${sign}${v < 99.95 ? v.toFixed(1) : Math.round(v).toString()} ${UNITS[i] as string}`;
}

/** "35.2 KiB (36,038 bytes)": the size, and the exact count a user can check against a file. */
export function bytesSaid(n: number): string {
  return `${formatBytes(n)} (${n.toLocaleString('en-US')} bytes)`;
}
