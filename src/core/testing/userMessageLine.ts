/** One `user/message` event line of a harness log, with `text` as its only content (tests' logs). */
export function userMessageLine(seq: number, text: string): string {
  return JSON.stringify({
    type: 'user/message',
    seq,
    time: seq,
    data: { role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } },
    surfaceOp: 'append',
  });
}
