/** Audit 36's redaction findings: a secret's label qualified before its colon ("password for prod:"). */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { codexPair, stayLinear } from './testing';
import { redactLogText } from './redactLog';

const V = 'Xk9mP2qLzR7wT4vBa8Cd';
const keptOf = (value: string, cases: readonly string[]) => {
  const m = createMasker();
  return cases.filter((c) => m.mask(c.replace('%', value)).includes(value));
};

describe('N1: a label qualified before its colon', () => {
  const shapes = [
    'DB password for prod: %',
    'Password for the staging DB: %',
    'root password for mysql: %',
    'API key for OpenWeather: %',
    'token for the staging API: %',
    'SSH password for root@10.0.0.5: %',
    'password for admin@example.com: %',
    'Password (admin): %',
    '**Password for the admin account:** %',
    'Here are the creds:\n- URL: https://staging.example.com\n- Username: admin\n- Password for staging: %',
  ];
  it('masks a random value and a human one, whole', () => {
    expect(keptOf(V, shapes)).toEqual([]);
    expect(keptOf('Summer2024!', shapes)).toEqual([]);
    expect(createMasker().mask('- Password for staging: Summer2024!')).not.toContain('!');
  });
  it('in a Codex output', () => {
    const lines = codexPair({ cmd: 'cat HANDOVER.md' }, `Output:\nDB password for prod: ${V}\n`);
    expect(redactLogText(lines.join('\n')).text).not.toContain(V);
  });
  it('keeps prose and placeholders after such a label', () => {
    const m = createMasker();
    for (const text of [
      'max tokens for the model: 4096',
      'Password for user postgres: ',
      'token for the request: expired',
      'The API key for OpenAI: see the docs below',
      'password (optional): leave empty',
      'password for root: ********',
      'Secret for webhook: ${WEBHOOK_SECRET}',
      'API key for prod: YOUR_API_KEY_HERE',
      'API key (required): string',
    ])
      expect(m.mask(text)).toBe(text);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      'password for '.repeat(M / 13),
      'password for a b c d '.repeat(M / 21),
      'password ('.repeat(M / 10),
      'token (x): '.repeat(M / 11),
    ]);
  });
});
