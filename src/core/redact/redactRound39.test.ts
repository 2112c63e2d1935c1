/** Audit 39's redaction finding: the values Terraform, Pulumi and CloudFormation print as outputs. */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { changedOf, codexPair, keptOf, stayLinear } from './testing';

describe('N1: infrastructure outputs marked sensitive or named as secrets', () => {
  const shapes = [
    '$ terraform output -json\n{\n  "db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "%"\n  }\n}',
    '$ terraform output -json db_password\n"%"',
    '$ terraform output db_password\n"%"',
    '$ terraform output -json | jq .api_token\n{\n  "sensitive": true,\n  "type": "string",\n  "value": "%"\n}',
    '$ pulumi stack output dbPassword --show-secrets\n%',
    '$ cat terraform.tfstate\n{\n  "outputs": {\n    "db_password": {\n      "value": "%",\n      "type": "string",\n      "sensitive": true\n    }\n  }\n}',
    '[\n    {\n        "OutputKey": "DbPassword",\n        "OutputValue": "%"\n    }\n]',
  ];
  it('masks the value, random or human, in text and after the command in a Codex log', () => {
    for (const value of ['Xk9mP2qLzR7wT4vBa8Cd', 'Summer2024!'])
      expect(keptOf(value, shapes), value).toEqual([]);
    const lines = codexPair({ cmd: 'terraform output db_password' }, 'Output:\n"Xk9mP2qLzR7wT4vBa8Cd"\n');
    expect(redactLogText(lines.join('\n')).text).not.toContain('Xk9mP2qLzR7wT4vBa8Cd');
  });
  it('keeps what is not sensitive', () => {
    expect(
      changedOf([
        '{\n  "db_host": {\n    "sensitive": false,\n    "type": "string",\n    "value": "db.internal"\n  }\n}',
        '$ terraform output db_host\n"db.internal"',
        '[{"OutputKey": "BucketName", "OutputValue": "my-app-assets"}]',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      '{"sensitive": true, '.repeat(M / 20),
      `{${'"sensitive": true, "value": "x", '.repeat(M / 34)}`,
    ]);
  });
});

describe('audit 39 lows', () => {
  it('L2 redis CONFIG GET requirepass, L3 a password changed to V / pw is V / passcode:, L4 jq of the unseal keys', () => {
    for (const value of ['Xk9mP2qLzR7wT4vB', 'Summer2024!'])
      expect(
        keptOf(value, [
          'redis-cli CONFIG GET requirepass\n1) "requirepass"\n2) "%"',
          'The admin password was changed to % yesterday',
          'password changed to %',
          'root pw is %',
          'passcode: %',
          '$ jq -r ".unseal_keys_b64[]" cluster-keys.json\n%',
        ]),
        value,
      ).toEqual([]);
    expect(
      changedOf([
        'the password was changed to something stronger',
        'pw is required',
        'passcode: required',
        'password set to expire',
      ]),
    ).toEqual([]);
  });
});
