/**
 * Audit 31: a credential on a later line of a tool call's command (the arguments are JSON text:
 * the line opens after `\n`), Codex's older JSON output, the printing commands' documented
 * spellings (`kubectl -n NS get secret`, `vault kv get -mount=… -field=…`, `vault read -field=`),
 * more printing commands (jsonpath without the decode, `heroku config:get`, PowerShell and cmd), a
 * code fence between a command and what it printed.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { codexPair, keepsAll, survivors } from './testing';

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'r31', createdAt: 0 });

function callLog(commands: readonly string[]): string {
  return [
    HEADER,
    ...commands.map((command, i) =>
      JSON.stringify({
        type: 'tool/call',
        seq: i,
        time: i,
        data: { turn: 1, step: 1, callId: `c${i}`, name: 'bash', arguments: JSON.stringify({ command }) },
      }),
    ),
  ].join('\n');
}

describe('a credential on a later line of a command (audit 31 N6)', () => {
  const V = [
    'pLIixM9EOLeMa61E',
    'Sh7kP2xQ9mZ4vL8n',
    'Rd7kP2xQ9mZ4vL8n',
    'Zp7kP2xQ9mZ4vL8n',
    'Ld7kP2xQ9mZ4vL8n',
  ];
  const commands = [
    `mysql -u root -p${V[0]} -h db -e 'select 1'`,
    `sshpass -p ${V[1]} ssh root@host`,
    `redis-cli -h cache -a ${V[2]} ping`,
    `unzip -P ${V[3]} backup.zip`,
    `ldapsearch -x -D cn=admin -w ${V[4]} -b dc=x`,
  ];
  it('after `cd /app\\n` and after an indented second line, as alone', () => {
    for (const before of ['', 'cd /app\n', 'set -e\n\t']) {
      const r = redactLogText(callLog(commands.map((c) => before + c)));
      expect(survivors(r.text, V), JSON.stringify(before)).toEqual([]);
    }
  });
});

describe('printed secrets (audit 31 N1, N2, N4, N5)', () => {
  const m = createMasker();
  const CASES: [string, string][] = [
    [
      'kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d',
      'Xk2pQ9vLw7RzT4mN',
    ],
    ["kubectl --context prod get secret db -o jsonpath='{.data.password}'", 'WGsycFE5dkx3N1J6VDRtTg=='],
    ['vault kv get -mount=secret -field=password app/db', 'Vk7kP2xQ9mZ4vL8n'],
    ['vault read -field=password database/creds/app', 'Vr7kP2xQ9mZ4vL8n'],
    ['heroku config:get SECRET_KEY -a app', 'Hk7kP2xQ9mZ4vL8nR3tY'],
    ['Get-Content C:\\secrets\\api_key.txt', 'Gc7kP2xQ9mZ4vL8nR3tY'],
    ['echo $env:DB_PASSWORD', 'Pe7kP2xQ9mZ4vL8n'],
    ['echo %DB_PASSWORD%', 'Ce7kP2xQ9mZ4vL8n'],
  ];
  it('in one string, and after a code fence (prose, a pi bash run)', () => {
    for (const [command, secret] of CASES)
      expect(m.mask(`$ ${command}\n${secret}\n`), command).not.toContain(secret);
    const fenced = [
      'I ran `printenv DB_PASSWORD`:\n\n```\nFe7kP2xQ9mZ4vL8n\n```',
      'Ran `op read op://Private/db/password`\n```\nFe8kP2xQ9mZ4vL8n\n\n```',
    ];
    for (const text of fenced) expect(m.mask(text)).not.toMatch(/Fe[78]kP2xQ9mZ4vL8n/);
  });

  it("Codex's older output, JSON text with an `output` member", () => {
    const secret = 'Cx7kP2xQ9mZ4vL8n';
    const text = codexPair(
      { command: ['bash', '-lc', 'printenv DB_PASSWORD'] },
      JSON.stringify({ output: `${secret}\n`, metadata: { exit_code: 0, duration_seconds: 0.1 } }),
    ).join('\n');
    const r = redactLogText(text).text;
    expect(survivors(r, [secret])).toEqual([]);
    expect(r).toContain('duration_seconds');
  });

  it('keeps what no printing command printed', () => {
    keepsAll(HEADER, [
      '$ kubectl -n argocd get pods\nargocd-server-7d9c6b5f4-x2k8p',
      '$ echo %PATH%\nC:\\Windows',
    ]);
  });
});
