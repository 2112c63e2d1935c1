/**
 * TEST-ONLY: a well-formed log of a run that went badly, with exactly as many
 * failures of each kind as asked for: tool results with an error, failed
 * model-call attempts (retried), and a last turn that ended in an error.
 * Every step calls tools (the first step of a turn: bash, read, read in
 * parallel), so row summaries and problem navigation have something to say.
 * `untimed` writes `time: 0` on every event (a log without timestamps).
 */

export interface BadRunOptions {
  turns: number;
  stepsPerTurn: number;
  /** Tool results with isError, spread over the steps from the first one on. */
  toolErrors: number;
  /** Failed attempts, one per step from the second step on. */
  failedAttempts: number;
  /** The last turn ends with `{kind: 'error'}`. */
  lastTurnError?: boolean;
  untimed?: boolean;
}

export interface BadRun {
  text: string;
  events: number;
  /** Seqs of the error tool results, the failed attempts' last chunks, and the error turn end. */
  toolErrorSeqs: number[];
  failedAttemptSeqs: number[];
  errorTurnSeq: number | null;
  /** Per turn: the user prompt; per step: the tool names it called, in order. */
  prompts: string[];
  stepTools: string[][];
}

const MODEL = { kind: 'model', provider: 'test-provider', model: 'test-model' };

export function badRunLog(o: BadRunOptions): BadRun {
  const lines: string[] = [];
  let seq = 0;
  const t0 = 1_760_000_000_000;
  const emit = (type: string, data: object, extra: object = {}): number => {
    const s = seq++;
    lines.push(JSON.stringify({ type, seq: s, time: o.untimed ? 0 : t0 + s * 250, data, ...extra }));
    return s;
  };
  const out: BadRun = {
    text: '',
    events: 0,
    toolErrorSeqs: [],
    failedAttemptSeqs: [],
    errorTurnSeq: null,
    prompts: [],
    stepTools: [],
  };
  let errorsLeft = o.toolErrors;
  let failsLeft = o.failedAttempts;
  let callNo = 0;
  for (let turn = 1; turn <= o.turns; turn++) {
    emit('turn/start', { turn });
    const prompt = `Turn ${turn}: make the failing test number ${turn} pass, then run the whole suite again`;
    out.prompts.push(prompt);
    emit(
      'user/message',
      { role: 'user', content: [{ type: 'text', text: prompt }], source: { kind: 'user' } },
      {
        surfaceOp: 'append',
      },
    );
    for (let step = 1; step <= o.stepsPerTurn; step++) {
      const ids = { turn, step };
      emit('step/start', ids);
      if (failsLeft > 0 && step > 1) {
        failsLeft--;
        const s = emit('assistant/chunk', {
          ...ids,
          chunk: { type: 'finish', reason: { kind: 'error', failure: { message: 'upstream reset' } } },
        });
        out.failedAttemptSeqs.push(s);
        emit('llm/retry', { ...ids, attempt: 1, delayMs: 500, error: { message: 'upstream reset' } });
      }
      const names = step === 1 ? ['bash', 'read', 'read'] : ['bash'];
      out.stepTools.push(names);
      const calls = names.map((name) => ({ id: `call_${++callNo}`, name, arguments: '{"path":"x"}' }));
      const first = seq;
      for (const [i, c] of calls.entries())
        emit('assistant/chunk', {
          ...ids,
          chunk: { type: 'tool-call-delta', index: i, id: c.id, name: c.name, argumentsDelta: c.arguments },
        });
      emit('assistant/chunk', { ...ids, chunk: { type: 'finish', reason: { kind: 'tool-calls' } } });
      const sources = Array.from({ length: seq - first }, (_, i) => first + i);
      emit(
        'assistant/message',
        {
          ...ids,
          message: {
            role: 'assistant',
            content: calls.map((c) => ({ type: 'tool-call', ...c })),
            source: MODEL,
          },
          usage: { inputTokens: 100, outputTokens: 10 },
        },
        { sourceEventSeqs: sources, surfaceOp: 'append' },
      );
      for (const c of calls) {
        const callSeq = emit('tool/call', { ...ids, callId: c.id, name: c.name, arguments: c.arguments });
        const isError = errorsLeft > 0;
        if (isError) errorsLeft--;
        const r = emit(
          'tool/result',
          {
            ...ids,
            message: {
              role: 'user',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: c.id,
                  content: [{ type: 'text', text: isError ? 'exit 1: FAILED' : 'ok' }],
                  isError,
                },
              ],
              source: { kind: 'tool', callId: c.id },
            },
            ...(isError ? { error: { code: 'exit-1' } } : {}),
          },
          { sourceEventSeqs: [callSeq], surfaceOp: 'append' },
        );
        if (isError) out.toolErrorSeqs.push(r);
      }
      emit('step/end', ids);
    }
    const error = turn === o.turns && o.lastTurnError === true;
    const end = emit('turn/end', {
      turn,
      reason: error ? { kind: 'error', error: { message: 'too many failures' } } : { kind: 'completed' },
    });
    if (error) out.errorTurnSeq = end;
  }
  out.text = lines.join('\n') + '\n';
  out.events = seq;
  return out;
}
