/**
 * `seqscope open FILE [--seq N] [--port P] [--follow] [--no-browser]`: serve the built web
 * app and FILE on 127.0.0.1 (server.ts), print the deep link on standard output (one line,
 * nothing else there), open it in a browser when one is plausible, and serve until SIGINT
 * or SIGTERM (then exit 0).
 *
 * The link: http://127.0.0.1:PORT/?src=<encoded http://127.0.0.1:PORT/log/<name>>[&follow=1][#seq=N]
 *
 * A hidden `--dist DIR` serves another build of the app (the tests use it); by default the
 * app is the dist/ folder beside the bin/ folder that holds the bundled CLI.
 */
import { spawn } from 'node:child_process';
import { noSuchFile } from './readInput';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FOLDER,
  hasSwitch,
  lastNumber,
  lastValue,
  PORT,
  positionals,
  readArgs,
  SEQ,
  type OptionTable,
} from './args';
import { DEFAULT_PORT, startServer } from './server';
import { deepLink, type LogIdentity } from '../core/link/deepLink';
import { errorMessage } from '../core/errorMessage';
import { escapeControls } from '../core/reader/lineText';

export interface OpenArgs {
  file: string;
  seq?: number;
  port?: number;
  follow: boolean;
  browser: boolean;
  dist?: string;
}

const OPEN_OPTIONS: OptionTable = {
  '--seq': SEQ,
  '--port': PORT,
  '--dist': FOLDER,
  '--follow': 'switch',
  '--no-browser': 'switch',
};

export function parseOpenArgs(argv: string[]): OpenArgs | string {
  const args = readArgs(argv, OPEN_OPTIONS);
  if (typeof args === 'string') return args;
  const [file, extra] = positionals(args);
  if (file === undefined) return 'open needs a FILE';
  if (file === '-') return 'open needs a file, not standard input';
  if (extra !== undefined) return `unexpected argument ${extra}`;
  const out: OpenArgs = {
    file,
    follow: hasSwitch(args, '--follow'),
    browser: !hasSwitch(args, '--no-browser'),
  };
  const seq = lastNumber(args, '--seq');
  const port = lastNumber(args, '--port');
  const dist = lastValue(args, '--dist');
  if (seq !== undefined) out.seq = seq;
  if (port !== undefined) out.port = port;
  if (dist !== undefined) out.dist = dist;
  return out;
}

/** The app's URL loading logUrl, positioned at seq, following appends when asked. */
export function openLink(appUrl: string, logUrl: string, opts: { seq?: number; follow?: boolean }): string {
  const identity: LogIdentity = opts.follow
    ? { kind: 'src', src: logUrl, follow: true }
    : { kind: 'src', src: logUrl };
  return deepLink(appUrl, identity, opts.seq !== undefined ? { seq: opts.seq } : {});
}

/** The command that opens a URL in the user's browser, when a browser is plausible here. */
export function browserCommand(
  platform: string,
  env: Record<string, string | undefined>,
): string | undefined {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return undefined;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : undefined;
}

/** Starts the browser and forgets it: no browser, a failing opener or a slow one never matter. */
function launchBrowser(command: string, url: string): void {
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // nothing to do: the link is printed
  }
}

/** Opens url in the user's browser when one is plausible here (`open` and `serve`). */
export function launchBrowserIfAny(url: string): void {
  const opener = browserCommand(process.platform, process.env);
  if (opener !== undefined) launchBrowser(opener, url);
}

/**
 * Resolves on SIGINT or SIGTERM. Listen before anything is served: a Ctrl-C right after
 * the link still ends cleanly. `cancel` stops listening (the command ends another way).
 */
export function waitForStop(): { promise: Promise<void>; cancel: () => void } {
  let unlisten = () => {};
  const promise = new Promise<void>((done) => {
    const stop = () => {
      unlisten();
      done();
    };
    unlisten = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { promise, cancel: () => unlisten() };
}

export function defaultDist(): string {
  // The bundle lives in bin/, the app in dist/ beside it.
  return fileURLToPath(new URL('../dist/', import.meta.url));
}

export async function runOpen(argv: string[]): Promise<number> {
  const err = (s: string) => process.stderr.write(`seqscope: ${s}\n`);
  const args = parseOpenArgs(argv);
  if (typeof args === 'string') {
    err(args);
    return 2;
  }
  // the name as shown on one line: a newline in it must not forge the lines after it (audit R13-L5)
  const shown = escapeControls(args.file);
  let isFile: boolean;
  try {
    isFile = statSync(args.file).isFile();
  } catch (e) {
    const code = (e as { code?: string }).code;
    err(
      `${shown}: ${code === 'ENOENT' ? noSuchFile(args.file) : code === 'EACCES' ? 'permission denied' : String(e)}`,
    );
    return 2;
  }
  if (!isFile) {
    err(`${shown}: is not a regular file`);
    return 2;
  }
  const distDir = args.dist !== undefined ? resolve(args.dist) : defaultDist();
  if (!existsSync(join(distDir, 'index.html'))) {
    err('the web app is not built: run `npm run build`');
    return 2;
  }

  const stopped = waitForStop();

  let server;
  try {
    server = await startServer({ file: args.file, distDir, port: args.port, host: '127.0.0.1' });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE')
      err(
        args.port !== undefined
          ? `port ${args.port} is in use: pick another --port, or leave it out for the first free from ${DEFAULT_PORT}`
          : `no free port from ${DEFAULT_PORT}: pick one with --port`,
      );
    else if (code === 'EACCES') err(`port ${args.port ?? ''} needs privileges: pick one above 1024`);
    else err(`cannot serve: ${errorMessage(e)}`);
    stopped.cancel();
    return 2;
  }

  const link = openLink(server.url, server.logUrl, { seq: args.seq, follow: args.follow });
  process.stdout.write(`${link}\n`);
  err(`serving ${shown} at ${server.url}${args.follow ? ' (following appends)' : ''}; Ctrl-C to stop`);
  if (args.browser) launchBrowserIfAny(link);

  await stopped.promise;
  await server.close();
  return 0;
}
