/**
 * The app's object graph, built once by the composition root (main.tsx) and,
 * with a fake worker client, by tests. `composeApp` only constructs;
 * `startApp` subscribes, in this order: the load service to the worker, then
 * follow mode, storage and the tab title to the load lifecycle, then URL
 * sync, which opens the log the URL names. Nothing subscribes by import.
 */
import { useApp } from './appState';
import { Player } from './playback/player';
import { ReplayPosition } from './playback/replayPosition';
import { resetReplayForLoad, watchReducedMotion } from './playback/replayState';
import { AskAhead } from './services/askAhead';
import { LoadService } from './services/loadService';
import type { WorkerClient } from './services/workerClient';
import { FollowMode } from './share/followMode';
import { landingGuard } from './share/landing';
import { remember } from './storage/logStore';
import { persistLayout } from './layout/layoutState';
import { watchSystemTheme } from './theme';
import { TimelineNav } from './timelineNav';
import { UrlSync } from './url/sync';
import { askOnSeek } from './views/seekRequests';
import { AnswersService } from './why/answersService';
import { CompareService } from './why/compareService';
import { SearchService } from './why/searchService';
import type { WhyServices } from './why/WhyPanel';

export interface AppServices {
  client: WorkerClient;
  /** A seek's requests, sent from the store change for the panes mounted; the panes take the answers. */
  ahead: AskAhead;
  /** open, cancel, retry, filter, fold; the load lifecycle events. */
  load: LoadService;
  /** The URL: deep links, history entries for jumps, links to copy. */
  url: UrlSync;
  follow: FollowMode;
  nav: TimelineNav;
  player: Player;
  /** Moves of the replay position (event, chunk, character, step, turn, edge). */
  replay: ReplayPosition;
  /** The "why" panel: search, diffs and charts on this client; run B of a comparison on its own. */
  why: WhyServices;
}

/** `makeClient`: a client of its own for a second log (run B of a comparison), made when first needed. */
export function composeApp(client: WorkerClient, makeClient: () => WorkerClient = () => client): AppServices {
  const load = new LoadService(client);
  const player = new Player(client);
  const url = new UrlSync(load);
  return {
    client,
    ahead: new AskAhead(client),
    load,
    url,
    follow: new FollowMode(load),
    // Problem and search jumps add a history entry (as the header's chips do): Back returns.
    nav: new TimelineNav(client, url.jumpTo),
    player,
    replay: new ReplayPosition(client, player),
    why: {
      search: new SearchService(
        client,
        (seq) => url.jumpTo(seq),
        () => useApp.getState().selectedSeq,
      ),
      answers: new AnswersService(client),
      compare: new CompareService(client, makeClient),
    },
  };
}

/** Wires the graph to the worker, the window and each other; returns the teardown. */
export function startApp(app: AppServices, options: { openFromUrl?: boolean } = {}): () => void {
  const { load } = app;
  load.setGuard(landingGuard);
  const offs = [
    load.start(),
    app.follow.start(),
    // Logs that finished loading are listed (and local bytes kept) for links and "Recently opened".
    load.events.on('ready', ({ source, summary }) => {
      if (source) void remember(source, summary);
    }),
    // The tab names the open log.
    useApp.subscribe((s, prev) => {
      if (s.name !== prev.name) document.title = s.name ? `${s.name} · Seqscope` : 'Seqscope';
    }),
    // A seek's requests leave from the store change, before the panes render.
    askOnSeek(app.ahead),
    watchReducedMotion(),
    watchSystemTheme(),
    persistLayout(),
    app.why.search.start(),
    // A new log, or one that finished loading, makes the search hits and the charts stale.
    load.events.on('opened', () => {
      // Nothing of the previous log's replay (position readout, playback, notices) outlives it,
      // whether or not the replay bar is mounted (the start page hides it) and whatever the load's outcome.
      app.player.stopIfPlaying();
      resetReplayForLoad();
      app.why.search.reset();
      app.why.answers.reset();
    }),
    load.events.on('ready', () => {
      app.why.search.reset();
      app.why.answers.reset();
    }),
  ];
  if (options.openFromUrl !== false) offs.push(app.url.start());
  return () => {
    for (const off of offs.reverse()) off();
    load.setGuard(null);
  };
}
