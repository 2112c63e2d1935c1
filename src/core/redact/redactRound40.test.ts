/** Audit 40's redaction finding: a token sent with its scheme word (Fly.io's `FlyV1 fm2_…`). */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { changedOf, stayLinear } from './testing';

const bytes = (n: number, k: number) =>
  btoa(String.fromCharCode(...Array.from({ length: n }, (_, i) => (i * k + 11) % 256)));
const FLY = `FlyV1 fm2_${bytes(240, 37)},fm2_${bytes(150, 53)}`;

describe('N1: a token with its scheme word', () => {
  it('masks a Fly.io token whole, labelled or printed', () => {
    const m = createMasker();
    for (const text of [
      '$ fly tokens create deploy\n%',
      'export FLY_API_TOKEN="%"',
      'FLY_API_TOKEN=%',
      'FLY_API_TOKEN: "%"',
      '{"FLY_API_TOKEN": "%"}',
      'gh secret set FLY_API_TOKEN --body "%"',
      'fly deploy --access-token "%"',
    ])
      expect(m.mask(text.replace('%', FLY)), text).not.toContain(FLY.slice(10, 60));
  });
  it('masks `<scheme> <token>` after a token’s label, and keeps prose there', () => {
    const R = 'iK2ZWeqhFWCEPyYngFb51yBMWXaSCrUZoL8g5ubb';
    const m = createMasker();
    for (const text of ['export MY_TOKEN="Foo %"', '{"token": "Foo %"}', 'OKTA_TOKEN="SSWS %"'])
      expect(m.mask(text.replace('%', R)), text).not.toContain(R);
    expect(
      changedOf(['token: "see the docs for details"', 'secret: "my secret"', '{"token": "Bearer ${TOKEN}"}']),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => ['FlyV1 fm2_'.repeat(M / 10), `token: "a ${'b'.repeat(M)}`]);
  });
});
