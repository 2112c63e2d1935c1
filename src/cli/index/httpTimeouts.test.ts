/**
 * `index` of an http(s) URL against servers that stall (audit 21's low: no time limit): a listing
 * that never answers, a link whose HEAD never answers, a listing that never ends, a download
 * that stops sending. Each ends with a message saying what happened; a slow but steady download
 * is not cut.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpTimeouts } from './httpTimeouts';
import { listHttp, openObject } from './objectStore';

const TIMEOUTS: HttpTimeouts = { requestMs: 300, idleMs: 300, maxListingBytes: 64 * 1024 };
const isLog = (key: string) => key.endsWith('.jsonl');

/** Responses left open on purpose (a stalled server), ended after the tests. */
const held: ServerResponse[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/silent/') return void held.push(res); // accepts, never answers
    if (path === '/links/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<a href="stalls.jsonl">a</a> <a href="fine.jsonl">b</a>');
    }
    if (path === '/links/stalls.jsonl') return void held.push(res);
    if (path === '/links/fine.jsonl') {
      res.writeHead(200, { 'content-length': '3' });
      return void res.end(req.method === 'HEAD' ? undefined : '{}\n');
    }
    if (path === '/endless/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const more = () => {
        if (!res.destroyed && res.write('<a href="x.jsonl">x</a>'.repeat(1000))) setImmediate(more);
        else if (!res.destroyed) res.once('drain', more);
      };
      return void more();
    }
    if (path === '/stops.jsonl') {
      res.writeHead(200);
      res.write('{"type":"session"}\n');
      return void held.push(res); // then nothing more
    }
    if (path === '/slow.jsonl') {
      res.writeHead(200);
      let sent = 0;
      const tick = setInterval(() => {
        res.write('{}\n');
        if (++sent === 6) {
          clearInterval(tick);
          res.end();
        }
      }, 300);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function readAll(chunks: AsyncIterable<unknown>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

describe('index over http(s): time and size limits', () => {
  it('a listing that is never answered ends with "no answer within"', async () => {
    await expect(listHttp(`${base}/silent/`, isLog, TIMEOUTS)).rejects.toThrow('no answer within 0.3 s');
  });

  it('a link whose HEAD is never answered is skipped with a warning; the rest of the listing is kept', async () => {
    const listing = await listHttp(`${base}/links/`, isLog, TIMEOUTS);
    expect(listing.refs).toEqual([{ url: `${base}/links/fine.jsonl`, size: 3 }]);
    expect(listing.warnings).toEqual([`skipped ${base}/links/stalls.jsonl: no answer within 0.3 s`]);
  });

  it('a listing that never ends is refused past its size', async () => {
    await expect(listHttp(`${base}/endless/`, isLog, TIMEOUTS)).rejects.toThrow(
      'the listing is larger than 64.0 KiB',
    );
  });

  it('a download that stops sending ends with "no bytes for", after what it sent', async () => {
    const chunks = await openObject(`${base}/stops.jsonl`, false, TIMEOUTS);
    let got = '';
    await expect(
      (async () => {
        for await (const chunk of chunks) got += Buffer.from(chunk as Uint8Array).toString('utf8');
      })(),
    ).rejects.toThrow('no bytes for 0.3 s');
    expect(got).toBe('{"type":"session"}\n');
  });

  it('a slow but steady download (1.8 s in all, a chunk every 300 ms) is read whole', async () => {
    // the idle limit is 1.5 s here: passed by the whole download, never between two chunks
    const chunks = await openObject(`${base}/slow.jsonl`, false, { idleMs: 1500 });
    expect(await readAll(chunks)).toBe('{}\n'.repeat(6));
  });
});
