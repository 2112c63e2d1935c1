/**
 * The worker's answers about what the harness itself sees (core/harness): the
 * request in force at a seq, where the request header changed, and the resume
 * preview. The request/header index scans the type column once; where the header
 * changed is read once per header, in slices; the resume check reads only the open
 * turn's events.
 */
import { requestInForceAt, requestJson } from '../core/harness/requestInForce';
import { RequestChangeScan, requestChangeAt, viewOfRequest } from '../core/harness/requestView';
import { resumeCheck } from '../core/harness/resumeCheck';
import type { SessionLog } from '../core/log/sessionLog';
import { inSlices } from './slices';
import type { RequestAtView, RequestChange, ResumeMessage, ResumePreview } from './protocol';

/** Messages of the history shown before the synthetic ones in the resume preview. */
const RESUME_TAIL = 6;

export class HarnessQueries {
  /** Where the header changed, read once per request/header as the log grows. */
  private readonly changes: RequestChangeScan;

  constructor(private readonly log: SessionLog) {
    this.changes = new RequestChangeScan(log);
  }

  requestAt(seq: number): RequestAtView | null {
    const r = requestInForceAt(this.log, seq);
    return r === null ? null : { ...viewOfRequest(r), json: requestJson(r) };
  }

  /**
   * The request/header seqs where the header changed, the headers not read yet read in slices
   * (slices.ts): at 1 GB the first read parses thousands of headers. Null when `stopped()`.
   */
  async requestChanges(
    pause: () => Promise<void>,
    stopped: () => boolean,
  ): Promise<{ seqs: number[] } | null> {
    const done = await inSlices(() => this.changes.next(), pause, stopped);
    return done ? { seqs: [...this.changes.seqs] } : null;
  }

  requestChange(seq: number): RequestChange | null {
    return requestChangeAt(this.log, seq);
  }

  resumePreview(): ResumePreview {
    const check = resumeCheck(this.log);
    const kept = check.lastKeptSeq;
    const history = kept >= 0 ? this.log.messagesAt(kept, 0, 0).count : 0;
    const tail: ResumeMessage[] =
      kept >= 0
        ? this.log
            .messagesAt(kept, Math.max(0, history - RESUME_TAIL), history)
            .messages.map((m) => ({ seq: m.seq, index: m.index, message: m.message, synthetic: false }))
        : [];
    let index = history;
    for (const e of check.repair)
      if (e.type === 'tool/result')
        tail.push({ seq: e.seq, index: index++, message: e.data.message, synthetic: true });
    return { refusals: check.refusals, repair: check.repair, lastKeptSeq: kept, count: index, tail };
  }
}
