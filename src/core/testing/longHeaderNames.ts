/**
 * A harness log whose session header id and request/header model (and provider) are `chars`
 * long, then `steps` small steps whose answers name no model: every step's model, and every
 * OTLP span's conversation id, is the header's (audit R23-1, R23-2, R23-3, R23-7).
 */
export function longHeaderNamesLog(steps: number, chars: number): string {
  const lines = [
    JSON.stringify({ type: 'session', version: 0, id: 'i'.repeat(chars), createdAt: 1767225600000 }),
  ];
  let seq = 0;
  const ev = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    lines.push(JSON.stringify({ type, seq, time: 1767225600000 + 10 * seq++, data, ...extra }));
  const config = { provider: 'p'.repeat(chars), model: `claude-opus-4-5-${'x'.repeat(chars)}` };
  ev('request/header', { header: { config, system: 'sys', tools: [] } });
  ev('turn/start', { turn: 1 });
  ev('user/message', { role: 'user', content: [{ type: 'text', text: 'hi' }] }, { surfaceOp: 'append' });
  for (let step = 1; step <= steps; step++) {
    ev('step/start', { turn: 1, step });
    const message = { role: 'assistant', content: [{ type: 'text', text: 'a' }], source: { kind: 'model' } };
    ev(
      'assistant/message',
      { turn: 1, step, message, usage: { inputTokens: 10, outputTokens: 1 }, finishReason: { kind: 'stop' } },
      { surfaceOp: 'append' },
    );
    ev('step/end', { turn: 1, step });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return lines.join('\n') + '\n';
}
