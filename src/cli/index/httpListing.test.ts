/**
 * `seqscope index http://host/dir/` over a hostile listing (audit R20-3, R20-5): a local server
 * lists links inside its folder, outside it, on another host (a second local server that must
 * receive no request at all), a redirect, a link whose connection drops, a 404 and a 500. Only
 * the logs inside the folder land in the library; each failed link is a warning naming it and
 * its status, the links left out are one note, and the rest of the listing is still indexed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuiltCli, runCliAsync } from '../testSupport';
import { listLogs } from './sources';
import { queryAsync as query } from './testing';

const SAMPLES = resolve(__dirname, '../../../../shared/samples');
const LOG_A = readFileSync(join(SAMPLES, 'dsh/cordis-tool-round.jsonl'));
const LOG_B = readFileSync(join(SAMPLES, 'dsh/pty-tools.jsonl'));

/** Paths each server was asked for, with the method. */
const seenByListing: string[] = [];
const seenByOther: string[] = [];
let listing: Server;
let other: Server;
let base: string; // http://127.0.0.1:PORT of the listing server
let otherBase: string; // the other server (another port: another origin)

function listen(server: Server): Promise<string> {
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function html(links: string[]): string {
  return `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join('\n')}</body></html>`;
}

function serveListing(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '';
  seenByListing.push(`${req.method} ${path}`);
  const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  switch (path) {
    case '/dir/':
      return send(
        200,
        html([
          'a.jsonl',
          'sub/b.jsonl',
          'notes.txt',
          '../secret.jsonl',
          '/etc/x.jsonl',
          '..%2fsecret.jsonl',
          `${otherBase}/dir/stolen.jsonl`,
          `http://localhost:${new URL(base).port}/dir/a.jsonl`,
          'moved.jsonl',
          'broken.jsonl',
          'missing.jsonl',
          'error.jsonl',
          'flip.jsonl',
          'a.jsonl',
        ]),
      );
    case '/dir/a.jsonl':
    case '/short/a.jsonl':
      return send(200, LOG_A);
    case '/dir/sub/b.jsonl':
      return send(200, LOG_B);
    case '/dir/moved.jsonl':
      return send(302, '', { location: `${otherBase}/dir/stolen.jsonl` });
    case '/dir/broken.jsonl':
      return void req.socket.destroy();
    case '/dir/error.jsonl':
      return send(500, 'boom');
    // checked with HEAD, then a redirect when downloaded: the download must not follow it either
    case '/dir/flip.jsonl':
      return req.method === 'HEAD'
        ? send(200, LOG_A)
        : send(302, '', { location: `${otherBase}/dir/stolen.jsonl` });
    case '/short':
      return send(301, '', { location: '/short/' });
    case '/short/':
      return send(200, html(['a.jsonl', '/dir/a.jsonl']));
    case '/away/':
      return send(302, '', { location: `${otherBase}/away/` });
    case '/bucket/?prefix=runs/':
      return send(
        200,
        `<?xml version="1.0"?><ListBucketResult>${[
          'runs/c.jsonl',
          '../dir/a.jsonl',
          'runs/../../dir/a.jsonl',
          'runs/./c.jsonl',
        ]
          .map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`)
          .join('')}</ListBucketResult>`,
      );
    case '/bucket/runs/c.jsonl':
      return send(200, LOG_A);
    default:
      return send(404, 'not found');
  }
}

beforeAll(async () => {
  other = createServer((req, res) => {
    seenByOther.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.method === 'HEAD' ? undefined : LOG_B);
  });
  otherBase = await listen(other);
  listing = createServer(serveListing);
  base = await listen(listing);
  await ensureBuiltCli();
}, 120_000);

beforeEach(() => {
  seenByListing.length = 0;
  seenByOther.length = 0;
});

afterAll(async () => {
  await Promise.all([listing, other].map((s) => new Promise((done) => s?.close(done))));
});

describe('seqscope index over an http listing (audit R20-3, R20-5)', { timeout: 180_000 }, () => {
  it('indexes only the logs under the listed folder, warns of each failed link, and fetches nothing else', async () => {
    const out = mkdtempSync(join(tmpdir(), 'seqscope-http-listing-'));
    const r = await runCliAsync(['index', `${base}/dir/`, '--out', out]);
    expect(r.code, r.err).toBe(0);

    const rows = await query(out, 'SELECT path, events, read_error FROM sessions ORDER BY path');
    expect(rows.map((x) => x.path)).toEqual([
      `${base}/dir/a.jsonl`,
      `${base}/dir/flip.jsonl`,
      `${base}/dir/sub/b.jsonl`,
    ]);
    expect(rows.map((x) => Number(x.events) > 0)).toEqual([true, false, true]);
    expect(rows[1]?.read_error).toBe(`HTTP 302, a redirect to ${otherBase}/dir/stolen.jsonl, not followed`);

    const warnings = r.err.trimEnd().split('\n');
    expect(warnings).toEqual([
      `seqscope: warning: skipped ${base}/dir/moved.jsonl: HTTP 302, a redirect to ${otherBase}/dir/stolen.jsonl, not followed`,
      expect.stringMatching(
        new RegExp(`^seqscope: warning: skipped ${base}/dir/broken\\.jsonl: fetch failed \\(.+\\)$`),
      ),
      `seqscope: warning: skipped ${base}/dir/missing.jsonl: HTTP 404`,
      `seqscope: warning: skipped ${base}/dir/error.jsonl: HTTP 500`,
      `seqscope: warning: ${base}/dir/: 5 links left out: 3 outside /dir/, 2 on another host`,
    ]);

    expect(seenByOther).toEqual([]);
    expect([...new Set(seenByListing)].sort()).toEqual([
      'GET /dir/',
      'GET /dir/a.jsonl',
      'GET /dir/flip.jsonl',
      'GET /dir/sub/b.jsonl',
      'HEAD /dir/a.jsonl',
      'HEAD /dir/broken.jsonl',
      'HEAD /dir/error.jsonl',
      'HEAD /dir/flip.jsonl',
      'HEAD /dir/missing.jsonl',
      'HEAD /dir/moved.jsonl',
      'HEAD /dir/sub/b.jsonl',
    ]);
  });

  it('follows the redirect of a log URL the user named itself (a release asset redirects to its storage)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'seqscope-http-named-'));
    const r = await runCliAsync(['index', `${base}/dir/moved.jsonl`, '--out', out]);
    expect(r.code, r.err).toBe(0);
    const rows = await query(out, 'SELECT path, events, read_error FROM sessions');
    expect(rows.map((x) => [x.path, Number(x.events) > 0, x.read_error])).toEqual([
      [`${base}/dir/moved.jsonl`, true, null],
    ]);
    expect([...new Set(seenByOther)].sort()).toEqual(['GET /dir/stolen.jsonl', 'HEAD /dir/stolen.jsonl']);
  });

  it('follows a listing’s own redirect only within its folder', async () => {
    const short = await listLogs([`${base}/short`]);
    expect(short.logs.map((l) => l.path)).toEqual([`${base}/short/a.jsonl`]);
    expect(short.problems).toEqual([`${base}/short: 1 link left out: 1 outside /short/`]);

    const away = await listLogs([`${base}/away/`]);
    expect(away.logs).toEqual([]);
    expect(away.problems).toEqual([
      `${base}/away/: a redirect to ${otherBase}/away/, on another host: not followed`,
    ]);
    expect(seenByOther).toEqual([]);
  });

  it('names a bucket listing’s keys under its folder, leaving out keys with dot segments', async () => {
    const bucket = await listLogs([`${base}/bucket/?prefix=runs/`]);
    // the size is the listing's: no object is asked for anything before it is read
    expect(bucket.logs).toEqual([{ path: `${base}/bucket/runs/c.jsonl`, size: 1, remote: true }]);
    expect(bucket.problems).toEqual([
      `${base}/bucket/?prefix=runs/: 3 links left out: 3 with . or .. in the key`,
    ]);
    expect(seenByListing).toEqual(['GET /bucket/?prefix=runs/']);
  });
});

/**
 * An s3:// listing through the SDK: a fake path-style endpoint lists keys with dot segments,
 * which on such an endpoint name objects of another bucket (s3rver resolves them on upload,
 * so it cannot hold them: this endpoint answers ListObjectsV2 itself).
 */
describe('seqscope index over s3:// (audit R20-3)', () => {
  const SAVED = { ...process.env };
  let endpoint: Server;
  const asked: string[] = [];

  beforeAll(async () => {
    endpoint = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      const keys = ['runs/ok.jsonl', 'runs/../other-bucket/x.jsonl', 'runs/./y.jsonl'];
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
          '<Name>bkt</Name><Prefix>runs/</Prefix><KeyCount>3</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>' +
          keys.map((k) => `<Contents><Key>${k}</Key><Size>7</Size></Contents>`).join('') +
          '</ListBucketResult>',
      );
    });
    Object.assign(process.env, {
      AWS_ENDPOINT_URL: await listen(endpoint),
      AWS_ACCESS_KEY_ID: 'TEST',
      AWS_SECRET_ACCESS_KEY: 'TEST',
      AWS_REGION: 'us-east-1',
    });
  });

  afterAll(async () => {
    process.env = SAVED;
    await new Promise((done) => endpoint?.close(done));
  });

  it('leaves out keys with . or .. segments, in one note', async () => {
    const found = await listLogs(['s3://bkt/runs/']);
    expect(found.logs).toEqual([{ path: 's3://bkt/runs/ok.jsonl', size: 7, remote: true }]);
    expect(found.problems).toEqual(['s3://bkt/runs/: 2 keys left out: 2 with . or .. in the key']);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^GET \/bkt\/?\?list-type=2&prefix=runs%2F/);
  });
});
