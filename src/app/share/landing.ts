/**
 * A link to a local file (`?log=<fingerprint>&name=&size=#seq=N`) whose bytes
 * this browser does not have: the app shows a landing page naming the file,
 * its size and fingerprint and the event, and waits for the user to drop or
 * pick it. A file of another size is refused at once; one of the right size
 * is read (which computes its fingerprint) and refused if the fingerprint
 * differs. The link (URL and target seq) is kept throughout; the right file
 * opens positioned at the seq.
 *
 * The load service consults `landingGuard` (installed by the composition
 * root); the page is LandingPage.tsx.
 */
import { create } from 'zustand';
import type { LoadSource, LogSummary } from '../../worker/protocol';
import { bytesSaid } from '../components/format';
import { selectPosition } from '../appState';
import type { LoadGuard } from '../services/loadService';

export interface ExpectedLog {
  fingerprint: string;
  name?: string;
  size?: number;
  seq?: number;
  chunk?: number;
}

export type LandingPhase =
  /** Looking for the bytes in this browser's storage. */
  | 'looking'
  /** Not here: asking for the file. */
  | 'missing'
  /** A file is being read to check its fingerprint. */
  | 'checking'
  /** The last file offered was another one (see `refusal`). */
  | 'refused';

interface LandingState {
  expect: ExpectedLog | null;
  phase: LandingPhase;
  refusal: string | null;
  /** Name of the file being checked. */
  checking: string | null;
}

export const useLanding = create<LandingState>()(() => ({
  expect: null,
  phase: 'missing',
  refusal: null,
  checking: null,
}));

export function landingActive(): boolean {
  return useLanding.getState().expect !== null;
}

export function expectLog(expect: ExpectedLog, phase: LandingPhase): void {
  useLanding.setState({ expect, phase, refusal: null, checking: null });
}

/** Leaves the landing page (the user chose to open something else). */
export function dismissLanding(): void {
  useLanding.setState({ expect: null, phase: 'missing', refusal: null, checking: null });
}

/**
 * Called by the load service before a load starts. While a link waits for its file: a local file
 * of the wrong size is refused here (false); any other source is read, with
 * the link's seq kept as the selection. No link waiting: null (open as usual).
 */
function beforeOpen(
  source: LoadSource,
): { proceed: boolean; keepSelection?: boolean; keepFilter?: boolean } | null {
  const { expect } = useLanding.getState();
  if (!expect) return null;
  if (source.kind !== 'file' && source.kind !== 'text') {
    dismissLanding(); // the user opened something else on purpose
    return null;
  }
  const name = source.kind === 'file' ? source.file.name : (source.name ?? 'pasted text');
  const size = source.kind === 'file' ? source.file.size : new TextEncoder().encode(source.text).length;
  if (expect.size !== undefined && size !== expect.size) {
    useLanding.setState({
      phase: 'refused',
      checking: null,
      refusal: `${name} is not the file this link points to: it is ${bytesSaid(size)}, the link's file is ${bytesSaid(expect.size)}.`,
    });
    return { proceed: false };
  }
  // A copy from this browser's storage stays a quiet "opening…"; a file the user offered is "checking".
  const phase = useLanding.getState().phase === 'looking' ? 'looking' : 'checking';
  useLanding.setState({ phase, checking: name, refusal: null });
  if (expect.seq !== undefined) selectPosition(expect.seq, expect.chunk ?? null, { scroll: true });
  // The link's filter (`q`, `errors`, `types`), set while its file was asked for, stays too.
  return { proceed: true, keepSelection: expect.seq !== undefined, keepFilter: true };
}

/**
 * Called by the load service when a load is ready: false when a link waits for
 * another fingerprint (the file is refused and the landing page stays), true
 * otherwise (a waiting link is satisfied and the page goes away).
 */
function acceptReady(summary: LogSummary): boolean {
  const { expect } = useLanding.getState();
  if (!expect) return true;
  if (summary.fingerprint === expect.fingerprint) {
    dismissLanding();
    return true;
  }
  useLanding.setState({
    phase: 'refused',
    checking: null,
    refusal: `${summary.name} is not the file this link points to: its fingerprint is ${summary.fingerprint}, the link's is ${expect.fingerprint}.`,
  });
  return false;
}

/** The landing page's veto on loads, for the load service. */
export const landingGuard: LoadGuard = { beforeOpen, acceptReady };
