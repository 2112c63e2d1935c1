/**
 * NativeLog: what every importer writes into. An importer does not build the
 * session model itself; it re-tells the foreign log as the harness's own
 * events (turns, steps, user/assistant messages, tool calls and results,
 * log-only rows, surface appends and replaces), and the ordinary reader then
 * loads that text. So the timeline, messages at any seq, the scrubber, deep
 * links and the CLI work on an imported log exactly as on a native one, and
 * there is one projector, not one per format.
 *
 * The builder keeps its own copy of the surface (the seqs a model would see),
 * so a replace can name exactly the nodes it hides, and keeps turn and step
 * bookkeeping so that every step-bound event lands inside an open step.
 */
import type { DiagnosticLocation } from '../diagnostics';
import type { Block, DiagnosticCode, Message, TokenUsage, TurnEndReason } from '../types';
import type { EmitBudget, ImportStop } from './emitBudget';

export interface NativeEvent {
  type: string;
  time?: number;
  data: Record<string, unknown>;
  surfaceOp?: 'append' | { op: 'replace'; start: number; end: number };
  sourceEventSeqs?: number[];
  ignorable?: true;
}

/**
 * A finding of the importer, reported with the loaded log's diagnostics; where it is as the
 * reader says it (a JSON array's element number as its line; a torn tail's bytes dropped).
 */
export interface ImportNote extends DiagnosticLocation {
  code: DiagnosticCode;
  message: string;
  /** Said of where the input ends as it stands: more input changes it (`provisionalNote`). */
  provisional?: true;
}

type SurfaceType = 'user/message' | 'assistant/message' | 'tool/result';

/** Thrown by `push` past the log's EmitBudget: the importer stops; `log` holds what came before. */
export class ImportStopped extends Error {
  constructor(readonly log: NativeLog) {
    super(log.stopped?.message ?? 'the import stopped');
  }
}

export class NativeLog {
  header: Record<string, unknown> = { type: 'session', version: 0 };
  readonly events: NativeEvent[] = [];
  readonly notes: ImportNote[] = [];
  /** Set when a part of the input was refused for its objects and arrays (the limit it passed). */
  refusedContainers: number | undefined;
  /** Set when a line (a JSON array's element) was refused for a line limit: the first one's number. */
  refusedLine: number | undefined;
  /** Set when the import stopped at its budget (emitBudget.ts); its note says so too. */
  stopped: ImportStop | undefined;
  /** The input line being imported (importers that know it set it): where a stop is said to be. */
  inputLine: number | undefined;
  /** Surface node seqs, in order, and the message each derives (null: an empty assistant message). */
  private readonly surface: number[] = [];
  private readonly surfaceMessages: (Message | null)[] = [];
  /**
   * The derived messages (surfaceMessages without the nulls) and the node indexes of the nulls,
   * kept as the surface changes: an importer comparing each model call's input with the history
   * must not rebuild the history per call (audit R8-5: quadratic in calls).
   */
  private derivedMessages: Message[] = [];
  private emptyNodes: number[] = [];
  private turnNo = 0;
  private stepNo = 0;
  private turnOpen = false;
  private stepOpen = false;
  /** Steps begun in the open turn (a user message after a step begins a new turn). */
  private stepsInTurn = 0;
  private lastTime: number | undefined;

  constructor(private readonly budget?: EmitBudget) {}

  get nextSeq(): number {
    return this.events.length;
  }

  get inTurn(): boolean {
    return this.turnOpen;
  }

  get inStep(): boolean {
    return this.stepOpen;
  }

  get currentTurn(): number {
    return this.turnNo;
  }

  get currentStep(): number {
    return this.stepNo;
  }

  get stepsInOpenTurn(): number {
    return this.stepsInTurn;
  }

  note(code: DiagnosticCode, message: string, seq?: number): void {
    this.notes.push(seq === undefined ? { code, message } : { code, message, seq });
  }

  /** A note about one line (a JSON array's element), and the bytes it left unread from there on. */
  lineNote(code: DiagnosticCode, message: string, line: number, droppedBytes = 0): void {
    this.notes.push(droppedBytes > 0 ? { code, message, line, droppedBytes } : { code, message, line });
  }

  /**
   * A note about where the input ends as it stands (a JSON array without its closing `]`): more
   * input changes it, so it is not said while the log may still grow (follow mode: followImport.ts),
   * as the reader says no torn tail of a line still being written.
   */
  provisionalNote(code: DiagnosticCode, message: string, where: DiagnosticLocation = {}): void {
    this.notes.push({ code, message, ...where, provisional: true });
  }

  /**
   * Appends one event; returns its seq. Times never go back: an importer
   * orders events as the model saw them (an assistant message assembled from
   * later records, a tool result at its completion), so a foreign record's
   * own time may lie before the previous event's; it is clamped to that.
   */
  push(ev: NativeEvent): number {
    if (this.stopped) throw new ImportStopped(this);
    if (this.budget && !this.budget.charge(ev.data)) {
      this.stopped = this.budget.stop(this.inputLine, this.events.length);
      this.lineNote('read-limit', this.stopped.message, this.stopped.line);
      throw new ImportStopped(this);
    }
    if (ev.time !== undefined && Number.isFinite(ev.time)) {
      if (this.lastTime !== undefined && ev.time < this.lastTime) ev.time = this.lastTime;
      this.lastTime = ev.time;
    } else delete ev.time;
    this.events.push(ev);
    return this.events.length - 1;
  }

  /** A time for a structural event: never before what came already. */
  private after(time: number | undefined): number | undefined {
    if (time === undefined) return this.lastTime;
    return this.lastTime === undefined ? time : Math.max(time, this.lastTime);
  }

  // ------------------------------------------------------------ turns and steps

  startTurn(time: number | undefined): void {
    this.endTurn(time, { kind: 'completed' });
    this.turnNo++;
    this.stepNo = 0;
    this.stepsInTurn = 0;
    this.turnOpen = true;
    this.push({ type: 'turn/start', time: this.after(time), data: { turn: this.turnNo } });
  }

  endTurn(time: number | undefined, reason: TurnEndReason): void {
    this.endStep(time);
    if (!this.turnOpen) return;
    this.turnOpen = false;
    this.push({ type: 'turn/end', time: this.after(time), data: { turn: this.turnNo, reason } });
  }

  startStep(time: number | undefined): void {
    if (!this.turnOpen) this.startTurn(time);
    this.endStep(time);
    this.stepNo++;
    this.stepsInTurn++;
    this.stepOpen = true;
    this.push({ type: 'step/start', time: this.after(time), data: { turn: this.turnNo, step: this.stepNo } });
  }

  endStep(time: number | undefined): void {
    if (!this.stepOpen) return;
    this.stepOpen = false;
    this.push({ type: 'step/end', time: this.after(time), data: { turn: this.turnNo, step: this.stepNo } });
  }

  /** Closes whatever is open (the end of the foreign log). */
  finish(reason: TurnEndReason = { kind: 'completed' }): void {
    this.endTurn(undefined, reason);
  }

  // ------------------------------------------------------------ surface events

  /**
   * A user-side message. `newTurn`: a prompt from the user, which begins a turn
   * unless the open turn has no step yet (several prompt lines before a reply).
   */
  user(message: Message, time: number | undefined, opts: { newTurn?: boolean } = {}): number {
    if (opts.newTurn !== false && (!this.turnOpen || (opts.newTurn === true && this.stepsInTurn > 0)))
      this.startTurn(time);
    return this.surfaceEvent('user/message', message, { ...message }, time);
  }

  /** The assistant's message of the open step (one is begun when none is open). */
  assistant(
    message: Message,
    time: number | undefined,
    extra: { usage?: TokenUsage; interrupted?: boolean } = {},
  ): number {
    if (!this.stepOpen) this.startStep(time);
    const data: Record<string, unknown> = { turn: this.turnNo, step: this.stepNo, message };
    if (extra.usage) data.usage = extra.usage;
    if (extra.interrupted) data.interrupted = true;
    return this.surfaceEvent('assistant/message', message.content.length > 0 ? message : null, data, time);
  }

  toolCall(callId: string, name: string, args: string, time: number | undefined): number {
    if (!this.stepOpen) this.startStep(time);
    return this.push({
      type: 'tool/call',
      time,
      data: { turn: this.turnNo, step: this.stepNo, callId, name, arguments: args },
    });
  }

  toolResult(
    callId: string,
    content: Block[],
    isError: boolean,
    time: number | undefined,
    meta?: unknown,
  ): number {
    if (!this.stepOpen) this.startStep(time);
    const block: Block = { type: 'tool-result', toolCallId: callId, content };
    if (isError) block.isError = true;
    const message: Message = { role: 'user', content: [block], source: { kind: 'tool', callId } };
    const data: Record<string, unknown> = { turn: this.turnNo, step: this.stepNo, message };
    if (isError) data.error = { name: 'ToolError', code: 'TOOL_ERROR' };
    if (meta !== undefined) data.meta = meta;
    return this.surfaceEvent('tool/result', message, data, time);
  }

  /** A failed model call: a finish chunk with an error and no message (spec 3.3). */
  failedAttempt(failure: { message: string; code: string }, time: number | undefined): number {
    if (!this.stepOpen) this.startStep(time);
    return this.push({
      type: 'assistant/chunk',
      time,
      data: {
        turn: this.turnNo,
        step: this.stepNo,
        chunk: { type: 'finish', reason: { kind: 'error', failure } },
      },
    });
  }

  /** A row shown on the timeline, never projected. Types outside the harness's own are namespaced by format. */
  logOnly(type: string, data: Record<string, unknown>, time: number | undefined): number {
    return this.push({ type, time, data });
  }

  private surfaceEvent(
    type: SurfaceType,
    derived: Message | null,
    data: Record<string, unknown>,
    time: number | undefined,
  ): number {
    const seq = this.push({ type, time, data, surfaceOp: 'append' });
    if (derived) this.derivedMessages.push(derived);
    else this.emptyNodes.push(this.surface.length);
    this.surface.push(seq);
    this.surfaceMessages.push(derived);
    return seq;
  }

  // ------------------------------------------------------------ replaces

  /** The messages a model would see now (the projector's rule: empty assistant messages derive nothing). */
  derived(): readonly Message[] {
    return this.derivedMessages;
  }

  /** Node index of derived message `d` (empty assistant messages derive nothing but hold a node); surfaceLength past the end. */
  nodeOfDerived(d: number): number {
    if (d >= this.derivedMessages.length) return this.surface.length;
    let node = d;
    for (const e of this.emptyNodes) {
      if (e > node) break;
      node++;
    }
    return node;
  }

  get surfaceLength(): number {
    return this.surface.length;
  }

  /** Surface seq at node index i. */
  surfaceSeq(i: number): number | undefined {
    return this.surface[i];
  }

  /** The message node i derives; null for an assistant message with no content (it derives none). */
  surfaceMessage(i: number): Message | null | undefined {
    return this.surfaceMessages[i];
  }

  /**
   * Replaces surface nodes `from..to` (node indexes, inclusive) by one user
   * message (a summary, or the first message of a new history): the fold's
   * `replace`. With nothing to replace, the message is appended.
   */
  replaceWithUser(
    from: number,
    to: number,
    message: Message,
    time: number | undefined,
    opts: { newTurn?: boolean } = {},
  ): number {
    const last = Math.min(to, this.surface.length - 1);
    if (from < 0 || from > last) return this.user(message, time, opts);
    if (opts.newTurn !== false && (!this.turnOpen || (opts.newTurn === true && this.stepsInTurn > 0)))
      this.startTurn(time);
    const hidden = this.surface.slice(from, last + 1);
    const seq = this.push({
      type: 'user/message',
      time,
      data: { ...message },
      surfaceOp: { op: 'replace', start: hidden[0] as number, end: hidden[hidden.length - 1] as number },
      sourceEventSeqs: hidden,
    });
    const toEnd = last === this.surface.length - 1;
    this.surface.splice(from, hidden.length, seq);
    this.surfaceMessages.splice(from, hidden.length, message);
    if (toEnd) {
      // the usual replace (a history cut from a node on): trim the derived list, no rebuild
      while (this.emptyNodes.length > 0 && (this.emptyNodes[this.emptyNodes.length - 1] as number) >= from)
        this.emptyNodes.pop();
      this.derivedMessages.length = from - this.emptyNodes.length;
      this.derivedMessages.push(message);
    } else {
      this.derivedMessages = this.surfaceMessages.filter((m): m is Message => m !== null);
      this.emptyNodes = [];
      this.surfaceMessages.forEach((m, i) => {
        if (m === null) this.emptyNodes.push(i);
      });
    }
    return seq;
  }

  /** The log's JSONL lines (no newline): the header, then one event per line with its seq. */
  jsonlLines(): string[] {
    return [this.headerLine(), ...this.eventLines(0, this.events.length)];
  }

  headerLine(): string {
    return JSON.stringify(this.header);
  }

  /** The JSONL lines of events `from` (inclusive) to `to` (exclusive). */
  eventLines(from: number, to: number): string[] {
    const lines: string[] = [];
    for (let seq = from; seq < to; seq++) lines.push(JSON.stringify({ seq, ...this.events[seq] }));
    return lines;
  }
}

/** Epoch ms of an ISO date string or a number, else undefined. */
export function timeOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v < 1e11 ? v * 1000 : v;
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

export function textBlock(text: string): Block {
  return { type: 'text', text };
}

/** JSON text of a tool call's arguments, whatever shape the foreign log stored. */
export function argumentsText(v: unknown): string {
  if (typeof v === 'string') {
    try {
      JSON.parse(v);
      return v;
    } catch {
      return JSON.stringify(v);
    }
  }
  return JSON.stringify(v ?? {});
}

/** A scalar from a foreign record as text: strings as they are, numbers and booleans printed, anything else `fallback`. */
export function textOf(v: unknown, fallback = ''): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return fallback;
}
