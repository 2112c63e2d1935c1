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
import { keepsAll, masksAll, shape, survivors } from './testing';

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

const TYPED = {
  label: 'Pl1Ww2Xx9Yy8',
  locator: 'Pl2Ww2Xx9Yy8',
  placeholder: 'Pl3Ww2Xx9Yy8',
  cypress: 'Pl4Ww2Xx9Yy8',
  cypressChain: 'Pl5Ww2Xx9Yy8',
  selenium: 'Pl6Ww2Xx9Yy8',
  role: 'Pl7Ww2Xx9Yy8',
  mcpText: 'Pl8Ww2Xx9Yy8',
  selectorText: 'Pl9Ww2Xx9Yy8',
};
const TYPING_CODE = [
  `await page.getByLabel('Password').fill('${TYPED.label}');`,
  `await page.locator('input[name="password"]').fill("${TYPED.locator}")`,
  `await page.getByPlaceholder('Enter your password').fill('${TYPED.placeholder}')`,
  `cy.get('#password').type('${TYPED.cypress}')`,
  `cy.get('#password').clear().type('${TYPED.cypressChain}', { log: false })`,
  `driver.find_element(By.NAME, 'password').send_keys('${TYPED.selenium}')`,
  `await page.getByRole('textbox', { name: 'Password' }).fill('${TYPED.role}');`,
  `browser_type {"element":"Password textbox","ref":"e12","text":"${TYPED.mcpText}"}`,
  `{"action": "fill", "selector": "#password", "value": "${TYPED.selectorText}"}`,
];
const TYPING_KEPT = [
  "await page.getByLabel('Username').fill('alice_admin99');",
  "cy.get('#search').type('Sr1Ww2Xx9Yy8')",
  'driver.find_element(By.ID, "username").send_keys("Us1Ww2Xx9Yy8")',
  "page.locator('input[type=password]').fill(process.env.PASSWORD)",
  '{"element":"Search textbox","ref":"e12","text":"Sr2Ww2Xx9Yy8"}',
  '{"selector": "#email", "value": "Em1Ww2Xx9Yy8"}',
];

describe('M1: a secret stored by a command that names it first', () => {
  it('masks the value of gh, aws ssm, az keyvault, vercel, fly, kubectl, gcloud, doppler, railway', () =>
    masksAll(HEADER, STORE_COMMANDS, Object.values(STORED)));
  it('keeps a setting, a variable and a value read from a file', () => keepsAll(HEADER, STORE_KEPT));
});

describe('M2: tables drawn with box characters', () => {
  it('masks the value cell of a row whose name cell names a secret', () =>
    masksAll(HEADER, BOX_TABLES, BOXED));
  it('keeps counts, policies and settings', () => keepsAll(HEADER, BOX_KEPT));
});

describe('M4: a password typed into a login form', () => {
  it('masks the text typed into a password field, in code and in actions written as text', () =>
    masksAll(HEADER, TYPING_CODE, Object.values(TYPED)));
  it("keeps a username's, a search box's and an e-mail field's text, and a variable", () =>
    keepsAll(HEADER, TYPING_KEPT));

  it('masks the text of a browser_type call and a fill action, as tool_use input and as tool/call arguments', () => {
    const secrets = ['Pw1Typed9Qx', 'Pw2Typed9Qx', 'Pw3Typed9Qx', 'Pw4Typed9Qx'];
    const lines = [
      HEADER,
      JSON.stringify({
        type: 'assistant/message',
        seq: 0,
        time: 0,
        data: {
          turn: 1,
          step: 1,
          message: {
            role: 'assistant',
            content: [
              {
                type: 'tool_use',
                id: 't1',
                name: 'mcp__playwright__browser_type',
                input: { element: 'Password textbox', ref: 'e23', text: secrets[0], submit: true },
              },
            ],
          },
        },
        surfaceOp: 'append',
        sourceEventSeqs: [],
      }),
      ...[
        { element: 'Password textbox', ref: 'e23', text: secrets[1] },
        { action: 'fill', selector: 'input[type=password]', value: secrets[2] },
      ].map((args, i) =>
        JSON.stringify({
          type: 'tool/call',
          seq: i + 1,
          time: i + 1,
          data: { turn: 1, step: 1, callId: `c${i}`, name: 'browser', arguments: JSON.stringify(args) },
        }),
      ),
      JSON.stringify({
        type: 'tool/call',
        seq: 3,
        time: 3,
        data: {
          turn: 1,
          step: 1,
          callId: 'c3',
          name: 'browser',
          arguments: { action: 'fill', selector: '#password', value: secrets[3] },
        },
      }),
    ];
    const log = lines.join('\n');
    const r = redactLogText(log);
    expect(survivors(r.text, secrets)).toEqual([]);
    expect(shape(r.text)).toEqual(shape(log));
    // the near miss: a search box's text, structured
    const kept = [
      HEADER,
      JSON.stringify({
        type: 'tool/call',
        seq: 0,
        time: 0,
        data: {
          turn: 1,
          step: 1,
          callId: 'c0',
          name: 'browser',
          arguments: { element: 'Search textbox', ref: 'e5', text: 'Sr3Ww2Xx9Yy8' },
        },
      }),
    ].join('\n');
    expect(redactLogText(kept).text).toBe(kept);
  });
});
