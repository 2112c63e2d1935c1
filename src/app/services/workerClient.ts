/**
 * What the app uses of the worker's client (src/worker/client.ts): the
 * services and views take this, so tests hand them a fake (testing/fakeClient.ts).
 */
import type { LogClient } from '../../worker/client';

export type WorkerClient = Pick<
  LogClient,
  'request' | 'subscribe' | 'onDead' | 'onRows' | 'restart' | 'killForTesting'
>;
