/**
 * A secret a command prints alone (audit 29 N4): in one string (a pasted transcript), and in a
 * log where the command is a tool call and the secret its result, linked by the call id.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { codexPair, shape, stayLinear, survivors } from './testing';

const PRINTED: [string, string][] = [
  [
    'kubectl get secret argocd-initial-admin-secret -n argocd -o jsonpath="{.data.password}" | base64 -d',
    'Xk2pQ9vLw7RzT4mN',
  ],
  ['heroku auth:token', 'HRKU-AAbbCCddEEffGGhhIIjjKKllMMnnOOpp'],
  ['echo $DB_PASSWORD', 'Hq7JmP2xV9kLrT'],
  ['argocd admin initial-password -n argocd', 'aB3dE5fG7hJ9kL1m'],
  [
    'kubectl get secret my-grafana -o jsonpath="{.data.admin-password}" | base64 --decode ; echo',
    'Zt8Wq3Ny6Pm1Rb4Xc7',
  ],
  [
    'docker exec -it jenkins cat /var/jenkins_home/secrets/initialAdminPassword',
    '3f9a1c2e7b8d4f6a9c0e1b2d3f4a5c6e',
  ],
  ['bw get password github', 'Norc7Kq2Lm9Np4Rs'],
  ['op item get Stripe --fields label=password', 'LqUa7Kq2Lm9Np4Rs'],
  ['pass show email/gmail', '9rXQ7Kq2Lm9Np4Rs'],
  ['security find-generic-password -s svc -w', 'WCqN7Kq2Lm9Np4Rs'],
  ['aws ecr get-login-password --region us-east-1', `eyJwYXlsb2FkIjoi${'Kq2Lm9Np4R'.repeat(20)}`],
  ['gcloud secrets versions access latest --secret=db-password', 'NqVwYS81VP7Hb1DX8pPd'],
  ['terraform output -raw db_password', 'XykWZeiNNCiia3anXn9k'],
  ['printenv DB_PASSWORD', '3ksu9mI4ROnl89Sm995y'],
  ['az keyvault secret show --vault-name kv --name db --query value -o tsv', 'Az7kP2xQ9mZ4vL8nR3tY'],
  [
    'aws secretsmanager get-secret-value --secret-id db --query SecretString --output text',
    'Sm7kP2xQ9mZ4vL8nR3tY',
  ],
  ['doppler secrets get DB_PASSWORD --plain', 'Dp7kP2xQ9mZ4vL8nR3tY'],
  ['cat /run/secrets/db_password', 'Rs7kP2xQ9mZ4vL8nR3tY'],
];

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'printed', createdAt: 0 });

function callAndResult(i: number, command: string, output: string): string[] {
  const callId = `c${i}`;
  return [
    JSON.stringify({
      type: 'tool/call',
      seq: 2 * i,
      time: 2 * i,
      data: { turn: 1, step: 1, callId, name: 'bash', arguments: JSON.stringify({ command }) },
    }),
    JSON.stringify({
      type: 'tool/result',
      seq: 2 * i + 1,
      time: 2 * i + 1,
      data: {
        turn: 1,
        step: 1,
        message: { role: 'tool', toolName: 'bash', callId, content: `${output}\n`, isError: false },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [2 * i],
    }),
  ];
}

describe('a secret a command prints', () => {
  it('in one string: the line after the command', () => {
    const m = createMasker();
    for (const [command, secret] of PRINTED)
      expect(m.mask(`$ ${command}\n${secret}\n$ `), command).not.toContain(secret);
  });

  it('in a log: the result of a call whose command prints a secret; the copy loads the same', () => {
    const text = [
      HEADER,
      ...PRINTED.flatMap(([command, secret], i) => callAndResult(i, command, secret)),
    ].join('\n');
    const r = redactLogText(text);
    expect(
      survivors(
        r.text,
        PRINTED.map(([, s]) => s),
      ),
    ).toEqual([]);
    expect(shape(r.text)).toEqual(shape(text));
  });

  it('keeps the output of commands that print no secret, and a secret command with no output', () => {
    const text = [
      HEADER,
      ...callAndResult(0, 'kubectl get pods -o wide', 'web-7d9c6b5f4-x2k8p'),
      ...callAndResult(1, 'echo $SHELL', '/usr/bin/zsh'),
      ...callAndResult(2, 'git rev-parse HEAD', '3f9a1c2e7b8d4f6a9c0e1b2d3f4a5c6e7b8d4f6a'),
    ].join('\n');
    expect(redactLogText(text).text).toBe(text);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () =>
    stayLinear((M) => [
      'kubectl get secret x | base64 -d\n'.repeat(M / 33),
      `kubectl get secret ${'a'.repeat(M)}\n`,
      `echo $DB_PASSWORD${' '.repeat(M)}\nx`,
      'pass show\n'.repeat(M / 10),
    ]));
});

describe('a printed secret in other agents’ logs', () => {
  it('Claude Code: a tool_use and its tool_result (and toolUseResult)', () => {
    const secret = 'Xk2pQ9vLw7RzT4mN';
    const text = [
      JSON.stringify({
        type: 'assistant',
        uuid: 'a1',
        message: {
          role: 'assistant',
          content: [
            {
              type: 'tool_use',
              id: 'toolu_1',
              name: 'Bash',
              input: { command: 'argocd admin initial-password -n argocd' },
            },
          ],
        },
      }),
      JSON.stringify({
        type: 'user',
        uuid: 'u1',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: `${secret}\n` }],
        },
        toolUseResult: { stdout: `${secret}\n`, stderr: '' },
      }),
    ].join('\n');
    expect(survivors(redactLogText(text).text, [secret])).toEqual([]);
  });

  it('Codex: a function_call and its output, after its header', () => {
    const secret = 'Zt8Wq3Ny6Pm1Rb4Xc7';
    const command = [
      'bash',
      '-lc',
      'kubectl get secret my-grafana -o jsonpath="{.data.admin-password}" | base64 -d',
    ];
    const text = codexPair(
      { command },
      `Chunk ID: dd6d89\nWall time: 0.0510 seconds\nProcess exited with code 0\nOutput:\n${secret}\n`,
    ).join('\n');
    const r = redactLogText(text).text;
    expect(survivors(r, [secret])).toEqual([]);
    expect(r).toContain('Wall time: 0.0510 seconds');
  });
});

describe('a printed secret in the shapes importers write (audit 30 N1)', () => {
  it("pi's toolCall block and its toolResult message", () => {
    const secret = 'Pi7kP2xQ9mZ4vL8nR3tY';
    const text = [
      JSON.stringify({
        type: 'message',
        id: 'm1',
        message: {
          role: 'assistant',
          content: [
            { type: 'toolCall', id: 'call_9', name: 'bash', arguments: { command: 'pass show email/gmail' } },
          ],
        },
      }),
      JSON.stringify({
        type: 'message',
        id: 'm2',
        message: {
          role: 'toolResult',
          toolCallId: 'call_9',
          toolName: 'bash',
          content: [{ type: 'text', text: `${secret}\n` }],
        },
      }),
    ].join('\n');
    expect(survivors(redactLogText(text).text, [secret])).toEqual([]);
  });

  it("a harness result of tool-result blocks (toolCallId), and Codex's exec_command `cmd`", () => {
    const secret = 'Lq8Ua2mZx9TbVw';
    const harness = [
      HEADER,
      JSON.stringify({
        type: 'tool/call',
        seq: 0,
        time: 0,
        data: {
          turn: 1,
          step: 1,
          callId: 'c1',
          name: 'Bash',
          arguments: JSON.stringify({ command: 'bw get password github' }),
        },
      }),
      JSON.stringify({
        type: 'tool/result',
        seq: 1,
        time: 1,
        data: {
          turn: 1,
          step: 1,
          message: {
            role: 'tool',
            content: [
              { type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: `${secret}\n` }] },
            ],
            source: { kind: 'tool', callId: 'c1' },
          },
        },
        surfaceOp: 'append',
      }),
    ].join('\n');
    expect(survivors(redactLogText(harness).text, [secret])).toEqual([]);
    const codex = codexPair(
      { cmd: 'op read "op://Private/GitHub/password"', workdir: '/w' },
      `Process exited with code 0\nOutput:\n${secret}\n`,
      'call_4',
    ).join('\n');
    expect(survivors(redactLogText(codex).text, [secret])).toEqual([]);
  });
});

describe('a call answered over several lines (audit 32)', () => {
  it('an approval line before the result does not use the call up', () => {
    const secret = 'Ap7kP2xQ9mZ4vL8nR3tY';
    const [call, result] = callAndResult(
      0,
      'gcloud secrets versions access latest --secret=db-password',
      secret,
    );
    const approval = JSON.stringify({
      type: 'approval/asked',
      seq: 1,
      time: 1,
      data: { id: 'a0', toolName: 'bash', callId: 'c0', reason: 'bash requires manual approval' },
    });
    const text = [
      HEADER,
      call,
      approval,
      (result as string).replace('"seq":1,"time":1', '"seq":2,"time":2'),
    ].join('\n');
    expect(survivors(redactLogText(text).text, [secret])).toEqual([]);
  });

  it("Codex's slow command: the first answer says it is running, the value comes in its end event", () => {
    const secret = 'Ce7kP2xQ9mZ4vL8nR3tY';
    const text = [
      ...codexPair({ cmd: 'printenv DB_PASSWORD' }, 'Process running with session ID 3\nOutput:\n', 'call_7'),
      JSON.stringify({
        type: 'event_msg',
        payload: {
          type: 'exec_command_end',
          call_id: 'call_7',
          stdout: `${secret}\n`,
          aggregated_output: `${secret}\n`,
          exit_code: 0,
        },
      }),
    ].join('\n');
    expect(survivors(redactLogText(text).text, [secret])).toEqual([]);
  });
});
