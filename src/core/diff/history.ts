/**
 * The diff of the model's input between two seqs of one log: the derived
 * histories at `from` and at `to` (spec 4), aligned by the event that produced
 * each message, plus the request in force.
 *
 * A message is named by its source seq, so a message present at both seqs is
 * the same message. One only at `from` was hidden by a replace (a compaction
 * or a prune); one only at `to` was appended or is a replacement. A
 * replacement is paired with what it hid (`changed`) when it stands for one
 * message: it hid exactly one message of `from` (a prune), or it directly hid
 * exactly one earlier replacement of its role (a summary rewritten). Replaces
 * nest, so hiding is followed through the replaces between the two seqs.
 */
import type { DerivedMessage } from '../log/sessionLog';
import type { ReplaceRecord } from '../log/surface';
import type { Message } from '../types';
import { diffRequests, requestViewAt, type HeaderSource, type RequestChanges } from './request';
import { diffBudget, messageText, textDiff, type DiffBudget, type TextPart } from './textDiff';

/** What the diff reads (a SessionLog satisfies it). */
export interface HistorySource extends HeaderSource {
  readonly eventCount: number;
  messagesAt(seq: number): { messages: DerivedMessage[] };
  replacesUpTo(seq: number): ReplaceRecord[];
}

export interface MessageRef {
  seq: number;
  role: Message['role'];
}

/** One row of the side-by-side view, in surface order. */
export type DiffRow =
  | { kind: 'same'; seq: number; role: Message['role'] }
  | { kind: 'removed'; from: number; role: Message['role'] }
  | { kind: 'added'; to: number; role: Message['role'] }
  | { kind: 'changed'; from: number; to: number; role: Message['role']; text: TextPart[] };

export interface HistoryDiff {
  /** -1 stands for "before the first event" (an empty history). */
  from: number;
  to: number;
  removed: MessageRef[];
  added: MessageRef[];
  changed: { from: number; to: number }[];
  request: RequestChanges;
  rows: DiffRow[];
}

export function diffHistories(log: HistorySource, from: number, to: number): HistoryDiff {
  const before = from >= 0 ? log.messagesAt(from).messages : [];
  const after = to >= 0 ? log.messagesAt(to).messages : [];
  const inAfter = new Set(after.map((m) => m.seq));
  const inBefore = new Set(before.map((m) => m.seq));
  const removedMsgs = before.filter((m) => !inAfter.has(m.seq));
  const addedMsgs = after.filter((m) => !inBefore.has(m.seq));
  const pairs = pairReplacements(log, from, to, inBefore, new Map(before.map((m) => [m.seq, m])), addedMsgs);

  // Every text diff of this history (each changed message, the system prompt) spends one budget.
  const budget = diffBudget();
  const rows = alignRows(before, after, inBefore, inAfter, pairs, budget);
  const empty = { headerSeq: null, tools: [] };
  return {
    from,
    to,
    removed: removedMsgs.map(ref),
    added: addedMsgs.map(ref),
    changed: [...pairs].map(([a, b]) => ({ from: a, to: b })).sort((x, y) => x.to - y.to || x.from - y.from),
    request: diffRequests(
      from >= 0 ? requestViewAt(log, from) : empty,
      to >= 0 ? requestViewAt(log, to) : empty,
      budget,
    ),
    rows,
  };
}

const ref = (m: DerivedMessage): MessageRef => ({ seq: m.seq, role: m.message.role });

/** changed pairs: removed seq -> the added replacement that stands for it. */
function pairReplacements(
  log: HistorySource,
  from: number,
  to: number,
  inBefore: Set<number>,
  beforeBySeq: Map<number, DerivedMessage>,
  added: DerivedMessage[],
): Map<number, number> {
  const pairs = new Map<number, number>();
  if (added.length === 0) return pairs;
  const replaces = new Map<number, number[]>();
  for (const r of log.replacesUpTo(to)) replaces.set(r.seq, r.hidden);
  // Every node a replace (transitively, through replaces after `from`) hid that was a message at `from`.
  // One accumulator, not a spread of each level's list: a compaction hiding 120,000 messages,
  // itself hidden by a later replace, overflowed the stack (R8-15).
  const hiddenBefore = (seq: number, depth = 0, out: number[] = []): number[] => {
    for (const h of replaces.get(seq) ?? []) {
      if (inBefore.has(h)) out.push(h);
      else if (h > from && replaces.has(h) && depth < 64) hiddenBefore(h, depth + 1, out);
    }
    return out;
  };
  for (const m of added) {
    if (!replaces.has(m.seq)) continue;
    const hid = hiddenBefore(m.seq);
    let partner: number | undefined;
    if (hid.length === 1) partner = hid[0];
    else {
      // A summary rewritten: it directly hid exactly one earlier replacement of its role.
      const rewritten = (replaces.get(m.seq) ?? []).filter(
        (h) => inBefore.has(h) && replaces.has(h) && beforeBySeq.get(h)?.message.role === m.message.role,
      );
      if (rewritten.length === 1) partner = rewritten[0];
    }
    if (partner !== undefined && !pairs.has(partner)) pairs.set(partner, m.seq);
  }
  return pairs;
}

/**
 * Rows in surface order: messages at both seqs keep their order (the surface
 * never reorders), so the two lists are merged around them; between two kept
 * messages, the removed ones come first (a changed one beside its replacement),
 * then the added ones.
 */
function alignRows(
  before: DerivedMessage[],
  after: DerivedMessage[],
  inBefore: Set<number>,
  inAfter: Set<number>,
  pairs: Map<number, number>,
  budget: DiffBudget,
): DiffRow[] {
  const rows: DiffRow[] = [];
  const afterBySeq = new Map(after.map((m) => [m.seq, m]));
  const paired = new Set(pairs.values());
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    while (i < before.length && !inAfter.has((before[i] as DerivedMessage).seq)) {
      const a = before[i++] as DerivedMessage;
      const partner = pairs.get(a.seq);
      const b = partner !== undefined ? afterBySeq.get(partner) : undefined;
      if (b)
        rows.push({
          kind: 'changed',
          from: a.seq,
          to: b.seq,
          role: b.message.role,
          text: textDiff(messageText(a.message), messageText(b.message), budget),
        });
      else rows.push({ kind: 'removed', from: a.seq, role: a.message.role });
    }
    while (j < after.length && !inBefore.has((after[j] as DerivedMessage).seq)) {
      const b = after[j++] as DerivedMessage;
      if (!paired.has(b.seq)) rows.push({ kind: 'added', to: b.seq, role: b.message.role });
    }
    if (i < before.length && j < after.length) {
      const m = after[j++] as DerivedMessage;
      i++;
      rows.push({ kind: 'same', seq: m.seq, role: m.message.role });
    }
  }
  return rows;
}
