/**
 * A pi session whose history grows every turn: `pairs` x [a user message of `chars` x "x", an
 * assistant "a<i>"]. Every model call's input is the whole history so far, so anything written
 * per call from it grows with turns x history (audit R22-8: the OTLP export with content).
 */
export function longHistoryLog(pairs: number, chars: number): string {
  const time = '2026-05-12T01:02:27.657Z';
  const lines = [JSON.stringify({ type: 'session', version: 3, id: 's', timestamp: time, cwd: '/w' })];
  let parentId: string | null = null;
  const add = (o: Record<string, unknown>) => {
    const id = `e${lines.length}`;
    lines.push(JSON.stringify({ ...o, id, parentId, timestamp: time }));
    parentId = id;
  };
  add({ type: 'model_change', provider: 'p', modelId: 'm' });
  for (let i = 0; i < pairs; i++) {
    add({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(chars) }] } });
    add({
      type: 'message',
      message: { role: 'assistant', content: [{ type: 'text', text: `a${i}` }], stopReason: 'stop' },
    });
  }
  return lines.join('\n') + '\n';
}
