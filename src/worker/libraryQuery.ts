/**
 * The `library` request: a page of sessions from `seqscope serve`'s Library API
 * (core/library/routes.ts), asked from the worker like every other query the views make.
 * The same origin serves the app and the API; anywhere else (a static host, `vite preview`,
 * `seqscope open`) there is no library: `absent`, not an error.
 */
import { isLibraryAnswer, libraryApiUrl, type LibraryQuery } from '../core/library/routes';
import { fail, type LibraryResult, type Result } from './protocol';
import { errorMessage } from '../core/errorMessage';

export async function queryLibrary(query: LibraryQuery, origin: string): Promise<Result<LibraryResult>> {
  let res: Response;
  try {
    res = await fetch(new URL(libraryApiUrl(query), origin), { headers: { Accept: 'application/json' } });
  } catch (err) {
    return fail('network', `The library did not answer: ${errorMessage(err)}`);
  }
  // No such route here, or the app's own page (an SPA fallback): no library on this server.
  if (res.status === 404 || !(res.headers.get('content-type') ?? '').includes('application/json'))
    return { ok: true, value: { status: 'absent' } };
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok || !isLibraryAnswer(body)) {
    const why =
      typeof (body as { error?: unknown } | null)?.error === 'string'
        ? `: ${(body as { error: string }).error}`
        : '';
    return fail('network', `The library answered HTTP ${res.status}${why}`);
  }
  return { ok: true, value: { status: 'ready', answer: body } };
}
