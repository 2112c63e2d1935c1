/**
 * A log whose secrets are cut into pieces the way logs really cut them (sixth audit): one
 * character per text delta, seven per reasoning delta, a bearer token in tool-call argument
 * deltas of JSON, an e-mail and a key split across a packed row's texts, a key inside a JSON
 * string inside a JSON string, a bare-string line and a torn line holding half a PEM key.
 * A redacted copy must keep none of SPLIT_SECRET_FRAGMENTS.
 */
const T0 = 1_755_000_000_000;
const KEY = `sk-ant-api03-${'Zq9'.repeat(30)}AA`;
const GITHUB = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const PEM =
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq7BFUpkGp3+XQ0FsZ9w8wq2K\nZb3c4d5e6f7g8h9i0j\n-----END RSA PRIVATE KEY-----';
const MAIL = 'carol.danvers@shield.example';
/** Fragments of the secrets above that must not survive anywhere in a redacted copy. */
export const SPLIT_SECRET_FRAGMENTS = [
  'Zq9Zq9',
  'A1b2C3d4E5',
  'SflKxwRJ',
  'danvers',
  'MIIEowIBAAK',
  'Zb3c4d5e6',
  'wanda',
];

/** A log whose secrets are split the ways streams, packed rows and nested JSON split them. */
export function splitSecretsLog(): string {
  const lines: string[] = [];
  let seq = 0;
  const ev = (type: string, data: unknown, extra: object = {}) =>
    lines.push(JSON.stringify({ type, seq, time: T0 + seq++, data, ...extra }));
  const step1 = { turn: 1, step: 1 };
  ev('turn/start', { turn: 1 });
  ev(
    'user/message',
    { role: 'user', content: [{ type: 'text', text: `mail ${MAIL}` }] },
    { surfaceOp: 'append' },
  );
  ev('step/start', step1);
  const said = `key: ${KEY} and ${JWT} done`;
  for (const ch of said)
    ev('assistant/chunk', { ...step1, chunk: { type: 'text-delta', index: 0, text: ch } });
  const pem = `cat id_rsa:\n${PEM}`;
  for (let i = 0; i < pem.length; i += 7)
    ev('assistant/chunk', {
      ...step1,
      chunk: { type: 'reasoning-delta', index: 1, text: pem.slice(i, i + 7) },
    });
  const args = JSON.stringify({ cmd: `curl -H 'Authorization: Bearer ${GITHUB}' https://api.github.com` });
  for (let i = 0; i < args.length; i += 5)
    ev('assistant/chunk', {
      ...step1,
      chunk: {
        type: 'tool-call-delta',
        index: 2,
        id: 'c1',
        name: 'bash',
        argumentsDelta: args.slice(i, i + 5),
      },
    });
  ev('assistant/chunk', { ...step1, chunk: { type: 'finish', finishReason: 'tool_calls' } });
  ev(
    'assistant/message',
    {
      ...step1,
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: said },
          { type: 'tool-call', id: 'c1', name: 'bash', arguments: args },
        ],
      },
    },
    { surfaceOp: 'append' },
  );
  ev('step/end', step1);
  const step2 = { turn: 1, step: 2 };
  ev('step/start', step2);
  const texts = ['write to car', 'ol.danvers@shi', 'eld.example with sk-ant-api03-', `${'Zq9'.repeat(30)}AA`];
  lines.push(
    JSON.stringify({
      type: 'text-chunks',
      seq0: seq,
      time0: T0 + seq,
      data: { ...step2, index: 0, dt: [1, 1, 1], texts },
    }),
  );
  seq += texts.length;
  ev('assistant/chunk', { ...step2, chunk: { type: 'finish', finishReason: 'stop' } });
  ev('step/end', step2);
  const nested = JSON.stringify({ k: KEY, nested: JSON.stringify({ k2: PEM }) });
  ev('tool/result', {
    ...step1,
    message: { role: 'tool', toolName: 'bash', content: `home /home/wanda/x ${nested}`, isError: false },
  });
  lines.push(JSON.stringify(`bare ${KEY}`));
  lines.push(`{"torn": "${PEM.replace(/\n/g, '\\n').slice(0, 60)}`);
  ev('turn/end', { turn: 1, reason: { kind: 'stop' } });
  return `${lines.join('\n')}\n`;
}
