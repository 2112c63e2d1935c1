/**
 * The main screen: header, progress, then the panes (timeline | messages |
 * inspector, layout/Panes.tsx), the diagnostics bar, and the start page when no
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
import { Panes } from './layout/Panes';
import { DiagnosticsPanel } from './views/DiagnosticsPanel';
import { Header, ProgressBar } from './views/Header';
import { Inspector } from './views/Inspector';
import { MessagesPane } from './views/MessagesPane';
import { DropOverlay, ErrorBanner, ShortcutsDialog } from './views/Overlays';
import { ReadLimitBanner } from './views/ReadLimitBanner';
import { DataLossBanner } from './views/DataLossBanner';
import { TornTailNote } from './views/TornTailNote';
import { SkipLinks } from './views/SkipLinks';
import { StartPage } from './views/StartPage';
import { Timeline } from './views/Timeline';
import { WhyHost } from './why/WhyHost';

export function App() {
  const status = useApp((s) => s.status);
  const startPageOpen = useApp((s) => s.startPageOpen);
  const hasSummary = useApp((s) => s.summary !== null);
  // Panes are keyed by the load: a new log starts them afresh (empty caches, scrolled to the top).
  const loadId = useApp((s) => s.loadId);
  // A link to a local file this browser does not have: its landing page instead of any log.
  const landing = useLanding((s) => s.expect !== null);
  const services = useServices();
  useEffect(() => installGlobalKeys(services), [services]);

  const hasLog = status === 'loading' || status === 'ready' || (status === 'error' && hasSummary);
  const showStart = startPageOpen || !hasLog;
  return (
    // The page fills the window and does not scroll, down to the height the screen needs to be
    // usable: the panes' minimums plus the bars around them. Stacked (below 900 px wide) three
    // panes need more, and below 600 px the header and bars wrap onto more lines. Lower than
    // that (a laptop at 200% zoom, a phone) the document scrolls, so timeline rows and messages
    // stay reachable instead of squeezed to nothing.
    <div className="flex h-screen min-h-[560px] flex-col overflow-hidden bg-canvas text-fg antialiased max-[900px]:min-h-[800px] max-[600px]:min-h-[960px]">
      {!showStart && !landing && <SkipLinks />}
      <Header />
      <ProgressBar />
      <ErrorBanner />
      <ReadLimitBanner />
      <DataLossBanner />
      <TornTailNote />
      {landing ? (
        <LandingPage />
      ) : showStart ? (
        <StartPage />
      ) : (
        <Panes
          timeline={<Timeline key={loadId} />}
          messages={<MessagesPane key={loadId} />}
          inspector={<Inspector key={loadId} />}
        />
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
