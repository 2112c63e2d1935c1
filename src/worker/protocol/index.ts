/**
 * The one contract between the UI thread and the log worker.
 *
 * The worker owns the log (bytes + typed-array columns). The UI asks for
 * windows of what is on screen: timeline rows by row index, messages at a
 * seq by message index, one event for the inspector, a page of diagnostics.
 * Nothing here ever carries every event.
 *
 * Every request gets exactly one response with the same id; failures are
 * values (`{ok:false, error:{code, message}}`), never thrown across the
 * boundary. The worker also pushes unsolicited updates while a log loads.
 *
 * One file per concept: requests.ts (what may be asked), transport.ts (each
 * kind's answer type and the envelopes), pushes.ts, and the value types
 * (summary, rows, messages, inspect, replay, answers); samples.ts is shared data.
 * Both sides import this, so it stays free of DOM- and worker-only code.
 */
export * from './answers';
export * from './harness';
export * from './inspector';
export * from './library';
export * from './messages';
export * from './pushes';
export * from './replay';
export * from './requests';
export * from './rows';
export * from './samples';
export * from './logSummary';
export * from './transport';
