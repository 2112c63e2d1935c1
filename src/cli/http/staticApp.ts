/**
 * Serving the built web app from a folder: content types, a request path's file under the
 * folder (traversal refused, symlinks kept inside), and the fallback to index.html for the
 * app's own routes.
 */
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, isAbsolute, posix, relative, resolve } from 'node:path';
import { plain } from './guard';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.jsonl': 'application/x-ndjson',
  '.ndjson': 'application/x-ndjson',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A request path's file under root, or why not. `..` segments (also percent-encoded),
 * NUL bytes and backslashes are refused outright rather than normalized away.
 */
export function resolveStaticPath(
  root: string,
  rawPath: string,
): { ok: true; path: string } | { ok: false; status: 400 | 403 } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400 };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { ok: false, status: 400 };
  if (decoded.includes('\\') || decoded.split('/').includes('..')) return { ok: false, status: 403 };
  const rel = posix.normalize(decoded).replace(/^\/+/, '');
  const full = resolve(root, rel);
  const back = relative(root, full);
  if (back.startsWith('..') || isAbsolute(back)) return { ok: false, status: 403 };
  return { ok: true, path: full };
}

export async function fileStat(path: string): Promise<Stats | undefined> {
  try {
    const st = await stat(path);
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

export function notFound(res: ServerResponse): void {
  plain(res, 404, 'not found');
}

/** A function serving GET/HEAD of the built app in distDir (a folder with index.html). */
export async function createStaticApp(
  distDir: string,
): Promise<(rawPath: string, res: ServerResponse, head: boolean) => Promise<void>> {
  const root = resolve(distDir);
  const rootReal = await realpath(root);
  const index = resolve(root, 'index.html');
  return async (rawPath, res, head) => {
    const target = resolveStaticPath(root, rawPath);
    if (!target.ok) return plain(res, target.status, target.status === 403 ? 'forbidden' : 'bad request');
    let path = target.path;
    let st = await fileStat(path);
    if (st !== undefined) {
      // a symlink inside dist must not lead out of it
      const back = relative(rootReal, await realpath(path));
      if (back.startsWith('..') || isAbsolute(back)) st = undefined;
    }
    if (st === undefined) {
      // the app's own routes have no extension; a missing asset is a real 404
      if (extname(rawPath) !== '') return notFound(res);
      path = index;
      st = await fileStat(path);
      if (st === undefined) return notFound(res);
    }
    res.writeHead(200, {
      'Content-Type': contentTypeOf(path),
      'Content-Length': st.size,
      'X-Content-Type-Options': 'nosniff',
      ...(path === index ? { 'Cache-Control': 'no-cache' } : {}),
    });
    if (head) {
      res.end();
      return;
    }
    const stream = createReadStream(path);
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  };
}
