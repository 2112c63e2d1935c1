/**
 * Streams a generated log into a Node Writable in large batches, waiting for
 * 'drain' whenever the stream asks for it (backpressure).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type GenerateOptions, generateLogBatches } from './index';

export interface WriteResult {
  events: number;
  /** UTF-8 bytes handed to the stream (before any compression downstream). */
  bytes: number;
  lines: number;
}

export async function writeLog(
  options: GenerateOptions,
  stream: Writable,
  batchSize = 4 << 20,
): Promise<WriteResult> {
  let bytes = 0;
  let lines = 0;
  for (const batch of generateLogBatches(options, batchSize)) {
    const buf = Buffer.from(batch, 'utf8');
    bytes += buf.length;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
    if (!stream.write(buf)) await once(stream, 'drain');
  }
  return { events: options.events, bytes, lines };
}
