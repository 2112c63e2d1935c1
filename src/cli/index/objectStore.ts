/**
 * Logs in object storage: `s3://bucket/prefix`, `gs://bucket/prefix` (through
 * Google Cloud Storage's S3-compatible XML API) and plain `http(s)://` listings
 * (an S3-style ListBucketResult or an HTML directory index).
 *
 * Credentials and endpoints come from the standard environment, read by the
 * AWS SDK's default chain: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN / AWS_PROFILE, AWS_REGION, AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL (an S3-compatible store: MinIO, R2, a local s3rver). For
 * gs://, HMAC keys in GS_ACCESS_KEY_ID / GS_SECRET_ACCESS_KEY (else the AWS
 * ones) and the endpoint GS_ENDPOINT_URL (default https://storage.googleapis.com).
 *
 * The SDK is loaded on first use only: commands that never touch a bucket
 * never pay for it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

export interface ObjectRef {
  /** The URL as shown: s3://bucket/key, gs://bucket/key or https://... */
  url: string;
  size: number;
}

export function isObjectUrl(path: string): boolean {
  return /^(s3|gs):\/\//i.test(path) || /^https?:\/\//i.test(path);
}

interface BucketUrl {
  scheme: 's3' | 'gs';
  bucket: string;
  key: string;
}

export function parseBucketUrl(url: string): BucketUrl | undefined {
  const m = /^(s3|gs):\/\/([^/]+)\/?(.*)$/i.exec(url);
  if (!m) return undefined;
  return {
    scheme: (m[1] as string).toLowerCase() as 's3' | 'gs',
    bucket: m[2] as string,
    key: m[3] as string,
  };
}

const clients = new Map<string, Promise<S3Client>>();

async function clientFor(scheme: 's3' | 'gs'): Promise<S3Client> {
  let client = clients.get(scheme);
  if (!client) {
    client = makeClient(scheme);
    clients.set(scheme, client);
  }
  return client;
}

async function makeClient(scheme: 's3' | 'gs'): Promise<S3Client> {
  // The SDK warns on every Node below 22 about its releases of 2027: noise for a CLI user here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { S3Client } = await import('@aws-sdk/client-s3');
  const env = process.env;
  if (scheme === 'gs') {
    const accessKeyId = env.GS_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.GS_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
    return new S3Client({
      endpoint: env.GS_ENDPOINT_URL ?? 'https://storage.googleapis.com',
      region: 'auto',
      forcePathStyle: true,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    });
  }
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  return new S3Client({
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    // A custom endpoint (MinIO, s3rver, R2...) rarely has virtual-host DNS for its buckets.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
}

/** Every object under an s3:// or gs:// prefix whose key passes `keep`. */
export async function listBucket(url: string, keep: (key: string) => boolean): Promise<ObjectRef[]> {
  const parsed = parseBucketUrl(url);
  if (!parsed) throw new Error(`${url}: not an s3:// or gs:// URL`);
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = await clientFor(parsed.scheme);
  const out: ObjectRef[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: parsed.bucket,
        Prefix: parsed.key,
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const o of page.Contents ?? []) {
      if (o.Key === undefined || !keep(o.Key)) continue;
      out.push({ url: `${parsed.scheme}://${parsed.bucket}/${o.Key}`, size: o.Size ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** An object's bytes as a stream of chunks. */
export async function openObject(url: string): Promise<AsyncIterable<unknown>> {
  const parsed = parseBucketUrl(url);
  if (parsed) {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await clientFor(parsed.scheme);
    const res = await client.send(new GetObjectCommand({ Bucket: parsed.bucket, Key: parsed.key }));
    if (!res.Body) throw new Error('empty response');
    return res.Body as Readable;
  }
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  return res.body;
}

/**
 * The logs an http(s) URL names: itself when it looks like a log file, else the
 * entries of its listing: an S3-style ListBucketResult (a public bucket's
 * endpoint) or the links of an HTML directory index.
 */
export async function listHttp(url: string, keep: (key: string) => boolean): Promise<ObjectRef[]> {
  const u = new URL(url);
  if (keep(u.pathname)) {
    const head = await fetch(url, { method: 'HEAD' });
    if (!head.ok) throw new Error(`${url}: HTTP ${head.status}`);
    return [{ url, size: Number(head.headers.get('content-length') ?? 0) }];
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const text = await res.text();
  if (text.includes('<ListBucketResult')) return parseBucketListing(url, text, keep);
  const out: ObjectRef[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/href\s*=\s*"([^"#?]+)"/gi)) {
    const target = new URL(m[1] as string, url);
    if (!keep(target.pathname) || seen.has(target.href)) continue;
    seen.add(target.href);
    const head = await fetch(target, { method: 'HEAD' });
    if (head.ok) out.push({ url: target.href, size: Number(head.headers.get('content-length') ?? 0) });
  }
  return out;
}

function parseBucketListing(url: string, xml: string, keep: (key: string) => boolean): ObjectRef[] {
  const base = new URL(url);
  // The listing names keys from the bucket's root: https://host/bucket/?prefix=p or https://bucket.host/
  const root = `${base.origin}${base.pathname.replace(/\/[^/]*$/, '/')}`;
  const out: ObjectRef[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = m[1] as string;
    const key = decodeXml(/<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1] ?? '');
    const size = Number(/<Size>(\d+)<\/Size>/.exec(body)?.[1] ?? 0);
    if (key && keep(key))
      out.push({ url: new URL(key.split('/').map(encodeURIComponent).join('/'), root).href, size });
  }
  return out;
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
