/**
 * The diagnostics catalogue (spec section 5): one severity per code, and the
 * sink every stage reports into. A bad line or a broken rule becomes a value
 * here, never an exception.
 */
import type { Diagnostic, DiagnosticCode, Severity } from './types';

export const SEVERITY: Readonly<Record<DiagnosticCode, Severity>> = {
  'bad-json': 'error',
  'torn-tail': 'warning',
  'not-an-object': 'error',
  'missing-type': 'error',
  'bad-data': 'error',
  'seq-mismatch': 'error',
  'seq-assigned': 'info',
  'time-backwards': 'warning',
  'unknown-required-type': 'error',
  'unknown-ignorable-type': 'info',
  'header-version': 'warning',
  'turn-unbalanced': 'error',
  'turn-open-at-tail': 'warning',
  'step-unbalanced': 'error',
  'event-outside-step': 'warning',
  'tool-call-without-result': 'warning',
  'tool-result-without-call': 'error',
  'surface-op-missing': 'warning',
  'surface-op-invalid': 'error',
  'surface-op-on-non-surface': 'error',
  'replace-range-missing': 'error',
  'replace-range-reversed': 'error',
  'replace-provenance-missing': 'error',
  'tool-result-rewrite-invalid': 'error',
  'source-seq-invalid': 'error',
  'chunk-mismatch': 'warning',
  'failed-attempt': 'info',
  'empty-assistant-message': 'info',
  'interrupted-message': 'info',
  'repair-placeholder': 'warning',
  'packed-row-invalid': 'error',
  'bad-compression': 'error',
  'resume-refused': 'warning',
  'resume-repair': 'info',
  'import-unmapped': 'warning',
  'import-note': 'info',
  'import-input-mismatch': 'warning',
  'read-limit': 'error',
  'not-text': 'error',
  'bad-usage': 'warning',
};

export const DIAGNOSTIC_CODES = Object.keys(SEVERITY) as DiagnosticCode[];

export interface DiagnosticLocation {
  seq?: number;
  line?: number;
  /** Bytes the finding dropped unread (Diagnostic.droppedBytes). */
  droppedBytes?: number;
  /** Places those bytes came from, when more than one (Diagnostic.droppedPlaces). */
  droppedPlaces?: number;
}

/** Only the location's fields of `where` (a note that carries its own location among other fields). */
export function locationOf(where: DiagnosticLocation): DiagnosticLocation {
  const out: DiagnosticLocation = {};
  if (where.seq !== undefined) out.seq = where.seq;
  if (where.line !== undefined) out.line = where.line;
  if (where.droppedBytes !== undefined) out.droppedBytes = where.droppedBytes;
  if (where.droppedPlaces !== undefined) out.droppedPlaces = where.droppedPlaces;
  return out;
}

/** Where every stage reports its findings. */
export interface DiagnosticSink {
  report(code: DiagnosticCode, message: string, where?: DiagnosticLocation): void;
}

/**
 * The longest diagnostic message kept, in UTF-16 units: messages quote values from the log (a
 * type, an id, a list of seqs), and a hostile log must not make each of thousands of
 * diagnostics megabytes long (in `check`, the panel, or memory).
 */
export const MAX_DIAGNOSTIC_MESSAGE = 1000;

/** `message` cut to MAX_DIAGNOSTIC_MESSAGE units (never inside a surrogate pair), saying how much was cut. */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_DIAGNOSTIC_MESSAGE) return message;
  let end = MAX_DIAGNOSTIC_MESSAGE - 60;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${message.slice(0, end)}… (${(message.length - end).toLocaleString('en-US')} more characters)`;
}

/** At most `max` of `items`, joined with commas, and how many more there are: a list from the log, bounded. */
export function listSome(items: readonly (string | number)[], max = 10): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${(items.length - max).toLocaleString('en-US')} more` : shown;
}

/**
 * Collects diagnostics in report order. With `maxPerCode`, keeps the first that many of each code
 * and counts the rest in `omitted` (`counts` counts them all): a file of 15 million bad lines
 * made 15 million diagnostics, and `check` ran out of memory (audit R25-M7).
 */
export class DiagnosticList implements DiagnosticSink {
  readonly items: Diagnostic[] = [];
  readonly counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  /** Diagnostics counted but not kept, per code. */
  readonly omitted: Partial<Record<DiagnosticCode, number>> = {};
  private readonly perCode = new Map<DiagnosticCode, number>();

  constructor(private readonly maxPerCode = Infinity) {}

  report(code: DiagnosticCode, message: string, where: DiagnosticLocation = {}): void {
    const severity = SEVERITY[code];
    const seen = (this.perCode.get(code) ?? 0) + 1;
    this.perCode.set(code, seen);
    if (seen > this.maxPerCode) {
      this.omitted[code] = (this.omitted[code] ?? 0) + 1;
      this.counts[severity]++;
      return;
    }
    const d: Diagnostic = { code, severity, message: boundedMessage(message) };
    if (where.seq !== undefined) d.seq = where.seq;
    if (where.line !== undefined) d.line = where.line;
    if (where.droppedBytes !== undefined) d.droppedBytes = where.droppedBytes;
    if (where.droppedPlaces !== undefined) d.droppedPlaces = where.droppedPlaces;
    this.items.push(d);
    this.counts[severity]++;
  }
}
