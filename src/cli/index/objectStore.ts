/**
 * Logs in object storage: `s3://bucket/prefix`, `gs://bucket/prefix` (through
 * Google Cloud Storage's S3-compatible XML API) and plain `http(s)://` listings
 * (an S3-style ListBucketResult or an HTML directory index). What a listing names is
 * fetched only within its scope (listingScope.ts), and no redirect is followed out of it.
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
import { errorMessage } from '../../core/errorMessage';
import { hasDotSegment, LeftOutLinks, outOfScope, scopeOf, type ListingScope } from './listingScope';
import { fetchBody, fetchWithin, HTTP_TIMEOUTS, textUpTo, type HttpTimeouts } from './httpTimeouts';

export interface ObjectRef {
  /** The URL as shown: s3://bucket/key, gs://bucket/key or https://... */
  url: string;
  size: number;
  /**
   * The user named this URL itself (not a listing's link): its redirects are followed, as the
   * user chose where to read from (a release asset redirects to its storage).
   */
  named?: true;
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

/** What a remote listing yielded: the logs to index, and what was skipped with why. */
export interface RemoteListing {
  refs: ObjectRef[];
  /** One line each (a link that failed, the count of links left out): the run goes on without them. */
  warnings: string[];
}

const DOT_SEGMENT_KEY = 'with . or .. in the key';

/**
 * Keys and pages a bucket listing reads at most: a store that keeps answering "truncated" (a
 * token it gave before, or new ones forever) must not be listed until memory runs out (audit
 * R22-10). A million keys take 1,000 pages of S3's 1,000; a larger bucket is indexed by prefix.
 */
export const MAX_LISTED_KEYS = 1_000_000;
export const MAX_LISTED_PAGES = 10_000;

/**
 * Every object under an s3:// or gs:// prefix whose key passes `keep`. A key with a `.` or
 * `..` segment is left out: on a path-style endpoint it would name an object of another bucket.
 * The listing stops, with a warning, at a continuation token it was given before and at
 * `limits` (keys listed, pages read).
 */
export async function listBucket(
  url: string,
  keep: (key: string) => boolean,
  limits = { keys: MAX_LISTED_KEYS, pages: MAX_LISTED_PAGES },
): Promise<RemoteListing> {
  const parsed = parseBucketUrl(url);
  if (!parsed) throw new Error(`${url}: not an s3:// or gs:// URL`);
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = await clientFor(parsed.scheme);
  const refs: ObjectRef[] = [];
  const leftOut = new LeftOutLinks('key');
  const tokens = new Set<string>();
  let listed = 0;
  let pages = 0;
  let stopped: string | undefined;
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: parsed.bucket,
        Prefix: parsed.key,
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    pages++;
    for (const o of page.Contents ?? []) {
      listed++;
      if (o.Key === undefined || !keep(o.Key)) continue;
      if (hasDotSegment(o.Key)) leftOut.add(DOT_SEGMENT_KEY);
      else refs.push({ url: `${parsed.scheme}://${parsed.bucket}/${o.Key}`, size: o.Size ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
    if (token === undefined) break;
    if (tokens.has(token)) stopped = 'the store gave a continuation token it had given before';
    else if (listed >= limits.keys || pages >= limits.pages)
      stopped = `the limit of ${limits.keys.toLocaleString('en-US')} keys or ${limits.pages.toLocaleString('en-US')} pages was reached; index narrower prefixes for the rest`;
    tokens.add(token);
  } while (stopped === undefined);
  const warnings = leftOutWarnings(url, leftOut);
  if (stopped !== undefined)
    warnings.unshift(
      `${url}: the listing stopped after ${listed.toLocaleString('en-US')} keys in ${pages.toLocaleString('en-US')} pages (${refs.length.toLocaleString('en-US')} logs kept): ${stopped}`,
    );
  return { refs, warnings };
}

/**
 * An object's bytes as a stream of chunks. Over http(s) a redirect is not followed: the
 * listing checked where the object is, and a redirect could send the download anywhere.
 */
export async function openObject(
  url: string,
  named = false,
  timeouts: Pick<HttpTimeouts, 'idleMs'> = HTTP_TIMEOUTS,
): Promise<AsyncIterable<unknown>> {
  const parsed = parseBucketUrl(url);
  if (parsed) {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await clientFor(parsed.scheme);
    const res = await client.send(new GetObjectCommand({ Bucket: parsed.bucket, Key: parsed.key }));
    if (!res.Body) throw new Error('empty response');
    return res.Body as Readable;
  }
  const { res, chunks } = await fetchBody(url, { redirect: named ? 'follow' : 'manual' }, timeouts.idleMs);
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(httpStatus(res));
  }
  return chunks;
}

/** Redirects a listing URL itself may take, each within its scope (`/dir` -> `/dir/`). */
const LISTING_REDIRECTS = 5;

/**
 * The logs an http(s) URL names: itself when it looks like a log file, else the entries of
 * its listing (an S3-style ListBucketResult or the links of an HTML directory index) that
 * listingScope.ts lets it fetch. Each entry is checked with a HEAD that follows no redirect;
 * one that fails is a warning naming it, never the end of the listing (audit R20-5).
 */
export async function listHttp(
  url: string,
  keep: (key: string) => boolean,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
): Promise<RemoteListing> {
  const named = new URL(url);
  if (keep(named.pathname)) {
    const checked = await checkLink(named, timeouts, true);
    if (typeof checked === 'string') throw new Error(checked);
    return { refs: [{ ...checked, named: true }], warnings: [] };
  }
  const scope = scopeOf(named);
  const { base, text } = await fetchListing(named, scope, timeouts);
  const leftOut = new LeftOutLinks('link');
  const entries = text.includes('<ListBucketResult')
    ? bucketListingEntries(base, text, keep, leftOut)
    : htmlLinks(base, text, keep).map((target) => ({ target, size: undefined }));
  const refs: ObjectRef[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const { target, size } of entries) {
    if (seen.has(target.href)) continue;
    seen.add(target.href);
    const why = outOfScope(scope, target);
    if (why !== undefined) {
      leftOut.add(why);
      continue;
    }
    // a bucket listing gives each object's size; a link of an HTML index is asked for it
    const checked = size !== undefined ? { url: target.href, size } : await checkLink(target, timeouts);
    if (typeof checked === 'string') warnings.push(`skipped ${target.href}: ${checked}`);
    else refs.push(checked);
  }
  return { refs, warnings: [...warnings, ...leftOutWarnings(url, leftOut)] };
}

/** The listing's text, and the URL its links are relative to (where its redirects, all in scope, ended). */
async function fetchListing(
  url: URL,
  scope: ListingScope,
  timeouts: HttpTimeouts,
): Promise<{ base: URL; text: string }> {
  let at = url;
  for (let hop = 0; hop <= LISTING_REDIRECTS; hop++) {
    const from = at;
    const page: { next: URL } | { text: string } = await fetchWithin(
      from,
      { redirect: 'manual' },
      timeouts.requestMs,
      async (res) => {
        const location = res.headers.get('location');
        if (isRedirect(res.status) && location !== null) {
          await res.body?.cancel().catch(() => undefined);
          return { next: new URL(location, from) };
        }
        if (!res.ok) throw new Error(httpStatus(res));
        return { text: await textUpTo(res, timeouts.maxListingBytes) };
      },
    ).catch((err: unknown) => {
      throw where(from) === '' ? err : new Error(`${where(from)}${errorMessage(err)}`);
    });
    if ('text' in page) return { base: at, text: page.text };
    const why = outOfScope(scope, page.next);
    if (why !== undefined)
      throw new Error(`${where(at)}a redirect to ${page.next.href}, ${why}: not followed`);
    at = page.next;
  }
  throw new Error(`more than ${LISTING_REDIRECTS} redirects`);

  // the caller names the listing URL; a URL it was redirected to is named here
  function where(at: URL): string {
    return at === url ? '' : `${at.href}: `;
  }
}

function htmlLinks(base: URL, html: string, keep: (key: string) => boolean): URL[] {
  const out: URL[] = [];
  for (const m of html.matchAll(/href\s*=\s*"([^"#?]+)"/gi)) {
    const target = urlOrUndefined(m[1] as string, base);
    if (target !== undefined && keep(target.pathname)) out.push(target);
  }
  return out;
}

function urlOrUndefined(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined; // not a URL at all: no link to follow
  }
}

/**
 * The objects of a ListBucketResult as URLs with their sizes. A key is a name under the bucket's root, the
 * listing's folder (https://host/bucket/?prefix=p or https://bucket.host/), never a relative reference:
 * its segments are encoded and appended, and one with a dot segment is left out.
 */
function bucketListingEntries(
  base: URL,
  xml: string,
  keep: (key: string) => boolean,
  leftOut: LeftOutLinks,
): { target: URL; size: number }[] {
  const root = `${base.origin}${scopeOf(base).folder}`;
  const out: { target: URL; size: number }[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = m[1] as string;
    const key = decodeXml(/<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1] ?? '');
    if (!key || !keep(key)) continue;
    if (hasDotSegment(key)) leftOut.add(DOT_SEGMENT_KEY);
    else
      out.push({
        target: new URL(`${root}${key.split('/').map(encodeURIComponent).join('/')}`),
        size: Number(/<Size>(\d+)<\/Size>/.exec(body)?.[1] ?? 0),
      });
  }
  return out;
}

/** A link as a log to index, or why it is not one (a redirect is followed only for a URL the user named). */
async function checkLink(target: URL, timeouts: HttpTimeouts, named = false): Promise<ObjectRef | string> {
  let res: Response;
  try {
    const init: RequestInit = { method: 'HEAD', redirect: named ? 'follow' : 'manual' };
    res = await fetchWithin(target, init, timeouts.requestMs, (r) => Promise.resolve(r));
  } catch (err) {
    return fetchFailure(err);
  }
  if (!res.ok) return httpStatus(res);
  return { url: target.href, size: Number(res.headers.get('content-length') ?? 0) };
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** A response that is not a success, as a reason: "HTTP 404", "HTTP 302, a redirect to X, not followed". */
function httpStatus(res: Response): string {
  const location = res.headers.get('location');
  return isRedirect(res.status) && location !== null
    ? `HTTP ${res.status}, a redirect to ${location}, not followed`
    : `HTTP ${res.status}`;
}

/** Why fetch threw: "fetch failed" alone names no cause; its `cause` does (ECONNREFUSED, a closed socket). */
function fetchFailure(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = typeof cause?.code === 'string' ? cause.code : cause?.message;
  return typeof detail === 'string' ? `${errorMessage(err)} (${detail})` : errorMessage(err);
}

function leftOutWarnings(listing: string, leftOut: LeftOutLinks): string[] {
  const note = leftOut.note();
  return note === undefined ? [] : [`${listing}: ${note}`];
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
