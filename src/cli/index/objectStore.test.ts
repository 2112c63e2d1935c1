/**
 * Indexing a bucket: a local S3-compatible server (s3rver on 127.0.0.1) holds sample logs;
 * `seqscope index s3://bucket/prefix` reads them with credentials and endpoint from the
 * standard environment, and `index http://.../bucket/` through the store's public listing.
 * Both give the rows a local index of the same files gives.
 */
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli, runCliAsync } from '../testSupport';
import { queryAsync as query } from './testing';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '../shared/samples');
const FILES = [
  'design-card-example.jsonl',
  'dsh/cordis-tool-round.jsonl',
  'dsh/compaction-recovery.stream.jsonl',
  'dsh/pty-tools.jsonl',
];

/** The part of s3rver (a local S3-compatible server; it ships no types) used here. */
interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rver;

let server: S3rver;
let env: Record<string, string>;
let endpoint: string;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  await ensureBuiltCli();
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'seqscope-s3rver-')),
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  env = {
    AWS_ENDPOINT_URL: endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'agent-logs' }));
  for (const f of FILES)
    await client.send(
      new PutObjectCommand({ Bucket: 'agent-logs', Key: `runs/${f}`, Body: readFileSync(join(SAMPLES, f)) }),
    );
  await client.send(new PutObjectCommand({ Bucket: 'agent-logs', Key: 'runs/README.md', Body: 'not a log' }));
  await client.send(
    new PutObjectCommand({
      Bucket: 'agent-logs',
      Key: 'elsewhere/x.jsonl',
      Body: readFileSync(join(SAMPLES, FILES[0] as string)),
    }),
  );
  client.destroy();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const FIGURES =
  'session_id, size_bytes, events, turns, steps, tool_calls, tool_errors, input_tokens, errors, warnings';

describe('seqscope index over object storage', { timeout: 300_000 }, () => {
  it('indexes s3://bucket/prefix like the same files on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-s3-'));
    const remote = join(dir, 'remote');
    const r = await runCliAsync(['index', 's3://agent-logs/runs/', '--out', remote], { env });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^indexed 4 logs \(4 read, 0 unchanged, 0 unreadable\)/);
    const rows = await query(remote, `SELECT path, ${FIGURES} FROM sessions ORDER BY path`);
    expect(rows.map((x) => x.path)).toEqual(FILES.map((f) => `s3://agent-logs/runs/${f}`).sort());

    const local = join(dir, 'local');
    expect((await runCliAsync(['index', ...FILES.map((f) => join(SAMPLES, f)), '--out', local])).code).toBe(
      0,
    );
    const byName = (xs: Record<string, unknown>[]) =>
      Object.fromEntries(xs.map(({ path, ...rest }) => [basename(String(path)), rest]));
    expect(byName(rows)).toEqual(byName(await query(local, `SELECT path, ${FIGURES} FROM sessions`)));
    // Child rows come along.
    expect(await query(remote, 'SELECT count(*) AS n FROM steps')).toEqual(
      await query(local, 'SELECT count(*) AS n FROM steps'),
    );

    // A second run fetches to fingerprint, parses nothing.
    const again = await runCliAsync(['index', 's3://agent-logs/runs/', '--out', remote, '--json'], { env });
    expect(again.out.trim().split('\n').pop()).toMatch(/"event":"done","total":4,"done":4,"skipped":4/);
  });

  it('indexes a public listing over http(s)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-http-'));
    const r = await runCliAsync(['index', `${endpoint}/agent-logs/`, '--out', dir], { env });
    expect(r.code, r.err).toBe(0);
    const rows = await query(dir, 'SELECT path, events FROM sessions ORDER BY path');
    expect(rows.map((x) => x.path)).toEqual(
      [...FILES.map((f) => `runs/${f}`), 'elsewhere/x.jsonl']
        .map((k) => `${endpoint}/agent-logs/${k}`)
        .sort(),
    );
    expect(rows.every((x) => Number(x.events) > 0)).toBe(true);
  });

  it('says clearly when the bucket is missing', async () => {
    const missing = await runCliAsync(
      ['index', 's3://no-such-bucket/x/', '--out', mkdtempSync(join(tmpdir(), 'x-'))],
      {
        env,
      },
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/s3:\/\/no-such-bucket\/x\/: no such bucket/);
  });
});
