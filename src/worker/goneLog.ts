/**
 * Follow mode when the followed file is missing. A file deleted and recreated (log rotation by
 * `rm` + create, an editor's save that is not a rename) makes the server announce a reset, and
 * the app reloads at once: the reload met the gap, answered 404, and following ended on an error
 * page that stayed after the file was back (audit R11-L2). A followed log's 404 is waited out
 * instead, like `tail -F`: looked for again every GONE_RETRY_MS, saying so once, until the file
 * is back or the user opens something else (the load's abort).
 */
import type { LoadSource } from './protocol';
import { LoadError, readSource, type ByteSource } from './loader';

/** Between two looks for a followed log that is gone (the events stream's own retry is 2 s). */
export const GONE_RETRY_MS = 2_000;

/**
 * The source's bytes, as readSource; a followed URL that answers 404 is asked again until it
 * answers (`gone` is called once, at the first 404). Any other failure ends the load as before.
 */
export async function readWaitingIfGone(
  source: LoadSource,
  signal: AbortSignal,
  gone: () => void,
  retryMs = GONE_RETRY_MS,
): Promise<ByteSource> {
  const following = source.kind === 'url' && source.follow === true;
  for (let said = false; ;) {
    try {
      return await readSource(source, signal);
    } catch (err) {
      if (!following || !(err instanceof LoadError) || err.httpStatus !== 404) throw err;
      if (!said) gone();
      said = true;
      await pause(retryMs, signal);
    }
  }
}

/** Resolves after `ms`; a load opened meanwhile (the abort) ends the wait as a cancel. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(new LoadError('cancelled', 'Cancelled'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal.aborted) cancelled();
    else signal.addEventListener('abort', cancelled, { once: true });
  });
}
