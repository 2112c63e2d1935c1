/**
 * The start page: a drop zone (its label opens the file picker), pasted
 * JSONL, a URL, the bundled samples, and the recently opened logs.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BUNDLED_SAMPLES } from '../../worker/protocol';
import { formatBytes } from '../components/format';
import { OTHER_AGENTS_OPENED } from '../../core/import/formats';
import { LibraryCard } from '../library/LibraryCard';
import { expectLog } from '../share/landing';
import { forget, recentSource, useStorage } from '../storage/logStore';
import { listRecent, type RecentEntry } from '../storage/recent';
import { StorageCard } from '../storage/StorageCard';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { whyNotLoadable } from '../url/state';
import { FILE_INPUT_ID } from './Header';
import { requestTimelineFocus } from './focusTargets';
import { NameText } from '../components/NameText';

/** The sample the start page offers first (and `npm start` opens). */
const DEMO = BUNDLED_SAMPLES[0] as (typeof BUNDLED_SAMPLES)[number];

export function StartPage() {
  // Leaving with the keyboard inside (Enter on "Open the demo", a sample, a recent log): the log
  // screen takes focus to the timeline instead of dropping it on the page.
  const root = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = root.current;
    return () => {
      if (el?.contains(document.activeElement)) requestTimelineFocus();
    };
  }, []);
  const { load } = useServices();
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [recent, setRecent] = useState<RecentEntry[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const hasLog = useApp((s) => s.summary !== null || s.status === 'loading');
  const storageVersion = useStorage((s) => s.version);

  useEffect(() => {
    void listRecent().then(setRecent);
  }, [storageVersion]);

  const reopen = async (e: RecentEntry) => {
    const source = await recentSource(e);
    if (source) load.open(source);
    // Not kept here: ask for the file the way a link to it would.
    else expectLog({ fingerprint: e.fingerprint, name: e.name, size: e.size }, 'missing');
  };

  return (
    <main ref={root} className="min-h-0 flex-1 overflow-auto bg-canvas" data-testid="start-page">
      <LibraryCard />
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-8 pt-8">
        <p className="min-w-0 flex-1 text-sm text-fg-soft">
          Replay an AI agent&apos;s session log event by event: what the model was sent at any point, where it
          went wrong, and a link to that moment.
        </p>
        <button
          type="button"
          data-testid="open-demo"
          onClick={() => load.open({ kind: 'sample', name: DEMO.name })}
          className="shrink-0 rounded border border-sky-500/50 bg-sky-500/15 px-3 py-1.5 text-xs font-medium text-sky-100 hover:bg-sky-500/25"
          title={DEMO.description}
        >
          Open the demo session →
        </button>
      </div>
      <div className="mx-auto grid max-w-5xl gap-6 p-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <label
            htmlFor={FILE_INPUT_ID}
            data-testid="drop-zone"
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-line-strong bg-tint/[0.02] px-6 py-12 text-center hover:border-sky-500/50 hover:bg-sky-500/[0.04]"
          >
            <span className="text-base font-medium text-fg-strong">Drop a session log anywhere</span>
            <span className="text-xs text-fg-muted">
              or <span className="text-sky-300 underline">choose a file</span> · .jsonl, .jsonl.gz, .jsonl.zst
              — read in a worker, nothing leaves your machine
            </span>
            <span className="text-xs text-fg-muted" data-testid="other-formats">
              Also opens the logs of {OTHER_AGENTS_OPENED}, recognized by their content
            </span>
          </label>

          <Card title="Paste JSONL">
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder='{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}'
              aria-label="Paste JSONL"
              className="h-32 w-full resize-y rounded border border-line bg-panel p-2 font-mono text-xs text-fg placeholder:text-fg-faint focus:border-sky-500/60 focus:outline-none"
            />
            <button
              type="button"
              disabled={!text.trim()}
              onClick={() => load.open({ kind: 'text', text, name: 'pasted text' })}
              className="mt-2 rounded border border-sky-500/50 bg-sky-500/15 px-3 py-1 text-xs text-sky-100 hover:bg-sky-500/25 disabled:opacity-40"
            >
              Open pasted text
            </button>
          </Card>

          <Card title="Open a URL">
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const why = whyNotLoadable(url.trim());
                if (why === null) load.open({ kind: 'url', url: new URL(url.trim(), location.href).href });
                else setNote(why);
              }}
            >
              <input
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://example.com/session.jsonl.gz"
                aria-label="Log URL"
                className="h-7 min-w-0 flex-1 rounded border border-line bg-panel px-2 font-mono text-xs text-fg placeholder:text-fg-faint focus:border-sky-500/60 focus:outline-none"
              />
              <button
                type="submit"
                className="rounded border border-line-strong px-3 text-xs text-fg hover:bg-tint/10"
              >
                Open
              </button>
            </form>
            <p className="mt-1 text-[11px] text-fg-subtle">
              Links work too: <span className="font-mono">?src=&lt;url&gt;#seq=&lt;n&gt;</span>. The server
              must allow cross-origin requests.
            </p>
          </Card>
          {note && (
            <p className="rounded border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-200">
              {note}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-6">
          <Card title="Samples">
            <ul className="flex flex-col gap-1">
              {BUNDLED_SAMPLES.map((s) => (
                <li key={s.name}>
                  <button
                    type="button"
                    data-sample={s.name}
                    onClick={() => load.open({ kind: 'sample', name: s.name })}
                    className="w-full rounded border border-line px-3 py-2 text-left hover:border-sky-500/40 hover:bg-tint/5"
                  >
                    <div className="text-xs font-medium text-fg-strong">{s.title}</div>
                    <div className="text-[11px] text-fg-muted">{s.description}</div>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          <Card title="Recently opened">
            {recent.length === 0 ? (
              <p className="text-xs text-fg-subtle">
                Logs you open are listed here (kept in this browser only).
              </p>
            ) : (
              <ul className="flex flex-col" data-testid="recent">
                {recent.map((e) => (
                  <li
                    key={e.fingerprint}
                    className="group flex items-center gap-2 border-b border-line-soft py-1 text-xs last:border-0"
                  >
                    <button
                      type="button"
                      onClick={() => void reopen(e)}
                      className="min-w-0 flex-1 text-left hover:text-sky-300"
                    >
                      <div className="flex items-center gap-1.5">
                        <NameText name={e.name} className="truncate font-mono text-fg" />
                        {(e.kind === 'file' || e.kind === 'text') && (
                          <span
                            className={`shrink-0 rounded border px-1 text-[9px] ${e.stored ? 'border-line text-fg-muted' : 'border-amber-500/30 text-amber-300'}`}
                            title={
                              e.stored
                                ? 'Kept in this browser: opens in one click, and links to it work after a reload'
                                : 'Not kept in this browser: it must be picked again'
                            }
                          >
                            {e.stored ? 'stored' : 'not stored'}
                          </span>
                        )}
                      </div>
                      <div className="font-mono text-[10px] text-fg-subtle">
                        {formatBytes(e.size)} · {e.fingerprint} · {new Date(e.date).toLocaleString()}
                      </div>
                    </button>
                    <button
                      type="button"
                      aria-label={`Forget ${e.name}`}
                      title="Remove from this list (and its stored copy)"
                      onClick={() => void forget(e.fingerprint)}
                      className="rounded px-1.5 text-fg-subtle hover:bg-tint/10 hover:text-fg"
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <StorageCard />
          </Card>
          {hasLog && (
            <button
              type="button"
              onClick={() => useApp.setState({ startPageOpen: false })}
              className="self-start text-xs text-sky-300 hover:underline"
            >
              ← Back to the open log
            </button>
          )}
        </div>
      </div>
    </main>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-panel/60 p-4">
      <h2 className="mb-2 text-[11px] font-semibold tracking-wider text-fg-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}
