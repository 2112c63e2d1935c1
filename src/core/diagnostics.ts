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
}

/** Where every stage reports its findings. */
export interface DiagnosticSink {
  report(code: DiagnosticCode, message: string, where?: DiagnosticLocation): void;
}

/** Collects diagnostics in report order; `sorted()` orders them by position. */
export class DiagnosticList implements DiagnosticSink {
  readonly items: Diagnostic[] = [];
  readonly counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };

  report(code: DiagnosticCode, message: string, where: DiagnosticLocation = {}): void {
    const severity = SEVERITY[code];
    const d: Diagnostic = { code, severity, message };
    if (where.seq !== undefined) d.seq = where.seq;
    if (where.line !== undefined) d.line = where.line;
    this.items.push(d);
    this.counts[severity]++;
  }
}
