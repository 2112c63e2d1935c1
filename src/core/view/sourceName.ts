/**
 * What a log is called on screen and in the recent list, from where it came
 * from: the one rule the app (before the worker answers) and the worker's
 * loader share.
 */

/** The parts of a load source a name is made of (the worker's LoadSource fits). */
export type NamedSource =
  | { kind: 'file'; file: { name: string } }
  | { kind: 'url'; url: string }
  | { kind: 'text'; name?: string }
  | { kind: 'sample'; name: string };

/** A file's name, a URL's last path segment (query dropped), 'pasted text', a sample's file name. */
export function sourceDisplayName(source: NamedSource): string {
  switch (source.kind) {
    case 'file':
      return source.file.name || 'file';
    case 'url':
      return urlFileName(source.url);
    case 'text':
      return source.name ?? 'pasted text';
    case 'sample':
      return source.name;
  }
}

/**
 * The last path segment of a URL, decoded for reading (`my%20session.jsonl` is `my session.jsonl`:
 * audit 28 L5), control characters kept encoded; the URL itself when it has none.
 */
export function urlFileName(url: string): string {
  const segment = url.split('?')[0]?.split('#')[0]?.split('/').pop();
  if (!segment) return url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return segment; // a stray `%`: shown as written
  }
  return decoded.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
