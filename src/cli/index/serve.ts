/**
 * `seqscope serve DIR [--port P] [--no-browser] [--threads N]`: index the logs under
 * DIR (incrementally, into DIR/.seqscope-index), then serve on 127.0.0.1, with the
 * same guard as `open` (Host check, GET/HEAD only, CSP and security headers):
 *
 *   GET /                      the web app; its start page shows the Library
 *   GET /api/library?...       the sessions table, sorted, filtered, searched (libraryApi.ts)
 *   GET /files/<path>[?fp=F]   a log under DIR, Range requests honoured; with fp, a log
 *                              the index knows under another fingerprint is 409 (the link
 *                              names bytes that are no longer there)
 *
 * A library log opens as `/?src=/files/<path>?fp=<fingerprint>`: a path on the same
 * origin, so a link works for anyone serving the same folder, on any port.
 */
import { realpath } from 'node:fs/promises';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { LIBRARY_API, LIBRARY_FILES } from '../../core/library/routes';
import {
  FOLDER,
  hasSwitch,
  lastNumber,
  lastValue,
  PORT,
  positionals,
  readArgs,
  THREADS,
  type OptionTable,
} from '../args';
import { guardRequest, plain } from '../http/guard';
import { assertLoopback, DEFAULT_PORT, formatHost, listen } from '../http/listen';
import { serveLogFile } from '../http/logRange';
import { createLimitedServer, type SlowClientLimits } from '../http/slowClients';
import { createStaticApp, notFound, resolveStaticPath } from '../http/staticApp';
import { defaultDist, launchBrowserIfAny, waitForStop } from '../open';
import { failSafe, requestPath } from '../server';
import { buildIndex } from './command';
import { LibraryQueries, parseLibraryRequest } from './libraryApi';
import { defaultThreads } from './pool';
import { looksLikeLog, type SkippedFile } from './sources';
import { errorMessage } from '../../core/errorMessage';

export const INDEX_FOLDER = '.seqscope-index';

export interface LibraryServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How many left-out files the Library API names (the rest are counted). */
export const SKIPPED_SHOWN = 100;

export async function startLibraryServer(options: {
  root: string;
  indexDir: string;
  distDir: string;
  port?: number;
  host?: string;
  /** Limits on slow or idle clients (../http/slowClients.ts); default SLOW_CLIENT_LIMITS. */
  limits?: Partial<SlowClientLimits>;
  /** Files the index left out, with why: the Library lists them (paths under root). */
  skipped?: readonly SkippedFile[];
}): Promise<LibraryServer> {
  const host = options.host ?? '127.0.0.1';
  assertLoopback(host);
  const root = await realpath(resolve(options.root));
  const serveStatic = await createStaticApp(options.distDir);
  const library = await LibraryQueries.open(options.indexDir, root);
  const fingerprints = await library.fingerprints();
  const skippedAll = options.skipped ?? [];
  // a folder with node_modules leaves out tens of thousands of .json files: every answer carries
  // the count and the first few, not the whole list (4.7 MB per keystroke before)
  const skipped = skippedAll.slice(0, SKIPPED_SHOWN).map((f) => ({
    file: relative(root, f.path).split(sep).join('/'),
    reason: f.reason,
  }));
  const skippedPart = skipped.length > 0 ? { skipped, skippedTotal: skippedAll.length } : {};

  const server = createLimitedServer(
    options.limits ?? {},
    failSafe(async (req, res) => {
      if (!guardRequest(req, res)) return;
      const raw = requestPath(req);
      const head = req.method === 'HEAD';
      const search = new URL(req.url ?? '/', 'http://x').searchParams;
      if (raw === LIBRARY_API) {
        const answer = await library.list(parseLibraryRequest(search));
        const body = JSON.stringify({ ...answer, ...skippedPart });
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
        });
        res.end(head ? undefined : body);
        return;
      }
      if (raw.startsWith(LIBRARY_FILES)) {
        const target = resolveStaticPath(root, raw.slice(LIBRARY_FILES.length - 1));
        if (!target.ok) return plain(res, target.status, target.status === 403 ? 'forbidden' : 'bad request');
        const rel = relative(root, target.path);
        // only log files (or an indexed Inspect .json), never a dot file or anything inside a dot folder
        const isLog = looksLikeLog(basename(rel)) || fingerprints.has(target.path);
        if (!isLog || rel.split(/[\\/]/).some((s) => s.startsWith('.'))) return notFound(res);
        let real: string;
        try {
          real = await realpath(target.path);
        } catch {
          return notFound(res);
        }
        const back = relative(root, real);
        if (back.startsWith('..') || isAbsolute(back)) return notFound(res);
        // a symlink named like a log must not reach a dot file (.env, .git/config) of the folder
        if (back.split(/[\\/]/).some((s) => s.startsWith('.'))) return notFound(res);
        const fp = search.get('fp');
        const known = fingerprints.get(target.path);
        if (fp !== null && known !== undefined && known !== fp.toLowerCase())
          return plain(
            res,
            409,
            `${rel} has changed since this link was made: the link names fingerprint ${fp}, the library has ${known}`,
          );
        return serveLogFile(target.path, req, res, head);
      }
      if (raw === '/files' || raw === '/api' || raw.startsWith('/api/')) return notFound(res);
      return serveStatic(raw, res, head);
    }),
  );
  const port = await listen(server, host, options.port);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${formatHost(host)}:${port}/?library`,
    port,
    close() {
      closing ??= new Promise<void>((done) => {
        server.close(() => {
          library.close();
          done();
        });
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

const SERVE_OPTIONS: OptionTable = {
  '--port': PORT,
  '--threads': THREADS,
  '--dist': FOLDER,
  '--no-browser': 'switch',
};

export async function runServe(argv: string[]): Promise<number> {
  const err = (s: string) => process.stderr.write(`seqscope: ${s}\n`);
  const args = readArgs(argv, SERVE_OPTIONS);
  if (typeof args === 'string') {
    err(args);
    return 2;
  }
  const [dir, extra] = positionals(args);
  if (dir === undefined) {
    err('serve needs a DIR (a folder of logs)');
    return 2;
  }
  if (extra !== undefined) {
    err(`unexpected argument ${extra}`);
    return 2;
  }
  const port = lastNumber(args, '--port');
  const threads = lastNumber(args, '--threads') ?? defaultThreads();
  const dist = lastValue(args, '--dist');
  const browser = !hasSwitch(args, '--no-browser');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    err(`${dir}: is not a folder`);
    return 2;
  }
  const distDir = dist !== undefined ? resolve(dist) : defaultDist();
  if (!existsSync(join(distDir, 'index.html'))) {
    err('the web app is not built: run `npm run build`');
    return 2;
  }
  // One spelling of every path (symlinks resolved): the index's paths and the server's agree.
  const root = realpathSync(resolve(dir));
  const indexDir = join(root, INDEX_FOLDER);
  const built = await buildIndex(
    { paths: [root], out: indexDir, json: false, threads },
    {
      out: (s) => process.stderr.write(s),
      err: (s) => process.stderr.write(s),
      tty: process.stderr.isTTY === true,
    },
  );
  if (typeof built === 'string') {
    err(`${dir}: ${built}`);
    return 2;
  }
  const left = built.skipped.length > 0 ? `; ${built.skipped.length} skipped (listed above)` : '';
  err(
    `indexed ${built.logs} logs (${built.read} read, ${built.unchanged} unchanged${left}) into ${indexDir}`,
  );

  const stopped = waitForStop();
  let server: LibraryServer;
  try {
    server = await startLibraryServer({ root, indexDir, distDir, port, skipped: built.skipped });
  } catch (e) {
    const code = (e as { code?: string }).code;
    err(
      code === 'EADDRINUSE'
        ? port !== undefined
          ? `port ${port} is in use: pick another --port`
          : `no free port from ${DEFAULT_PORT}: pick one with --port`
        : `cannot serve: ${errorMessage(e)}`,
    );
    stopped.cancel();
    return 2;
  }
  process.stdout.write(`${server.url}\n`);
  err(`serving the library of ${dir} at ${server.url}; Ctrl-C to stop`);
  if (browser) launchBrowserIfAny(server.url);
  await stopped.promise;
  await server.close();
  return 0;
}
