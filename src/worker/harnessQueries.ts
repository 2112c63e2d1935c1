/**
 * The worker's answers about what the harness itself sees (core/harness): the
 * request in force at a seq, where the request header changed, and the resume
 * preview. Cheap: the request/header index scans the type column once, and
 * the resume check reads only the open turn's events.
 */
import { requestInForceAt, requestJson } from '../core/harness/requestInForce';
import { requestChangeAt, requestChangeSeqs, viewOfRequest } from '../core/harness/requestView';
import { resumeCheck } from '../core/harness/resumeCheck';
import type { SessionLog } from '../core/log/sessionLog';
import type { RequestAtView, RequestChange, ResumeMessage, ResumePreview } from './protocol';

/** Messages of the history shown before the synthetic ones in the resume preview. */
const RESUME_TAIL = 6;

export class HarnessQueries {
  constructor(private readonly log: SessionLog) {}

  requestAt(seq: number): RequestAtView | null {
    const r = requestInForceAt(this.log, seq);
    return r === null ? null : { ...viewOfRequest(r), json: requestJson(r) };
  }

  requestChanges(): { seqs: number[] } {
    return { seqs: requestChangeSeqs(this.log) };
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
