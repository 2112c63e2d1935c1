/**
 * Printed secrets audits 31 and 32 left open: rarer ways to print one (`Get-Content -Raw`, `type`,
 * `[Environment]::`, `head`, `node -e`, `python -c`, `grep … | cut`, `jq -r`), a line of two
 * printing commands, and the records that carry a command and its output without a call id: pi's
 * `bashExecution`, Claude Code's bash mode, Codex's `write_stdin` to a running command's session.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { shape, survivors, stayLinear } from './testing';

const RARER: [string, string][] = [
  ['Get-Content -Raw .\\secrets\\api_key.txt', 'Gc7kP2xQ9mZ4vL8nR3tY'],
  ['Get-Content -Path C:\\creds\\db_password.txt', 'Gp7kP2xQ9mZ4vL8nR3tY'],
  ['type C:\\app\\secrets\\token.txt', 'Ty7kP2xQ9mZ4vL8nR3tY'],
  ['gc $HOME\\.azure\\client_secret', 'Gx7kP2xQ9mZ4vL8nR3tY'],
  ['[Environment]::GetEnvironmentVariable("DB_PASSWORD")', 'En7kP2xQ9mZ4vL8nR3tY'],
  ['head -n 1 /etc/app/secret.txt', 'Hd7kP2xQ9mZ4vL8nR3tY'],
  ['tail -1 ~/.config/gh/token', 'Tl7kP2xQ9mZ4vL8nR3tY'],
  ['node -e "console.log(process.env.GITHUB_TOKEN)"', 'ghx7kP2xQ9mZ4vL8nR3tY'],
  ['node -p process.env.NPM_TOKEN', 'Np7kP2xQ9mZ4vL8nR3tY'],
  [`python3 -c "import os; print(os.environ['OPENAI_API_KEY'])"`, 'Py7kP2xQ9mZ4vL8nR3tY'],
  [`python -c 'import os;print(os.getenv("DB_PASSWORD"))'`, 'Pg7kP2xQ9mZ4vL8nR3tY'],
  ['env | grep DB_PASSWORD | cut -d= -f2', 'Eg7kP2xQ9mZ4vL8nR3tY'],
  ['grep STRIPE_SECRET_KEY .env | cut -d "=" -f 2', 'Gr7kP2xQ9mZ4vL8nR3tY'],
  ["grep -i password config.ini | awk -F= '{print $2}'", 'Aw7kP2xQ9mZ4vL8nR3tY'],
  ['jq -r .password creds.json', 'Jq7kP2xQ9mZ4vL8nR3tY'],
  ["jq -r '.database.api_key' settings.json", 'Jk7kP2xQ9mZ4vL8nR3tY'],
];

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'printed33', createdAt: 0 });

function harnessPair(i: number, command: string, output: string): string[] {
  const callId = `c${i}`;
  const at = { turn: 1, step: 1 };
  return [
    JSON.stringify({
      type: 'tool/call',
      seq: 2 * i,
      time: 2 * i,
      data: { ...at, callId, name: 'bash', arguments: JSON.stringify({ command }) },
    }),
    JSON.stringify({
      type: 'tool/result',
      seq: 2 * i + 1,
      time: 2 * i + 1,
      data: { ...at, message: { role: 'tool', toolName: 'bash', callId, content: output, isError: false } },
      surfaceOp: 'append',
      sourceEventSeqs: [2 * i],
    }),
  ];
}

const codex = (payload: object) => JSON.stringify({ type: 'response_item', payload });

describe('rarer ways to print a secret (audit 31)', () => {
  it('in one string and as a tool call and its result', () => {
    const m = createMasker();
    for (const [command, secret] of RARER)
      expect(m.mask(`PS> ${command}\n${secret}\nPS> `), command).not.toContain(secret);
    const text = [HEADER, ...RARER.flatMap(([c, s], i) => harnessPair(i, c, `${s}\n`))].join('\n');
    const r = redactLogText(text);
    expect(
      survivors(
        r.text,
        RARER.map(([, s]) => s),
      ),
    ).toEqual([]);
    expect(shape(r.text)).toEqual(shape(text));
  });

  it('keeps what commands that print no secret printed', () => {
    const kept: [string, string][] = [
      ['head -n 1 README.md', 'Seqscope-replay-debugger'],
      ['jq -r .name package.json', 'seqscope-app-name'],
      ['grep VERSION .env | cut -d= -f2', '1.24.3-release'],
      ['node -e "console.log(process.version)"', 'v20.19.5-linux'],
      ['type C:\\app\\README.txt', 'Documentation'],
    ];
    const text = [HEADER, ...kept.flatMap(([c, s], i) => harnessPair(i, c, `${s}\n`))].join('\n');
    expect(redactLogText(text).text).toBe(text);
  });

  it('a line of two printing commands has both values masked', () => {
    const [a, b] = ['Tw7kP2xQ9mZ4vL8nR3tY', 'Tx8kP2xQ9mZ4vL8nR3tZ'];
    const command = 'echo $DB_PASSWORD && echo $REDIS_PASSWORD';
    expect(createMasker().mask(`$ ${command}\n${a}\n${b}\n$ `)).not.toMatch(/Tw7k|Tx8k/);
    const text = [HEADER, ...harnessPair(0, command, `${a}\n${b}\n`)].join('\n');
    expect(survivors(redactLogText(text).text, [a, b])).toEqual([]);
    // one printing command: the line after its value is not a second value
    const one = [HEADER, ...harnessPair(0, 'echo $DB_PASSWORD', `${a}\nFinishedAllSteps\n`)].join('\n');
    expect(redactLogText(one).text).toContain('FinishedAllSteps');
  });

  it('stays linear: a megabyte of each near miss', () => {
    stayLinear((M) => [
      `Get-Content ${'-x '.repeat(M / 3)}\nx`,
      `grep ${'DB_PASSWORD '.repeat(M / 12)}\nx`,
      `node -e ${'process.env.'.repeat(M / 12)}\nx`,
      `python -c print(${'print('.repeat(M / 6)}\nx`,
      `jq -r ${'.a'.repeat(M / 2)}\nx`,
      'echo $A_TOKEN ; '.repeat(M / 16) + '\nvalue-value-value',
      `echo $A_TOKEN ; echo $B_TOKEN\n${'\n'.repeat(M)}`,
    ]);
  });
});

describe('a command and its output without a call id (audits 31-32)', () => {
  it("pi's bashExecution record", () => {
    const secret = 'Pb7kP2xQ9mZ4vL8nR3tY';
    const line = JSON.stringify({
      type: 'message',
      id: 'b1',
      message: {
        role: 'bashExecution',
        command: 'printenv GITHUB_TOKEN',
        output: `${secret}\n`,
        exitCode: 0,
      },
    });
    const kept = JSON.stringify({
      type: 'message',
      id: 'b2',
      message: {
        role: 'bashExecution',
        command: 'npm run check',
        output: 'Checked-273-files\n',
        exitCode: 0,
      },
    });
    const r = redactLogText(`${line}\n${kept}`).text;
    expect(survivors(r, [secret])).toEqual([]);
    expect(r).toContain('Checked-273-files');
  });

  it("Claude Code's bash mode: <bash-input> then <bash-stdout>", () => {
    const secret = 'Cb7kP2xQ9mZ4vL8nR3tY';
    const user = (uuid: string, content: string) =>
      JSON.stringify({ type: 'user', uuid, message: { role: 'user', content } });
    const text = [
      user('u1', '<bash-input>cat ~/.secrets/openai_api_key</bash-input>'),
      user('u2', `<bash-stdout>${secret}</bash-stdout><bash-stderr></bash-stderr>`),
      user('u3', '<bash-input>cat README.md</bash-input>'),
      user('u4', '<bash-stdout>Seqscope-replay-debugger</bash-stdout><bash-stderr></bash-stderr>'),
    ].join('\n');
    const r = redactLogText(text).text;
    expect(survivors(r, [secret])).toEqual([]);
    expect(r).toContain('<bash-stdout>Seqscope-replay-debugger</bash-stdout>');
    expect(r).toContain('</bash-stdout><bash-stderr></bash-stderr>');
  });

  it("Codex's write_stdin to the session a printing command opened", () => {
    const secret = 'Ws7kP2xQ9mZ4vL8nR3tY';
    const text = [
      codex({
        type: 'function_call',
        name: 'exec_command',
        call_id: 'call_1',
        arguments: JSON.stringify({ cmd: 'vault kv get -field=password secret/db', yield_time_ms: 1000 }),
      }),
      codex({
        type: 'function_call_output',
        call_id: 'call_1',
        output:
          'Chunk ID: a21e41\nWall time: 1.0037 seconds\nProcess running with session ID 48230\nOutput:\n',
      }),
      codex({
        type: 'function_call',
        name: 'write_stdin',
        call_id: 'call_2',
        arguments: JSON.stringify({ session_id: 48230, chars: '', yield_time_ms: 1000 }),
      }),
      codex({
        type: 'function_call_output',
        call_id: 'call_2',
        output: `Chunk ID: b3\nWall time: 0.2 seconds\nProcess exited with code 0\nOutput:\n${secret}\n`,
      }),
      // another session's output is not read with that command
      codex({
        type: 'function_call',
        name: 'write_stdin',
        call_id: 'call_3',
        arguments: JSON.stringify({ session_id: 7, chars: '' }),
      }),
      codex({
        type: 'function_call_output',
        call_id: 'call_3',
        output: 'Chunk ID: b4\nWall time: 0.2 seconds\nOutput:\nbuild-finished-ok\n',
      }),
    ].join('\n');
    const r = redactLogText(text).text;
    expect(survivors(r, [secret])).toEqual([]);
    expect(r).toContain('build-finished-ok');
  });
});

describe('a command that prints a new secret or a login token alone', () => {
  it('is read with what it printed, in one string and in a log', () => {
    const V = 'f3a9c2e7b8d4f6a9c0e1b2d3f4a5c6e7b8d4f6a91c2e3d4f';
    const django = '29)326@ml64%$lg2tjf8(%c#z2^=$^k$a7edcmp#b)3u2@m7o%';
    const m = createMasker();
    const commands = [
      'openssl rand -hex 32',
      'python3 -c "import secrets; print(secrets.token_urlsafe(32))"',
      'bin/rails secret',
      'php artisan key:generate --show',
      'mix phx.gen.secret',
      'head -c 32 /dev/urandom | base64',
      'gh auth token',
      'fly auth token',
      'vault token create -policy=ci -field=token',
    ];
    for (const c of commands) expect(m.mask(`$ ${c}\n${V}\n$ `), c).not.toContain(V);
    const getKey =
      "python -c 'from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())'";
    const text = [
      HEADER,
      ...harnessPair(0, getKey, `${django}\n`),
      ...harnessPair(1, commands[0]!, `${V}\n`),
    ].join('\n');
    expect(survivors(redactLogText(text).text, [django, V])).toEqual([]);
  });
});
