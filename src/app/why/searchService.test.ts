import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LogHost } from '../../worker/host';
import type { LogClient } from '../../worker/client';
import type { Push, RequestEnvelope, ResponseMessage, WorkerMessage } from '../../worker/protocol';
import { SearchService, useSearch } from './searchService';

const text = readFileSync(
  resolve(__dirname, '../../../../shared/samples/dsh/agent-instructions.jsonl'),
  'utf8',
);

/** The worker's host in-process behind the client's request/subscribe surface. */
async function hostClient() {
  const listeners: ((p: Push) => void)[] = [];
  const answers = new Map<number, (m: ResponseMessage) => void>();
  const host = new LogHost((m: WorkerMessage) => {
    if (m.type === 'push') for (const l of listeners) l(m.push);
    else answers.get(m.id)?.(m);
  });
  let id = 0;
  const client = {
    request: (req: Omit<RequestEnvelope, 'id'>) =>
      new Promise((done) => {
        const env = { ...req, id: ++id } as RequestEnvelope;
        answers.set(env.id, (m) => done(m.result));
        void host.receive(env);
      }),
    subscribe: (l: (p: Push) => void) => {
      listeners.push(l);
      return () => listeners.splice(listeners.indexOf(l), 1);
    },
  } as unknown as Pick<LogClient, 'request' | 'subscribe'>;
  await client.request({ kind: 'open', loadId: 1, source: { kind: 'text', text } });
  return client;
}

const settle = async () => {
  for (let i = 0; i < 50 && useSearch.getState().running; i++) await new Promise((r) => setTimeout(r, 5));
};

describe('SearchService', () => {
  beforeEach(() => useSearch.setState({ query: '', hits: [], count: 0, current: -1, running: false }));

  it('runs a query in the worker, collects the streamed hits and steps through them, wrapping', async () => {
    const revealed: number[] = [];
    const svc = new SearchService(await hostClient(), (seq) => revealed.push(seq));
    const stop = svc.start();
    svc.update({ query: 'agents.md' });
    await settle();
    const s = useSearch.getState();
    expect(s.count).toBe(5);
    expect(s.hits).toHaveLength(5);
    svc.step(1);
    svc.step(1);
    svc.step(-1);
    svc.step(-1);
    expect(revealed).toEqual([s.hits[0]?.seq, s.hits[1]?.seq, s.hits[0]?.seq, s.hits[4]?.seq]);
    stop();
  });

  it('a bad regex is an inline error; an empty query clears', async () => {
    const svc = new SearchService(await hostClient(), () => {});
    svc.update({ query: '(', regex: true });
    await settle();
    expect(useSearch.getState().error).toBe('bad regular expression: Unterminated group');
    svc.update({ query: '', regex: false });
    await settle();
    expect(useSearch.getState()).toMatchObject({ count: 0, hits: [], error: undefined });
  });
});
