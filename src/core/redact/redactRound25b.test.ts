/**
 * Audit 25, M1, M2 and M4: a secret stored by a command that names it first (`gh secret set NAME
 * --body V`, `aws ssm put-parameter`, `az keyvault secret set`, `vercel env add NAME <<< V`, `echo V
 * | gcloud secrets create`), a secret in a table drawn with box characters (`│ DB_PASSWORD │ V │`),
 * and a password a browser agent types into a login form (Playwright MCP's `browser_type`, a
 * locator's `.fill()`, Cypress' `.type()`, Selenium's `.send_keys()`). The near misses (a setting's
 * value, a value read from a file or a variable, a count in a table, a username's or a search
 * box's text) are kept.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"round25b","createdAt":0}';

const BOXED = ['Bx1Dd2Ee3Ff4', 'Bx2Dd2Ee3Ff4', 'Bx3Dd2Ee3Ff4', 'Bx4Dd2Ee3Ff4'];
const BOX_TABLES = [
  `┌──────────────┬───────────────┐\n│ NAME         │ VALUE         │\n├──────────────┼───────────────┤\n│ DB_PASSWORD  │ ${BOXED[0]}  │\n└──────────────┴───────────────┘`,
  `│ STRIPE_SECRET_KEY │ ${BOXED[1]} │`,
  `┃ DB_PASSWORD ┃ ${BOXED[2]} ┃`,
  `║ DATABASE_PASSWORD ║ ${BOXED[3]} ║`,
];
const BOX_KEPT = [
  '│ TOKEN_COUNT │ 12345678 │',
  '│ PASSWORD_POLICY │ strong │',
  '│ DOPPLER_CONFIG │ dev1a2b3c │',
];

function masksAll(outputs: readonly string[], secrets: readonly string[]): void {
  const log = toolResultLog(HEADER, outputs);
  expect(survivors(log, secrets)).toEqual(secrets);
  const r = redactLogText(log);
  expect(survivors(r.text, secrets)).toEqual([]);
  expect(shape(r.text)).toEqual(shape(log));
}

function keepsAll(outputs: readonly string[]): void {
  const log = toolResultLog(HEADER, outputs);
  expect(redactLogText(log).text).toBe(log);
}

describe('M2: tables drawn with box characters', () => {
  it('masks the value cell of a row whose name cell names a secret', () => masksAll(BOX_TABLES, BOXED));
  it('keeps counts, policies and settings', () => keepsAll(BOX_KEPT));
});
