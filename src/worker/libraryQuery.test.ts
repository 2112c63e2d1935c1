/** The worker's `library` request against a server like `seqscope serve`: the answer, no library, a failure. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_API, type LibraryQuery } from '../core/library/routes';
import { queryLibrary } from './libraryQuery';

const query: LibraryQuery = {
  q: 'pty tools',
  sort: 'started_at',
  order: 'desc',
  only: ['tool-errors'],
  limit: 50,
};
let server: Server;
let origin = '';
let mode: 'library' | 'none' | 'html' | 'broken' = 'library';
let asked = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    asked = req.url ?? '';
    if (mode === 'library' && req.url?.startsWith(LIBRARY_API)) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          schema: 'seqscope.library',
          version: '1.0',
          total: 1,
          offset: 0,
          rows: [{ session_id: 'ab' }],
        }),
      );
    } else if (mode === 'html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>app</title>');
    } else if (mode === 'broken') {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'the index is unreadable' }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('the library request', () => {
  it('asks the API with the query and answers its page', async () => {
    mode = 'library';
    const r = await queryLibrary(query, origin);
    expect(r).toEqual({
      ok: true,
      value: {
        status: 'ready',
        answer: {
          schema: 'seqscope.library',
          version: '1.0',
          total: 1,
          offset: 0,
          rows: [{ session_id: 'ab' }],
        },
      },
    });
    const params = new URL(asked, origin).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      q: 'pty tools',
      sort: 'started_at',
      order: 'desc',
      limit: '50',
      only: 'tool-errors',
    });
  });

  it('is absent where no library is served (404, or the app page as a fallback)', async () => {
    for (const m of ['none', 'html'] as const) {
      mode = m;
      expect(await queryLibrary(query, origin)).toEqual({ ok: true, value: { status: 'absent' } });
    }
  });

  it('a failing library is an error that says what it answered', async () => {
    mode = 'broken';
    const r = await queryLibrary(query, origin);
    expect(r.ok ? null : r.error).toEqual({
      code: 'network',
      message: 'The library answered HTTP 500: the index is unreadable',
    });
  });
});
