/**
 * A bucket listing always ends (audit R22-10): a store answering every ListObjectsV2 page
 * "truncated" with the token it gave before kept `index gs://...` listing forever (8.8 M keys,
 * 1.45 GB after a minute). A tiny S3 XML API on 127.0.0.1 plays such a store.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBucket } from './objectStore';

/** How the fake store pages: the same token forever, a new one forever, or two pages and done. */
let mode: 'same-token' | 'new-tokens' | 'ends' = 'same-token';
let pages = 0;
let server: Server;

function page(n: number, token: string | undefined): string {
  const keys = Array.from(
    { length: 1000 },
    (_, i) => `<Contents><Key>logs/p${n}-${i}.jsonl</Key><Size>10</Size></Contents>`,
  ).join('');
  const next =
    token === undefined
      ? '<IsTruncated>false</IsTruncated>'
      : `<IsTruncated>true</IsTruncated><NextContinuationToken>${token}</NextContinuationToken>`;
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name><Prefix>logs/</Prefix><KeyCount>1000</KeyCount><MaxKeys>1000</MaxKeys>${next}${keys}</ListBucketResult>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!req.url?.includes('list-type=2')) {
      res.writeHead(404).end();
      return;
    }
    pages++;
    const token =
      mode === 'same-token' ? 'same' : mode === 'new-tokens' ? `t${pages}` : pages < 2 ? 't1' : undefined;
    res.writeHead(200, { 'Content-Type': 'application/xml' }).end(page(pages, token));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  process.env.GS_ENDPOINT_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.GS_ACCESS_KEY_ID = 'x';
  process.env.GS_SECRET_ACCESS_KEY = 'y';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

const all = () => true;

describe('a bucket listing that never ends is stopped, with a warning (audit R22-10)', () => {
  it('a continuation token given again: stops there', async () => {
    mode = 'same-token';
    pages = 0;
    const r = await listBucket('gs://b/logs/', all);
    expect(pages).toBe(2);
    expect(r.refs).toHaveLength(2000);
    expect(r.warnings).toEqual([
      'gs://b/logs/: the listing stopped after 2,000 keys in 2 pages (2,000 logs kept): the store gave a continuation token it had given before',
    ]);
  });

  it('new tokens forever: stops at the limit of keys, saying how many it holds', async () => {
    mode = 'new-tokens';
    pages = 0;
    const r = await listBucket('gs://b/logs/', (key) => key.endsWith('-1.jsonl'), { keys: 5000, pages: 100 });
    expect(pages).toBe(5);
    expect(r.refs).toHaveLength(5);
    expect(r.warnings).toEqual([
      'gs://b/logs/: the listing stopped after 5,000 keys in 5 pages (5 logs kept): the limit of 5,000 keys or 100 pages was reached; index narrower prefixes for the rest',
    ]);
  });

  it('a listing that ends is read whole, with nothing to say', async () => {
    mode = 'ends';
    pages = 0;
    const r = await listBucket('gs://b/logs/', all);
    expect(pages).toBe(2);
    expect(r.refs).toHaveLength(2000);
    expect(r.warnings).toEqual([]);
  });
});
