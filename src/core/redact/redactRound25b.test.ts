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

const STORED = {
  ghBody: 'Gh1Sb2Xx9Yy8',
  ghShort: 'Gh2Sb3Xx9Yy8Zz',
  ghEnv: 'Gh3Sb4Xx9Yy8',
  ghEquals: 'Gh5Sb4Xx9Yy8',
  ghEqualsQuoted: 'Gh6Sb4Xx9Yy8',
  ssm: 'Ss1Mm2Xx9Yy8',
  ssmTypeFirst: 'Ss2Mm3Xx9Yy8Zz7Ww',
  keyVault: 'Kv1Ss2Xx9Yy8',
  keyVaultShort: 'Kv2Ss3Xx9Yy8Zz',
  ghVariable: 'Gv1Ss2Xx9Yy8',
  vercelHere: 'Vc1Ss2Xx9Yy8',
  vercelEcho: 'Vc2Ss2Xx9Yy8',
  fly: 'Fl1Ss2Xx9Yy8',
  kubectl: 'Ku1Ss2Xx9Yy8',
  gcloud: 'Gc1Ss2Xx9Yy8',
  doppler: 'Dp1Ss2Xx9Yy8',
  railway: 'Rw1Ss2Xx9Yy8',
};
const STORE_COMMANDS = [
  `gh secret set DB_PASSWORD --body "${STORED.ghBody}"`,
  `gh secret set SLACK_TOKEN -b "${STORED.ghShort}"`,
  `gh secret set PROD_DB_PASSWORD --env production --body ${STORED.ghEnv}`,
  `gh secret set FOO --body=${STORED.ghEquals} && gh secret set BAR --body="${STORED.ghEqualsQuoted}"`,
  `aws ssm put-parameter --name /prod/DB_PASSWORD --value "${STORED.ssm}" --type SecureString --overwrite`,
  `aws ssm put-parameter --name "/app/db-conn" --type "SecureString" --value "${STORED.ssmTypeFirst}"`,
  `az keyvault secret set --vault-name kv --name "db-password" --value "${STORED.keyVault}"`,
  `az keyvault secret set --vault-name kv -n Conn --value ${STORED.keyVaultShort}`,
  `gh variable set API_KEY --body "${STORED.ghVariable}"`,
  `vercel env add DATABASE_PASSWORD production <<< "${STORED.vercelHere}"`,
  `echo ${STORED.vercelEcho} | vercel env add API_TOKEN preview`,
  `fly secrets set FOO=${STORED.fly} -a app`,
  `kubectl create secret generic x --from-literal=FOO=${STORED.kubectl} --from-file=ca=ca.crt`,
  `echo -n "${STORED.gcloud}" | gcloud secrets create db-conn --data-file=-`,
  `doppler secrets set STRIPE "${STORED.doppler}"`,
  `railway variables --set "FOO_KEY=${STORED.railway}"`,
];
const STORE_KEPT = [
  'aws ssm put-parameter --name /app/region --type String --value us-east-1a2',
  'gh variable set REGION --body "us-east-1a2"',
  'vercel env add NODE_ENV production <<< production',
  'heroku config:set WEB_CONCURRENCY=2 BUILD_ID=b1c2d3e4f5a6 -a app',
  'gcloud secrets create db-conn --data-file=secret.txt',
  'gh secret set DB_PASSWORD --body "$DB_PASSWORD"',
  'gh secret set NPM_TOKEN < token.txt',
  'aws ssm put-parameter --name /prod/DB_PASSWORD --value file://pw.txt --type SecureString',
];

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

describe('M1: a secret stored by a command that names it first', () => {
  it('masks the value of gh, aws ssm, az keyvault, vercel, fly, kubectl, gcloud, doppler, railway', () =>
    masksAll(STORE_COMMANDS, Object.values(STORED)));
  it('keeps a setting, a variable and a value read from a file', () => keepsAll(STORE_KEPT));
});

describe('M2: tables drawn with box characters', () => {
  it('masks the value cell of a row whose name cell names a secret', () => masksAll(BOX_TABLES, BOXED));
  it('keeps counts, policies and settings', () => keepsAll(BOX_KEPT));
});
