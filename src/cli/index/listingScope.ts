/**
 * THE rule for which links of a remote listing `seqscope index` may fetch (audit R20-3): only
 * those on the listing's own origin (scheme, host and port) and under its folder. A listing is
 * data from the network: without this rule an HTML index or a ListBucketResult could make the
 * indexer fetch `../secret.jsonl`, `/etc/x`, another bucket on a path-style endpoint, or a
 * loopback service of the machine running it, and put what it got in the library.
 */

export interface ListingScope {
  /** The listing's origin, e.g. `http://host:8080`. */
  origin: string;
  /** The folder links must stay under, always ending in `/`, e.g. `/dir/`. */
  folder: string;
}

/**
 * The scope of a listing at `url`: its origin and its folder. A listing URL names a folder, so
 * `http://host/dir` is the folder `/dir/` (as a server that redirects it to `/dir/` means it).
 */
export function scopeOf(url: URL): ListingScope {
  const path = url.pathname;
  return { origin: url.origin, folder: path.endsWith('/') ? path : `${path}/` };
}

/**
 * Why a link is out of `scope`, or undefined when it may be fetched. The path is compared as a
 * server would read it: percent-decoded, so an encoded `..%2F` cannot climb out of the folder
 * after `new URL` has normalized the plain dot segments away.
 */
export function outOfScope(scope: ListingScope, target: URL): string | undefined {
  if (target.origin !== scope.origin) return 'on another host';
  const path = decodedPath(target.pathname);
  if (
    path === undefined ||
    hasDotSegment(path) ||
    !path.startsWith(decodedPath(scope.folder) ?? scope.folder)
  )
    return `outside ${scope.folder}`;
  return undefined;
}

function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path).replaceAll('\\', '/');
  } catch {
    return undefined; // malformed percent-encoding: no server reads it as we would
  }
}

/** True when a path or object key has a `.` or `..` segment (which a server or proxy may resolve). */
export function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

/** Counts the links (or bucket keys) a listing left out, by reason, for one note on stderr. */
export class LeftOutLinks {
  private readonly byReason = new Map<string, number>();

  constructor(private readonly noun: 'link' | 'key') {}

  add(reason: string): void {
    this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + 1);
  }

  /** "3 links left out: 2 on another host, 1 outside /dir/", or undefined when none were. */
  note(): string | undefined {
    let total = 0;
    for (const n of this.byReason.values()) total += n;
    if (total === 0) return undefined;
    const parts = [...this.byReason].map(([reason, n]) => `${n} ${reason}`);
    return `${total} ${total === 1 ? this.noun : `${this.noun}s`} left out: ${parts.join(', ')}`;
  }
}
