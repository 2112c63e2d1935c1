/**
 * Step attempts (spec 3.3) during the loading pass: groups the open step's
 * chunks into attempts, pairs each with its assistant/message, and reports
 * chunk-mismatch, failed-attempt, empty-assistant-message and
 * interrupted-message. One attempt is alive at a time; its assembler is
 * dropped when it closes, so memory does not grow with the log.
 *
 * An attempt ends at its `finish` chunk or its assistant/message (design:
 * "the current attempt begins after the last finish or assistant/message");
 * a message right after a finish still belongs to that attempt. It failed
 * when it finished with error/aborted and got no message.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { ChunkDelta } from '../pipeline';
import {
  looseData,
  type Block,
  type FinishReason,
  type Message,
  type SessionEvent,
  type StreamChunk,
  type TokenUsage,
} from '../types';
import { StreamAssembler, isFailure } from './assemble';
import { compareBlocks } from './compare';
import type { StreamCheckpoints } from './streamCheckpoints';
import type { AttemptInfo, StepInfo } from './structureIndex';
import { addUsage, checkedUsage } from './usage';
import { formatSeq } from '../view/seqText';

interface OpenAttempt {
  info: AttemptInfo;
  step: StepInfo;
  asm: StreamAssembler;
  finished: boolean;
  /** Where a stream query starting from the attempt's last checkpoint reads from, less one. */
  checkpointSeq: number;
}

export class AttemptTracker {
  attempts = 0;
  failed = 0;
  private open: OpenAttempt | null = null;
  /** Usage of the open step's assistant/messages that had no chunks. */
  private extraUsage: TokenUsage | undefined;

  constructor(
    private readonly sink: DiagnosticSink,
    /** Where the open attempt's assembler leaves a copy every K chunks (streamCheckpoints.ts). */
    private readonly checkpoints?: StreamCheckpoints,
  ) {}

  startStep(): void {
    this.open = null;
    this.extraUsage = undefined;
  }

  /** Closes the step's attempt; returns the step's usage. */
  endStep(step: StepInfo): TokenUsage | undefined {
    this.closeAttempt();
    return this.stepUsage(step);
  }

  /** Sum over the step's attempts plus its chunkless messages. */
  stepUsage(step: StepInfo): TokenUsage | undefined {
    let usage = this.extraUsage;
    for (const a of step.attempts) usage = addUsage(usage, a.usage);
    return usage;
  }

  /** A chunk naming the open step. */
  chunk(step: StepInfo, seq: number, chunk: StreamChunk): void {
    const a = this.attemptFor(step, seq);
    this.beforeChunk(a, seq);
    a.asm.push(chunk, seq);
    a.info.lastChunkSeq = seq;
    a.info.chunkCount++;
    if (this.checkpoints?.chunk(a.info.firstChunkSeq, seq, a.asm)) a.checkpointSeq = seq;
    const c = chunk as Record<string, unknown>;
    if (chunk.type === 'usage') {
      const usage = checkedUsage(c.usage, 'data.chunk.usage', seq, this.sink);
      if (usage) a.info.usage = usage;
    }
    if (chunk.type === 'finish' && typeof c.reason === 'object' && c.reason !== null) {
      a.finished = true;
      a.info.finish = c.reason as FinishReason;
    }
  }

  /** A delta chunk as its fields (RecordSink.delta): what `chunk` does for it. */
  delta(step: StepInfo, seq: number, d: ChunkDelta): void {
    const a = this.attemptFor(step, seq);
    this.beforeChunk(a, seq);
    a.asm.pushDelta(d, seq);
    a.info.lastChunkSeq = seq;
    a.info.chunkCount++;
    if (this.checkpoints?.chunk(a.info.firstChunkSeq, seq, a.asm)) a.checkpointSeq = seq;
  }

  /**
   * Before the attempt's chunk at `seq`: when more events than a query may read lie between its
   * last checkpoint and here (other steps' chunks too, which the type column cannot skip), a
   * checkpoint of its state so far that says no chunk of it comes before `seq`
   * (streamCheckpoints.ts `gap`).
   */
  private beforeChunk(a: OpenAttempt, seq: number): void {
    const cps = this.checkpoints;
    if (cps === undefined || seq - a.checkpointSeq <= cps.gapEvery || a.info.chunkCount === 0) return;
    if (cps.gap(a.info.firstChunkSeq, a.info.lastChunkSeq, seq, a.asm, a.checkpointSeq))
      a.checkpointSeq = seq - 1;
  }

  /** The open attempt that a chunk at `seq` of `step` belongs to (a new one after a finish or message). */
  private attemptFor(step: StepInfo, seq: number): OpenAttempt {
    let a = this.open;
    if (a && (a.finished || a.info.messageSeq !== undefined)) {
      this.closeAttempt();
      a = null;
    }
    if (!a) {
      const info: AttemptInfo = { firstChunkSeq: seq, lastChunkSeq: seq, chunkCount: 0, failed: false };
      a = { info, step, asm: new StreamAssembler(), finished: false, checkpointSeq: seq - 1 };
      step.attempts.push(info);
      this.attempts++;
      this.open = a;
    }
    return a;
  }

  /** An assistant/message; `step` is the open step it names, or null if it sits outside. */
  message(step: StepInfo | null, ev: SessionEvent): void {
    const d = looseData(ev);
    const msg = d.message as Message | undefined;
    const content: Block[] = Array.isArray(msg?.content) ? msg.content : [];
    const usage = checkedUsage(d.usage, 'data.usage', ev.seq, this.sink);
    const a = step ? this.open : null;
    const attached = a !== null && a.info.messageSeq === undefined;
    if (content.length === 0) {
      const streamed = attached ? ` (its stream had ${a.asm.snapshot().blocks.length} block(s))` : '';
      this.sink.report(
        'empty-assistant-message',
        `assistant/message with empty content: the projector skips it${streamed}`,
        { seq: ev.seq },
      );
    }
    if (d.interrupted === true) {
      this.sink.report(
        'interrupted-message',
        'assistant/message marked interrupted: the stream was cut off',
        {
          seq: ev.seq,
        },
      );
    }
    if (!step) return;
    step.messageSeq = ev.seq;
    if (!attached) {
      // No chunks for this message: nothing to compare.
      this.extraUsage = addUsage(this.extraUsage, usage);
      return;
    }
    a.info.messageSeq = ev.seq;
    if (a.info.usage === undefined && usage) a.info.usage = usage;
    // Compared only when the message has chunks: `sourceEventSeqs: []` is a
    // known empty stream; an empty content is reported above instead (the
    // harness drops partial output, typically at max-tokens).
    const knownEmpty = Array.isArray(ev.sourceEventSeqs) && ev.sourceEventSeqs.length === 0;
    if (!knownEmpty && content.length > 0) {
      const why = compareBlocks(a.asm.snapshot().blocks, content);
      if (why !== null) {
        const span = `${formatSeq(a.info.firstChunkSeq)}-${a.info.lastChunkSeq}`;
        this.sink.report('chunk-mismatch', `chunks (${span}) differ from the message: ${why}`, {
          seq: ev.seq,
        });
      }
    }
    this.closeAttempt();
  }

  private closeAttempt(): void {
    const a = this.open;
    if (!a) return;
    this.open = null;
    const info = a.info;
    this.checkpoints?.close(info.firstChunkSeq, a.asm);
    if (!a.finished || !isFailure(info.finish) || info.messageSeq !== undefined) return;
    info.failed = true;
    this.failed++;
    const n = a.step.attempts.indexOf(info) + 1;
    const chunks = `${info.chunkCount} chunk${info.chunkCount === 1 ? '' : 's'}`;
    this.sink.report(
      'failed-attempt',
      `attempt ${n} of step ${a.step.step} (turn ${a.step.turn}) failed: ${describeFailure(info.finish)} (${chunks}, no assistant/message)`,
      { seq: info.lastChunkSeq },
    );
  }
}

function describeFailure(reason: FinishReason | undefined): string {
  const r = reason as Record<string, unknown> | undefined;
  const f = r?.failure as Record<string, unknown> | undefined;
  const code = typeof f?.code === 'string' ? ` ${f.code}` : '';
  const message = typeof f?.message === 'string' ? `: ${f.message}` : '';
  return `finish ${String(r?.kind)}${code}${message}`;
}
