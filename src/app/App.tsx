/**
 * The main screen: header, progress, then timeline | messages | inspector
 * with draggable dividers, the diagnostics bar, and the start page when no
 * log is open (or the user asked for it).
 */
import { useEffect } from 'react';
import { installGlobalKeys } from './keymap';
import { useServices } from './services/context';
import { LandingPage } from './share/LandingPage';
import { useLanding } from './share/landing';
import { Toast } from './share/ShareControls';
import { ReplayBar } from './playback/ReplayBar';
import { useApp } from './appState';
import { DiagnosticsPanel } from './views/DiagnosticsPanel';
import { Header, ProgressBar } from './views/Header';
import { Inspector } from './views/Inspector';
import { MessagesPane } from './views/MessagesPane';
import { DropOverlay, ErrorBanner, ShortcutsDialog } from './views/Overlays';
import { ReadLimitBanner } from './views/ReadLimitBanner';
import { SkipLinks } from './views/SkipLinks';
import { StartPage } from './views/StartPage';
import { Timeline } from './views/Timeline';
import { WhyHost } from './why/WhyHost';

export function App() {
  const status = useApp((s) => s.status);
  const startPageOpen = useApp((s) => s.startPageOpen);
  const hasSummary = useApp((s) => s.summary !== null);
  const timelineWidth = useApp((s) => s.timelineWidth);
  const inspectorWidth = useApp((s) => s.inspectorWidth);
  // Panes are keyed by the load: a new log starts them afresh (empty caches, scrolled to the top).
  const loadId = useApp((s) => s.loadId);
  // A link to a local file this browser does not have: its landing page instead of any log.
  const landing = useLanding((s) => s.expect !== null);
  const services = useServices();
  useEffect(() => installGlobalKeys(services), [services]);

  const hasLog = status === 'loading' || status === 'ready' || (status === 'error' && hasSummary);
  const showStart = startPageOpen || !hasLog;
  return (
    <div className="flex h-screen flex-col overflow-hidden bg-canvas text-fg antialiased">
      {!showStart && !landing && <SkipLinks />}
      <Header />
      <ProgressBar />
      <ErrorBanner />
      <ReadLimitBanner />
      {landing ? (
        <LandingPage />
      ) : showStart ? (
        <StartPage />
      ) : (
        <main className="flex min-h-0 flex-1">
          <div style={{ width: timelineWidth }} className="min-w-[280px] shrink-0">
            <Timeline key={loadId} />
          </div>
          <Divider
            onDrag={(dx) =>
              useApp.setState((s) => ({
                timelineWidth: clamp(s.timelineWidth + dx, 280, window.innerWidth - 500),
              }))
            }
          />
          <div className="min-w-[280px] flex-1">
            <MessagesPane key={loadId} />
          </div>
          <Divider
            onDrag={(dx) =>
              useApp.setState((s) => ({
                inspectorWidth: clamp(s.inspectorWidth - dx, 260, window.innerWidth - 600),
              }))
            }
          />
          <div style={{ width: inspectorWidth }} className="min-w-[260px] shrink-0">
            <Inspector key={loadId} />
          </div>
        </main>
      )}
      {!showStart && !landing && <ReplayBar key={loadId} />}
      {!showStart && !landing && <WhyHost />}
      {hasLog && !landing && <DiagnosticsPanel />}
      <DropOverlay />
      <ShortcutsDialog />
      <Toast />
    </div>
  );
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(Math.max(lo, hi), v));
}

/** A vertical divider that reports horizontal drags. */
function Divider({ onDrag }: { onDrag: (dx: number) => void }) {
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      className="w-1 shrink-0 cursor-col-resize bg-tint/10 hover:bg-sky-500/50"
      onPointerDown={(e) => {
        const el = e.currentTarget;
        el.setPointerCapture(e.pointerId);
        let last = e.clientX;
        const move = (ev: PointerEvent) => {
          onDrag(ev.clientX - last);
          last = ev.clientX;
        };
        const up = () => {
          el.removeEventListener('pointermove', move);
          el.removeEventListener('pointerup', up);
        };
        el.addEventListener('pointermove', move);
        el.addEventListener('pointerup', up);
      }}
    />
  );
}
