/**
 * The session library's dataset: four tables, one Parquet file each, and the
 * version of their shape. The CLI writes them (`seqscope index`), DuckDB and
 * other engines read them, the app's Library shows `sessions`. Column order
 * here is the order in the files; adding a column bumps the minor version,
 * renaming or retyping one bumps the major.
 *
 * Types are named as Parquet logical types an engine maps without guessing:
 * text (UTF8), int (INT64), float (DOUBLE), bool (BOOLEAN), time (TIMESTAMP,
 * microseconds, UTC).
 */

export const LIBRARY_SCHEMA = 'seqscope.library';
export const LIBRARY_SCHEMA_VERSION = '1.1';

export type ColumnType = 'text' | 'int' | 'float' | 'bool' | 'time';

export interface Column {
  name: string;
  type: ColumnType;
  /** False: never null. */
  nullable: boolean;
  doc: string;
}

const c = (name: string, type: ColumnType, nullable: boolean, doc: string): Column => ({
  name,
  type,
  nullable,
  doc,
});

const TOKENS: Column[] = [
  c(
    'input_tokens',
    'int',
    false,
    'uncached input tokens (the cache is in the next two), summed over model calls (0 when none recorded)',
  ),
  c('output_tokens', 'int', false, 'output tokens'),
  c('cache_read_tokens', 'int', false, 'input tokens read from the provider cache'),
  c('cache_write_tokens', 'int', false, 'input tokens written to the provider cache'),
  c('reasoning_tokens', 'int', false, 'reasoning tokens (part of output where the provider says so)'),
  c(
    'cost_usd',
    'float',
    true,
    'US dollars from the price table: the sum over priced steps (a step of an unpriced model is null and left out of the session sum); null when none is priced',
  ),
];

export const SESSIONS: Column[] = [
  c('session_id', 'text', false, "the log's fingerprint: first 16 hex of SHA-256 of the file's bytes"),
  c('path', 'text', false, 'where the log was read: a file path, s3://, gs:// or https:// URL'),
  c('size_bytes', 'int', false, 'size of the file as stored (compressed size for .gz/.zst)'),
  c('compression', 'text', false, 'plain, gzip or zstd (by content, not by name)'),
  c(
    'format',
    'text',
    false,
    'the format it was read as: seqscope (harness JSONL), claude-code, codex, pi, inspect-json, inspect-eval',
  ),
  c('title', 'text', true, 'the last session/title event'),
  c('provider', 'text', true, 'provider of the most used model'),
  c('model', 'text', true, 'the model that answered most model calls'),
  c('started_at', 'time', true, 'first event time (or the header createdAt)'),
  c('ended_at', 'time', true, 'last event time'),
  c('duration_ms', 'int', true, 'ended_at - started_at'),
  c('events', 'int', false, 'events read'),
  c('turns', 'int', false, 'turns'),
  c('steps', 'int', false, 'steps'),
  c(
    'model_calls',
    'int',
    true,
    'model call attempts (a retried step counts each attempt); null when the format records no calls (imported logs without streams)',
  ),
  c('failed_attempts', 'int', false, 'attempts that finished with error/aborted and no message'),
  c('tool_calls', 'int', false, 'tool calls'),
  c('tool_errors', 'int', false, 'tool results marked as errors'),
  c('error_turns', 'int', false, 'turns that ended with an error'),
  c('compactions', 'int', false, 'context compactions (compaction/start, or compaction/end without one)'),
  ...TOKENS,
  c(
    'unpriced_steps',
    'int',
    false,
    'steps that recorded usage under a model the price table has no price for (left out of cost_usd)',
  ),
  c('errors', 'int', false, 'diagnostics of severity error'),
  c('warnings', 'int', false, 'diagnostics of severity warning'),
  c('infos', 'int', false, 'diagnostics of severity info'),
  c('resume_verdict', 'text', true, 'the resume check: ok, repair, refused; null when not checked'),
  c('first_user_message', 'text', true, "the first user message's text (clipped to 4000 characters)"),
  c('read_error', 'text', true, 'why the file could not be read at all (then every count is 0)'),
];

export const STEPS: Column[] = [
  c('session_id', 'text', false, 'sessions.session_id'),
  c('turn', 'int', false, 'turn number as written'),
  c('step', 'int', false, 'step number as written'),
  c('start_seq', 'int', false, 'seq of step/start'),
  c('end_seq', 'int', true, 'seq of step/end; null when it never ended'),
  c('started_at', 'time', true, 'step/start time'),
  c('duration_ms', 'int', true, 'step/end time - step/start time'),
  c('provider', 'text', true, "provider of the step's answer (or the request header in force)"),
  c('model', 'text', true, "model of the step's answer (or the request header in force)"),
  c('model_calls', 'int', false, 'attempts'),
  c('failed_attempts', 'int', false, 'failed attempts'),
  c('tool_calls', 'int', false, 'tool calls the step made'),
  ...TOKENS,
];

export const TOOL_CALLS: Column[] = [
  c('session_id', 'text', false, 'sessions.session_id'),
  c('call_id', 'text', false, 'the call id'),
  c('name', 'text', false, 'tool name'),
  c('turn', 'int', true, 'turn number; null when the log names none'),
  c('step', 'int', true, 'step number; null when the log names none'),
  c('call_seq', 'int', true, 'seq of tool/call; null when only a result was recorded'),
  c('result_seq', 'int', true, 'seq of tool/result; null when never answered'),
  c('duration_ms', 'int', true, 'result time - call time'),
  c('is_error', 'bool', false, 'the result is an error'),
  c('error_code', 'text', true, 'the error code the result carries'),
];

export const DIAGNOSTICS: Column[] = [
  c('session_id', 'text', false, 'sessions.session_id'),
  c('code', 'text', false, 'diagnostic code (spec section 5)'),
  c('severity', 'text', false, 'error, warning or info'),
  c('seq', 'int', true, 'the event it concerns'),
  c('line', 'int', true, '1-based line in the decompressed file'),
  c('message', 'text', false, 'what is wrong'),
];

export const LIBRARY_TABLES = {
  sessions: SESSIONS,
  steps: STEPS,
  tool_calls: TOOL_CALLS,
  diagnostics: DIAGNOSTICS,
} as const;

export type TableName = keyof typeof LIBRARY_TABLES;
export const TABLE_NAMES = Object.keys(LIBRARY_TABLES) as TableName[];

/** A row: column name to value (time columns hold epoch milliseconds). */
export type Row = Record<string, string | number | boolean | null>;
