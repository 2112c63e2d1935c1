/** Audit 38's redaction findings: a label naming a user and a password, Vault's unseal keys. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { changedOf, codexPair, keptOf, stayLinear } from './testing';

describe('N1: a label naming both a user and a password, then `user / password`', () => {
  const shapes = [
    'username/password: admin / %',
    'Username / Password: admin / %',
    'user/pass: deploy / %',
    'username and password: admin / %',
    '- Username/Password: `admin` / `%`',
    '| Env | Username/Password |\n|---|---|\n| staging | admin / % |',
    'email/password: qa@acme.io / %',
    'Grafana login (user/password): admin / %',
    '用户名/密码：admin / %',
    'Login / Password: admin / %',
    'User/Pass = admin / %',
    'username/password: admin , %',
    'username, password: admin, %',
  ];
  it('masks the password, random or human', () => {
    for (const value of ['Xk9mP2qLzR7wT4vB', 'Summer2024!', 'P@ssw0rd123'])
      expect(keptOf(value, shapes), value).toEqual([]);
    const lines = codexPair(
      { cmd: 'cat HANDOVER.md' },
      'Output:\nusername/password: admin / Xk9mP2qLzR7wT4vB\n',
    );
    expect(redactLogText(lines.join('\n')).text).not.toContain('Xk9mP2qLzR7wT4vB');
  });
  it('keeps words and public defaults after such a label', () => {
    expect(
      changedOf([
        'username/password: required / optional',
        'user/password: see the vault',
        'credentials: admin/admin',
        'Username, password and email are required',
        'username/password: admin / admin',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      'username/password: a / '.repeat(M / 23),
      'user and pass: '.repeat(M / 15),
      'login: a, '.repeat(M / 10),
    ]);
  });
});

describe('L4: Vault unseal keys', () => {
  it('the dev server’s unnumbered line, `vault operator unseal K`, and `vault operator init -format=json`’s key lists', () => {
    expect(
      keptOf('q3TZNj8BX5D0CnW6Fa4hkqlRJNnr8kzM8hN6rQ4yV7A=', [
        'Unseal Key: %',
        '{\n  "unseal_keys_b64": [\n    "%",\n    "%"\n  ],\n  "unseal_keys_hex": ["%"],\n  "root_token": "hvs.abc"\n}',
        'kubectl exec vault-0 -- vault operator unseal %',
      ]),
    ).toEqual([]);
    expect(changedOf(['vault operator unseal -reset', '"unseal_keys_b64": []'])).toEqual([]);
  });
});

describe('L1: a backslash inside a password on a command line', () => {
  it('is part of it after -p and -u user:, unless it starts an escape', () => {
    expect(
      keptOf('Kq9\\mZ2xLp4', [
        'mysql -u root -p% shop',
        "mysql -u root -p'%' shop",
        'curl -u admin:% https://x',
        'curl -u "admin:%"',
        'sshpass -p % ssh host',
      ]),
    ).toEqual([]);
    expect(createMasker().mask('{"cmd":"mysql -pKq9mZ2xLp4\\nnext"}')).toContain('\\nnext');
    stayLinear((M) => [`mysql -p${'\\'.repeat(M)}n`, `curl -u a:${'x\\'.repeat(M / 2)}`]);
  });
});

describe('L2: an e-mail and a password without a label', () => {
  it('masks the password after `e-mail / `, and keeps a word there', () => {
    for (const value of ['Summer2024!', 'Xk9mP2qLzR7wT4vB'])
      expect(
        keptOf(value, ['Log in with test@acme.com / % and check the dashboard', 'jdoe@acme.com / %']),
      ).toEqual([]);
    expect(createMasker().mask('jdoe@acme.com / jdoe')).toMatch(/ \/ jdoe$/);
    stayLinear((M) => ['a@b.co / '.repeat(M / 9)]);
  });
});
