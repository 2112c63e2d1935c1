/**
 * The resume check (spec section 4): would the harness resume this log, and
 * what would it append first? It refuses a log that breaks its rules (one
 * `resume-refused` warning per reason) and repairs one that ends inside a
 * turn (`resume-repair` info naming the synthetic events), appending in this
 * order, all at the last event's time:
 *
 * 1. for each tool-call block of an assistant/message since the open turn's
 *    last step/end that has no tool/result, an error tool/result appended to
 *    the surface: TOOL_OUTCOME_UNKNOWN citing the tool/call seq when one was
 *    recorded for it, TOOL_NOT_STARTED otherwise;
 * 2. step/end, if a step is open;
 * 3. turn/end with reason `interrupted`;
 * 4. session/end-seed.
 *
 * The harness cuts an unterminated last line off before anything else (spec
 * section 1): events from such a line (the seq a `torn-tail` names) are not
 * part of what it resumes, so the check looks at the events before them.
 */
import { jsonText, valueText } from '../deepJson';
import { listSome } from '../diagnostics';
import { looseData, type Diagnostic, type SessionHeader } from '../types';
import { REQUEST_HEADER, requestHeaders, type RequestSource } from './requestInForce';
import { syntheticRepair, type SyntheticEvent } from './repairEvents';
import { formatSeq } from '../view/seqText';

export type { SyntheticEvent } from './repairEvents';

/** Event types the harness no longer migrates: a log holding one is refused. */
export const UNMIGRATED_TYPES: readonly string[] = ['request/header-delta', 'mode/set'];
/** Header fields the harness retired: a header carrying one is refused. */
export const RETIRED_HEADER_FIELDS: readonly string[] = ['sandboxMode', 'approvalPolicy'];

export interface ResumeRefusal {
  /** A stable key per kind of reason. */
  reason: string;
  message: string;
  seq?: number;
  line?: number;
}

export interface ResumeCheck {
  refusals: ResumeRefusal[];
  /** The events the harness would append on resume (empty when the log ends between turns). */
  repair: SyntheticEvent[];
  /** The last seq the harness keeps (an unterminated last line is cut off): -1 for none. */
  lastKeptSeq: number;
}

/** What the check needs of a loaded log (SessionLog satisfies it). */
export interface ResumeSource extends RequestSource {
  readonly sessionHeader: SessionHeader | undefined;
  readonly sessionHeaderLine?: number | undefined;
  /** The log's detected format: only the harness's own logs ("seqscope") are resumed by it. */
  readonly sourceFormat?: string | undefined;
  readonly diagnosticList: readonly Diagnostic[];
  typeOf(seq: number): string;
  timeOf(seq: number): number | undefined;
}

export function resumeCheck(log: ResumeSource): ResumeCheck {
  // No header and no event: not a session log at all (a binary file...), nothing to resume;
  // another agent's log, imported, is not the harness's to resume either.
  const imported = log.sourceFormat !== undefined && log.sourceFormat !== 'seqscope';
  if (imported || (log.sessionHeader === undefined && log.eventCount === 0))
    return { refusals: [], repair: [], lastKeptSeq: -1 };
  const torn = log.diagnosticList.find((d) => d.code === 'torn-tail' && d.seq !== undefined);
  const lastKeptSeq = (torn?.seq ?? log.eventCount) - 1;
  return {
    refusals: [
      ...headerRefusals(log.sessionHeader, log.sessionHeaderLine ?? 1),
      ...formRefusals(log),
      ...surfaceMarkerRefusals(log),
      ...errorRefusals(log),
    ],
    repair: syntheticRepair(log, lastKeptSeq),
    lastKeptSeq,
  };
}

function headerRefusals(h: SessionHeader | undefined, line: number): ResumeRefusal[] {
  if (h === undefined) return [];
  const out: ResumeRefusal[] = [];
  const push = (r: ResumeRefusal): void => {
    out.push({ ...r, line });
  };
  if (h.delegationDepth === undefined)
    push({ reason: 'header-delegation-depth', message: 'the session header has no delegationDepth' });
  for (const field of RETIRED_HEADER_FIELDS)
    if (h[field] !== undefined)
      push({
        reason: 'header-retired-field',
        message: `the session header carries the retired field "${field}"`,
      });
  if (h.version !== 0)
    push({
      reason: 'header-version',
      message: `the session header has ${h.version === undefined ? 'no version' : `version ${jsonText(h.version) ?? typeof h.version}`}, not 0`,
    });
  if (typeof h.cwd === 'string' && !isAbsolutePath(h.cwd) && !PLACEHOLDER.test(h.cwd))
    push({
      reason: 'header-relative-cwd',
      message: `the session header's cwd ${JSON.stringify(h.cwd)} is not an absolute path`,
    });
  return out;
}

/**
 * A test snapshot's `{{cwd}}`-style placeholder (the harness's own corpus)
 * stands for the absolute path its test substitutes: not judged.
 */
const PLACEHOLDER = /^\{\{[^}]*\}\}/;

function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\\\') || /^[A-Za-z]:[\\/]/.test(p);
}

/** Legacy event forms the harness no longer migrates: one refusal per form. */
function formRefusals(log: ResumeSource): ResumeRefusal[] {
  const out: ResumeRefusal[] = [];
  for (const type of UNMIGRATED_TYPES) {
    const id = log.types.indexOf(type);
    if (id < 0) continue;
    const seqs = seqsOfType(log, id);
    out.push({
      reason: `legacy-form:${type}`,
      message: `${count(seqs.length, `${type} event`)} (a legacy form the harness no longer migrates; first at ${formatSeq(seqs[0] as number)})`,
      seq: seqs[0],
    });
  }
  const fallback = requestHeaders(log)
    .all()
    .filter((s) => looseData(log.event(s)).reason === 'fallback');
  if (fallback.length > 0)
    out.push({
      reason: `legacy-form:${REQUEST_HEADER}:fallback`,
      message: `${count(fallback.length, `${REQUEST_HEADER} event`)} with reason "fallback" (a legacy form the harness no longer migrates; first at ${formatSeq(fallback[0] as number)})`,
      seq: fallback[0],
    });
  return out;
}

/** Surface events without surfaceOp (spec 3.4): the current harness refuses a log older than the marker. */
function surfaceMarkerRefusals(log: ResumeSource): ResumeRefusal[] {
  const missing = log.diagnosticList.find((d) => d.code === 'surface-op-missing');
  if (missing === undefined) return [];
  return [
    {
      reason: 'surface-op-missing',
      message: 'its surface events have no surfaceOp (a log older than the surface marker)',
      ...where(missing),
    },
  ];
}

function seqsOfType(log: ResumeSource, typeId: number): number[] {
  const seqs: number[] = [];
  for (let s = 0; s < log.eventCount; s++) if (log.typeIdOf(s) === typeId) seqs.push(s);
  return seqs;
}

/** Errors that are the viewer's own limits or import findings, not the harness's rules (spec sections 1-4). */
const NOT_HARNESS_RULES: ReadonlySet<string> = new Set([
  'read-limit',
  'import-unmapped',
  'import-note',
  'import-input-mismatch',
]);

/** Error diagnostics: one refusal per code (unknown types name them; unmigrated forms are reported above). */
function errorRefusals(log: ResumeSource): ResumeRefusal[] {
  const byCode = new Map<string, Diagnostic[]>();
  for (const d of log.diagnosticList) {
    if (d.severity !== 'error' || NOT_HARNESS_RULES.has(d.code)) continue;
    let list = byCode.get(d.code);
    if (list === undefined) byCode.set(d.code, (list = []));
    list.push(d);
  }
  const out: ResumeRefusal[] = [];
  for (const [code, list] of byCode) {
    if (code === 'unknown-required-type') {
      const types = list
        .map((d) => (d.seq !== undefined && d.seq < log.eventCount ? log.typeOf(d.seq) : undefined))
        .filter((t): t is string => t !== undefined && !UNMIGRATED_TYPES.includes(t));
      if (types.length === 0) continue;
      const first = list.find((d) => d.seq !== undefined && types.includes(log.typeOf(d.seq)));
      out.push({
        reason: 'unknown-required-type',
        message: `unknown event type${types.length === 1 ? '' : 's'} without ignorable: true (${listSome(types)})`,
        ...where(first),
      });
      continue;
    }
    const first = list[0] as Diagnostic;
    out.push({
      reason: `error:${code}`,
      message: `${count(list.length, `${code} error`)} (first ${first.seq !== undefined ? `at ${formatSeq(first.seq)}` : first.line !== undefined ? `on line ${first.line}` : 'in the log'})`,
      ...where(first),
    });
  }
  return out;
}

function where(d: { seq?: number; line?: number } | undefined): { seq?: number; line?: number } {
  if (d === undefined) return {};
  const out: { seq?: number; line?: number } = {};
  if (d.seq !== undefined) out.seq = d.seq;
  if (d.line !== undefined) out.line = d.line;
  return out;
}

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The resume-refused and resume-repair diagnostics of a check, ready for a DiagnosticSink. */
export function resumeDiagnostics(
  check: ResumeCheck,
): { code: 'resume-refused' | 'resume-repair'; message: string; seq?: number; line?: number }[] {
  const out: { code: 'resume-refused' | 'resume-repair'; message: string; seq?: number; line?: number }[] =
    [];
  for (const r of check.refusals)
    out.push({
      code: 'resume-refused',
      message: `the harness would refuse to resume this log: ${r.message}`,
      ...where(r),
    });
  if (check.repair.length > 0) {
    const turnEnd = check.repair.find((e) => e.type === 'turn/end');
    const turn = turnEnd?.type === 'turn/end' ? turnEnd.data.turn : '?';
    out.push({
      code: 'resume-repair',
      message: `the log ends inside turn ${valueText(turn)}: on resume the harness appends ${listSome(check.repair.map(describeSynthetic))}`,
      seq: check.lastKeptSeq,
    });
  }
  return out;
}

function describeSynthetic(e: SyntheticEvent): string {
  if (e.type === 'tool/result') {
    const { code } = e.data.error;
    const callId = e.data.message.source?.callId;
    const cited =
      code === 'TOOL_OUTCOME_UNKNOWN' ? ` (tool/call at ${formatSeq(e.sourceEventSeqs[0] as number)})` : '';
    return `tool/result ${code} for call ${String(callId)}${cited}`;
  }
  if (e.type === 'turn/end') return 'turn/end (interrupted)';
  return e.type;
}
