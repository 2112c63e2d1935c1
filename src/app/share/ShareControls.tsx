/**
 * Sharing in the header: whether the open log is followed live (`follow=1`),
 * whether its bytes are kept in this browser (so its link survives a reload),
 * and "Copy link" for the current position; plus the toast that confirms a
 * copy and shows the link.
 */
import { formatBytes } from '../components/format';
import { useStorage } from '../storage/logStore';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { LinkIcon } from './CopyLinkButton';
import { useFollow } from './followMode';
import { useLanding } from './landing';
import { copyLink, useToast } from './links';

export function ShareControls() {
  const { url } = useServices();
  const summary = useApp((s) => s.summary);
  const status = useApp((s) => s.status);
  const landing = useLanding((s) => s.expect !== null);
  if (landing || (status !== 'ready' && status !== 'loading')) return null;
  const local = summary !== null && (summary.source.kind === 'file' || summary.source.kind === 'text');
  return (
    <div className="flex items-center gap-2">
      <FollowBadge />
      {local && summary && (
        <StoredBadge fingerprint={summary.fingerprint} size={summary.fileBytes ?? summary.bytes} />
      )}
      <button
        type="button"
        data-testid="copy-current-link"
        onClick={() => copyLink(url)}
        title="Copy a link to the selected event (c)"
        className="flex items-center gap-1 rounded border border-line-strong bg-tint/5 px-2 py-1 whitespace-nowrap text-fg hover:bg-tint/10"
      >
        <LinkIcon />
        {/* Below 1800 px the icon alone, so the header keeps one line at 1600 px with a big log's
            figures; the name stays for screen readers and the tooltip. */}
        <span className="max-[1800px]:sr-only">Copy link</span>
      </button>
    </div>
  );
}

function FollowBadge() {
  const state = useFollow((s) => s.state);
  const message = useFollow((s) => s.message);
  const appended = useFollow((s) => s.appended);
  if (state === 'off') return null;
  const live = state === 'live';
  const text = live ? 'live' : state === 'connecting' ? 'connecting…' : 'reconnecting…';
  return (
    <span
      data-testid="follow"
      data-state={state}
      title={
        message ??
        (live
          ? 'Live: this log is being followed as it is written (seqscope open --follow); lines appended to the file show up here as they arrive, and the selection stays where it is'
          : 'Connecting to the log server…')
      }
      className={`flex items-center gap-1.5 rounded border px-1.5 py-0.5 font-mono text-[11px] ${live ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200' : 'border-amber-500/40 bg-amber-500/10 text-amber-200'}`}
    >
      <span
        className={`h-1.5 w-1.5 rounded-full ${live ? 'animate-pulse bg-emerald-400' : 'bg-amber-400'}`}
      />
      {text}
      {appended > 0 && <span className="text-emerald-300">+{appended.toLocaleString('en-US')}</span>}
    </span>
  );
}

function StoredBadge({ fingerprint, size }: { fingerprint: string; size: number }) {
  const save = useStorage((s) => s.save);
  if (!save || save.fingerprint !== fingerprint) return null;
  const stored = save.state === 'stored';
  const saving = save.state === 'saving';
  return (
    <span
      data-testid="stored"
      data-state={save.state}
      title={
        'message' in save
          ? save.message
          : stored
            ? `Stored: a copy of this file (${formatBytes(size)}) is kept in this browser only (nothing is uploaded), so links to it reopen it after a reload or in a new tab; the start page lists stored logs and can clear them`
            : 'Keeping a copy in this browser…'
      }
      className={`rounded border px-1.5 py-0.5 text-[11px] ${stored ? 'border-line text-fg-muted' : saving ? 'border-sky-500/30 text-sky-300' : 'border-amber-500/40 text-amber-300'}`}
    >
      {stored ? 'stored' : saving ? 'storing…' : 'not stored'}
    </span>
  );
}

export function Toast() {
  const toast = useToast((s) => s.toast);
  if (!toast) return null;
  return (
    <div
      role="status"
      data-testid="toast"
      data-link={toast.link}
      className={`fixed bottom-12 left-1/2 z-50 max-w-[min(90vw,48rem)] -translate-x-1/2 rounded-lg border px-3 py-2 text-xs shadow-2xl ${toast.tone === 'ok' ? 'border-sky-500/40 bg-panel text-fg-strong' : 'border-amber-500/40 bg-panel text-amber-100'}`}
    >
      <div className="flex items-center gap-2">
        {toast.tone === 'ok' && <span className="text-sky-300">✓</span>}
        <span>{toast.text}</span>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={() => useToast.setState({ toast: null })}
          className="ml-auto rounded px-1 text-fg-subtle hover:bg-tint/10 hover:text-fg"
        >
          ×
        </button>
      </div>
      {toast.link && (
        <div className="mt-1 font-mono text-[11px] break-all text-fg-muted select-all">{toast.link}</div>
      )}
    </div>
  );
}
