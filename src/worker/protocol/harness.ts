/** What the harness itself sees: the request in force, what a request/header changed, the resume preview. */
import type { RequestChange, RequestView, ToolView } from '../../core/harness/requestView';
import type { ResumeRefusal, SyntheticEvent } from '../../core/harness/resumeCheck';
import type { Message } from '../../core/types';

export type { RequestChange, RequestView, ResumeRefusal, SyntheticEvent, ToolView };

/**
 * The request in force as shown, plus `json`: the request exactly as
 * `seqscope derive --with-request` prints it ({config, system?, tools?,
 * adapterDefaults?, seq}), for exports.
 */
export type RequestAtView = RequestView & { json: Record<string, unknown> };

/** A message the next request would carry: from the log (`seq`), or appended by the harness on resume. */
export interface ResumeMessage {
  seq: number;
  /** Place in the derived list the next request would carry. */
  index: number;
  message: Message;
  /** Written by the harness's repair, not in the file. */
  synthetic: boolean;
}

export interface ResumePreview {
  /** Reasons the harness would refuse to resume the log (one per reason). */
  refusals: ResumeRefusal[];
  /** The events the harness would append first ([] when the log ends between turns). */
  repair: SyntheticEvent[];
  /** The last seq the harness keeps (an unterminated last line is cut off). */
  lastKeptSeq: number;
  /** How many messages the next request would carry in all. */
  count: number;
  /** Its last messages: the tail of the history, then the synthetic results. */
  tail: ResumeMessage[];
}
