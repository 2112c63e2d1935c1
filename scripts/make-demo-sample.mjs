#!/usr/bin/env node
// Writes public/samples/demo.jsonl: the small hand-scripted session the app
// opens by default. It exercises what the viewer shows: turns and steps,
// streamed chunks (reasoning, text, tool-call deltas), tool calls and
// results, a failed attempt followed by llm/retry, a compaction replace, a
// tool error, a user abort mid-stream, and log-only events.
//
//   node scripts/make-demo-sample.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/samples/demo.jsonl');

const T0 = 1755000000000;
let now = T0;
const lines = [];
const events = [];

function header() {
  lines.push({ type: 'session', version: 0, id: 'demo-7f3a', createdAt: T0 - 5, cwd: '/home/dev/shop-api' });
}

/** Appends an event; returns its seq. */
function ev(type, data, extra = {}, dt = 20) {
  now += dt;
  const seq = events.length;
  const e = { type, seq, time: now, data, ...extra };
  events.push(e);
  lines.push(e);
  return seq;
}

const model = { kind: 'model', provider: 'openrouter', model: 'qwen3-coder-480b' };

/** Streams blocks as chunks; returns the chunk seqs and the assembled content. */
function stream(turn, step, blocks, { finish = 'stop', usage, failure } = {}) {
  const seqs = [];
  const content = [];
  blocks.forEach((b, index) => {
    const c = (chunk, dt = 30) => seqs.push(ev('assistant/chunk', { turn, step, chunk }, {}, dt));
    c({ type: 'block-start', index, blockType: b.type }, 180);
    if (b.type === 'tool-call') {
      b.parts.forEach((p, k) =>
        c(
          {
            type: 'tool-call-delta',
            index,
            id: b.id,
            ...(k === 0 ? { name: b.name } : {}),
            argumentsDelta: p,
          },
          25,
        ),
      );
      const block = { type: 'tool-call', id: b.id, name: b.name, arguments: b.parts.join('') };
      if (!failure) c({ type: 'block-end', index, block }, 5);
      content.push(block);
    } else {
      b.parts.forEach((p) => c({ type: `${b.type}-delta`, index, text: p }, 28));
      const block = { type: b.type, text: b.parts.join('') };
      if (!failure) c({ type: 'block-end', index, block }, 5);
      content.push(block);
    }
  });
  if (failure) {
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: failure } }, {}, 400));
    return { seqs, content };
  }
  if (usage) seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'usage', usage } }, {}, 5));
  seqs.push(
    ev('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: { kind: finish } } }, {}, 2),
  );
  return { seqs, content };
}

function words(text) {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function assistant(turn, step, s, usage) {
  return ev(
    'assistant/message',
    { turn, step, message: { role: 'assistant', content: s.content, source: model }, usage },
    { surfaceOp: 'append', sourceEventSeqs: s.seqs },
    15,
  );
}

function tool(turn, step, id, name, args, output, { isError = false, error, ms = 600 } = {}) {
  const call = ev('tool/call', { turn, step, callId: id, name, arguments: args }, {}, 10);
  const data = {
    turn,
    step,
    message: {
      role: 'user',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          content: [{ type: 'text', text: output }],
          ...(isError ? { isError: true } : {}),
        },
      ],
      source: { kind: 'tool', callId: id },
    },
    ...(error ? { error } : {}),
  };
  const result = ev('tool/result', data, { surfaceOp: 'append', sourceEventSeqs: [call] }, ms);
  return { call, result };
}

function user(text, extra = {}, source = { kind: 'user' }) {
  return ev(
    'user/message',
    { role: 'user', content: [{ type: 'text', text }], source },
    { surfaceOp: 'append', ...extra },
    40,
  );
}

// ---------------------------------------------------------------- turn 1: find and fix a bug
header();
ev('turn/start', { turn: 1 }, {}, 0);
const u1 = user(
  'The `/orders/summary` endpoint returns **500** when the cart is empty. Find the cause and fix it.',
);
ev('session/title', { title: 'Fix 500 on empty cart summary', messageSeqs: [u1], source: { kind: 'model' } });
ev('plugin/metrics', { tokensPerSecond: 0, note: 'an ignorable plugin event' }, { ignorable: true });

ev('step/start', { turn: 1, step: 1 });
ev('request/header', {
  header: {
    config: { provider: 'openrouter', model: 'qwen3-coder-480b' },
    system: 'You are a coding agent…',
    tools: ['read', 'edit', 'bash'],
  },
  reason: 'initial',
});
const s11 = stream(
  1,
  1,
  [
    {
      type: 'reasoning',
      parts: words(
        'A 500 on an empty cart smells like a division by zero or an undefined first item. Read the route handler first.',
      ),
    },
    { type: 'text', parts: words("I'll start with the summary route handler.") },
    {
      type: 'tool-call',
      id: 'call_read_1',
      name: 'read',
      parts: ['{"pa', 'th": "src/', 'routes/orders', '.ts"}'],
    },
  ],
  {
    finish: 'tool-calls',
    usage: { inputTokens: 2410, outputTokens: 61, cacheReadTokens: 1800, reasoningTokens: 24 },
  },
);
const a11 = assistant(1, 1, s11, {
  inputTokens: 2410,
  outputTokens: 61,
  cacheReadTokens: 1800,
  reasoningTokens: 24,
});
const r11 = tool(
  1,
  1,
  'call_read_1',
  'read',
  '{"path": "src/routes/orders.ts"}',
  [
    'export function summary(cart: Cart) {',
    '  const total = cart.items.reduce((s, i) => s + i.price * i.qty, 0);',
    '  const average = total / cart.items.length;',
    '  return { total, average, currency: cart.items[0].currency };',
    '}',
  ].join('\n'),
);
ev('step/end', { turn: 1, step: 1 });

ev('step/start', { turn: 1, step: 2 });
ev('request/header', {
  header: { config: { provider: 'openrouter', model: 'qwen3-coder-480b' } },
  reason: 'tool-results',
});
// The first attempt dies mid-stream: a failed attempt, then a retry.
stream(1, 2, [{ type: 'text', parts: words('Found it: `cart.items[0]` is undefined when') }], {
  failure: { kind: 'error', failure: { message: 'upstream overloaded', code: 'overloaded_error' } },
});
ev(
  'llm/retry',
  { attempt: 1, delayMs: 1200, error: { message: 'upstream overloaded', code: 'overloaded_error' } },
  {},
  5,
);
now += 1200; // the retry's back-off
const s12 = stream(
  1,
  2,
  [
    {
      type: 'text',
      parts: words(
        'Found it: `cart.items[0]` is undefined for an empty cart, and the average divides by zero. Guarding both.',
      ),
    },
    {
      type: 'tool-call',
      id: 'call_edit_1',
      name: 'edit',
      parts: [
        '{"path": "src/routes/orders.ts", ',
        '"old": "currency: cart.items[0].currency", ',
        '"new": "currency: cart.items[0]?.currency ?? cart.currency"}',
      ],
    },
  ],
  { finish: 'tool-calls', usage: { inputTokens: 2620, outputTokens: 88, cacheReadTokens: 2400 } },
);
const a12 = assistant(1, 2, s12, { inputTokens: 2620, outputTokens: 88, cacheReadTokens: 2400 });
const r12 = tool(
  1,
  2,
  'call_edit_1',
  'edit',
  '{"path": "src/routes/orders.ts", "old": "currency: cart.items[0].currency", "new": "currency: cart.items[0]?.currency ?? cart.currency"}',
  'Applied 1 edit to src/routes/orders.ts',
);
ev('todo/write', {
  todos: [
    { content: 'Guard empty cart in summary()', status: 'completed' },
    { content: 'Run the orders tests', status: 'in_progress' },
  ],
});
ev('step/end', { turn: 1, step: 2 });

ev('step/start', { turn: 1, step: 3 });
const s13 = stream(
  1,
  3,
  [
    {
      type: 'tool-call',
      id: 'call_bash_1',
      name: 'bash',
      parts: ['{"command": ', '"npm test -- ', 'orders"}'],
    },
  ],
  {
    finish: 'tool-calls',
    usage: { inputTokens: 2750, outputTokens: 19, cacheReadTokens: 2600 },
  },
);
assistant(1, 3, s13, { inputTokens: 2750, outputTokens: 19, cacheReadTokens: 2600 });
tool(
  1,
  3,
  'call_bash_1',
  'bash',
  '{"command": "npm test -- orders"}',
  ' PASS  test/orders.test.ts\n  summary\n    ✓ totals a cart (3 ms)\n    ✓ averages item prices (1 ms)\n\nTests: 12 passed, 12 total',
  { ms: 2300 },
);
ev('step/end', { turn: 1, step: 3 });

ev('step/start', { turn: 1, step: 4 });
const s14 = stream(
  1,
  4,
  [
    {
      type: 'text',
      parts: words(
        'Fixed. `summary()` now handles an empty cart:\n\n- `average` is `0` instead of `NaN`\n- `currency` falls back to `cart.currency`\n\n```ts\nconst average = cart.items.length ? total / cart.items.length : 0;\n```\n\nAll 12 order tests pass.',
      ),
    },
  ],
  { usage: { inputTokens: 2900, outputTokens: 74, cacheReadTokens: 2700 } },
);
assistant(1, 4, s14, { inputTokens: 2900, outputTokens: 74, cacheReadTokens: 2700 });
ev('step/end', { turn: 1, step: 4 });
ev('turn/end', { turn: 1, reason: { kind: 'completed' } });

// ---------------------------------------------------------------- turn 2: compaction, then a regression test
ev('turn/start', { turn: 2 }, {}, 45_000);
ev('compaction/start', { compactionId: 'cmp-1', turn: 2 });
const hidden = [u1, a11, r11.result, a12, r12.result];
ev('compaction/summary', {
  compactionId: 'cmp-1',
  summary: [
    {
      type: 'text',
      text: 'The user reported a 500 on empty carts; the agent guarded summary() in src/routes/orders.ts.',
    },
  ],
  shadowedRange: { start: u1, end: r12.result },
});
ev(
  'user/message',
  {
    role: 'user',
    content: [
      {
        type: 'text',
        text: '<summary>\nEarlier: the user reported a 500 on `/orders/summary` for empty carts. The agent read `src/routes/orders.ts` and guarded `summary()` (average and currency).\n</summary>',
      },
    ],
    source: { kind: 'plugin', plugin: 'compaction', form: 'summary' },
  },
  { surfaceOp: { op: 'replace', start: u1, end: r12.result }, sourceEventSeqs: hidden },
  900,
);
ev('compaction/end', { compactionId: 'cmp-1', turn: 2 });
user('Thanks. Add a regression test for the empty cart, please.');
ev('step/start', { turn: 2, step: 1 });
const s21 = stream(
  2,
  1,
  [
    { type: 'text', parts: words('Adding a test that posts an empty cart.') },
    {
      type: 'tool-call',
      id: 'call_write_1',
      name: 'edit',
      parts: [
        '{"path": "test/orders.test.ts", ',
        "\"append\": \"it('handles an empty cart', () => {\\n  expect(summary({ items: [], currency: 'EUR' })).toEqual({ total: 0, average: 0, currency: 'EUR' });\\n});\"}",
      ],
    },
  ],
  { finish: 'tool-calls', usage: { inputTokens: 1300, outputTokens: 96 } },
);
assistant(2, 1, s21, { inputTokens: 1300, outputTokens: 96 });
tool(2, 1, 'call_write_1', 'edit', s21.content[1].arguments, 'Applied 1 edit to test/orders.test.ts');
ev('step/end', { turn: 2, step: 1 });
ev('step/start', { turn: 2, step: 2 });
const s22 = stream(
  2,
  2,
  [{ type: 'text', parts: words('Added `handles an empty cart` to `test/orders.test.ts`.') }],
  { usage: { inputTokens: 1450, outputTokens: 21 } },
);
assistant(2, 2, s22, { inputTokens: 1450, outputTokens: 21 });
ev('step/end', { turn: 2, step: 2 });
ev('turn/end', { turn: 2, reason: { kind: 'completed' } });

// ---------------------------------------------------------------- turn 3: a tool error, then the user aborts mid-stream
ev('turn/start', { turn: 3 }, {}, 30_000);
user('Deploy it to staging.');
ev('step/start', { turn: 3, step: 1 });
const s31 = stream(
  3,
  1,
  [{ type: 'tool-call', id: 'call_bash_2', name: 'bash', parts: ['{"command": "./deploy.sh ', 'staging"}'] }],
  {
    finish: 'tool-calls',
    usage: { inputTokens: 1600, outputTokens: 15 },
  },
);
assistant(3, 1, s31, { inputTokens: 1600, outputTokens: 15 });
tool(
  3,
  1,
  'call_bash_2',
  'bash',
  '{"command": "./deploy.sh staging"}',
  'deploy.sh: permission denied: no credentials for staging',
  {
    isError: true,
    error: { name: 'CommandFailed', code: 'EACCES' },
    ms: 900,
  },
);
ev('step/end', { turn: 3, step: 1 });
ev('step/start', { turn: 3, step: 2 });
stream(
  3,
  2,
  [
    {
      type: 'text',
      parts: words(
        'The deploy failed: this machine has no staging credentials. I can open a pull request instead, or you can run `./deploy.sh staging` from a machine that',
      ),
    },
  ],
  {
    failure: { kind: 'aborted', failure: { message: 'aborted by the user', code: 'ABORTED' } },
  },
);
ev('step/end', { turn: 3, step: 2 }, {}, 5);
ev('turn/end', { turn: 3, reason: { kind: 'aborted', reason: { kind: 'user' } } }, {}, 5);

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
console.log(`wrote ${out}: ${events.length} events`);
