/**
 * The log worker's entry: the glue between `self` and the LogHost (host.ts),
 * which owns the loaded log and answers every request through the handler
 * table (handlers.ts).
 */
import { LogHost } from './host';
import type { RequestEnvelope, WorkerMessage } from './protocol';

const host = new LogHost((msg: WorkerMessage) => (self as unknown as Worker).postMessage(msg));

self.onmessage = (e: MessageEvent<RequestEnvelope>) => {
  void host.receive(e.data);
};
