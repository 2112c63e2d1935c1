/** Loading a whole log held in memory (tests, small inputs): push it in chunks, end, return the log. */
import { SessionLog, type SessionLogOptions } from './sessionLog';

export function loadLogFromBytes(
  bytes: Uint8Array,
  options: SessionLogOptions & { chunkSize?: number } = {},
): SessionLog {
  const log = new SessionLog(options);
  const step = options.chunkSize ?? 1 << 20;
  for (let i = 0; i < bytes.length; i += step) log.push(bytes.subarray(i, Math.min(bytes.length, i + step)));
  log.end();
  return log;
}

export function loadLogFromText(
  text: string,
  options?: SessionLogOptions & { chunkSize?: number },
): SessionLog {
  return loadLogFromBytes(new TextEncoder().encode(text), options);
}
