/**
 * Audit 26, N3 and N4: near shapes of audit 25's M4 and M1. A password typed by Selenium into a
 * located field (`findElement(By.id("password")).sendKeys(PW)`, C#'s `SendKeys`), `page.fill()`
 * with the selector as its first argument, a page object's field (`passwordInput.fill(PW)`), the
 * DOM's `.value = PW`; a secret stored by `wrangler secret put`, `eas secret:create`, `docker secret
 * create`, `firebase functions:secrets:set`, and a piped value read by a CLI run through `npx`,
 * `bunx`, `pnpm dlx` or `yarn`. The near misses (a variable, a search box, a username field, a
 * search box labelled `Search tokens`) are kept.
 */
import { describe, it } from 'vitest';
import { keepsAll, masksAll } from './testing';

const HEADER = '{"type":"session","version":0,"id":"round26b","createdAt":0}';

describe('N3: a password typed into a login form, near shapes', () => {
  it("masks Selenium's sendKeys after a nested locator call (Java, JS, C#)", () =>
    masksAll(
      HEADER,
      [
        'driver.findElement(By.id("password")).sendKeys("Sa1Ww2Xx9Yy8");',
        'driver.FindElement(By.Id("password")).SendKeys("Sa2Ww2Xx9Yy8");',
        "await driver.findElement(By.id('password')).sendKeys('Ta6Ww2Xx9Yy8')",
      ],
      ['Sa1Ww2Xx9Yy8', 'Sa2Ww2Xx9Yy8', 'Ta6Ww2Xx9Yy8'],
    ));
  it('masks page.fill() and page.type() with an attribute selector as the first argument', () =>
    masksAll(
      HEADER,
      [
        "await page.fill('input[name=password]', 'Sa5Ww2Xx9Yy8')",
        `await page.fill("input[type='password']", 'Sa6Ww2Xx9Yy8')`,
        `await page.fill('input[name="password"]', 'Tc3Ww2Xx9Yy8')`,
        "await page.type('input[type=password]', 'Tc4Ww2Xx9Yy8', { delay: 50 })",
      ],
      ['Sa5Ww2Xx9Yy8', 'Sa6Ww2Xx9Yy8', 'Tc3Ww2Xx9Yy8', 'Tc4Ww2Xx9Yy8'],
    ));
  it("masks a page object's password field", () =>
    masksAll(
      HEADER,
      [
        "await passwordInput.fill('Tb3Ww2Xx9Yy8')",
        "await this.passwordField.type('Tb4Ww2Xx9Yy8')",
        "await loginPage.password.fill('Tb5Ww2Xx9Yy8')",
      ],
      ['Tb3Ww2Xx9Yy8', 'Tb4Ww2Xx9Yy8', 'Tb5Ww2Xx9Yy8'],
    ));
  it("masks a DOM field's .value, also inside a browser_evaluate function", () =>
    masksAll(
      HEADER,
      [
        "document.querySelector('#password').value = 'Qb1Typed9Qx'",
        JSON.stringify({
          function: "() => { document.querySelector('#password').value = 'Qb2Typed9Qx'; }",
        }),
        'document.getElementById("pwd").value="Qb3Typed9Qx";',
      ],
      ['Qb1Typed9Qx', 'Qb2Typed9Qx', 'Qb3Typed9Qx'],
    ));
  it("keeps a variable, a search box's text, a username field's and `Search tokens`", () =>
    keepsAll(HEADER, [
      'driver.findElement(By.id("password")).sendKeys(System.getenv("PW"));',
      'driver.findElement(By.id("username")).sendKeys("Us2Ww2Xx9Yy8");',
      "await page.fill('input[name=search]', 'Sr4Ww2Xx9Yy8')",
      "await page.fill('input[name=password]', process.env.PASSWORD)",
      "await usernameInput.fill('Us3Ww2Xx9Yy8')",
      "await searchBox.type('Sr5Ww2Xx9Yy8')",
      "document.querySelector('#email').value = 'Em2Ww2Xx9Yy8'",
      "document.querySelector('#password').value = pw",
      "await page.getByLabel('Search tokens').fill('react hooks useState')",
    ]));
});

describe('N4: secret-storing commands, near shapes', () => {
  const piped = {
    wrangler: 'Ma5Ss2Xx9Yy8',
    npxWrangler: 'Na1Ss2Xx9Yy8',
    printf: 'Na2Ss2Xx9Yy8',
    hereString: 'Na7Ss2Xx9Yy8',
    pages: 'Nb1Ss2Xx9Yy8',
    npxVercel: 'Na8Ss2Xx9Yy8',
    docker: 'Na9Ss2Xx9Yy8',
    firebase: 'Na4Ss2Xx9Yy8',
    bunx: 'Nc1Ss2Xx9Yy8',
    pnpmDlx: 'Nc2Ss2Xx9Yy8',
    yarn: 'Nc3Ss2Xx9Yy8',
    catHere: 'Nc4Ss2Xx9Yy8',
  };
  it('masks a value piped or fed to wrangler, docker, firebase, and to a CLI run by a runner', () =>
    masksAll(
      HEADER,
      [
        `echo "${piped.wrangler}" | wrangler secret put API_TOKEN`,
        `echo "${piped.npxWrangler}" | npx wrangler secret put API_TOKEN`,
        `printf '%s' '${piped.printf}' | wrangler secret put DB_PASSWORD --env production`,
        `wrangler secret put API_TOKEN <<< "${piped.hereString}"`,
        `echo ${piped.pages} | wrangler pages secret put API_KEY --project-name site`,
        `echo "${piped.npxVercel}" | npx vercel env add DATABASE_PASSWORD preview`,
        `echo "${piped.docker}" | docker secret create api_token -`,
        `echo -n "${piped.firebase}" | firebase functions:secrets:set STRIPE_SECRET --data-file=-`,
        `echo ${piped.bunx} | bunx wrangler secret put API_TOKEN`,
        `echo ${piped.pnpmDlx} | pnpm dlx wrangler secret put API_TOKEN`,
        `echo ${piped.yarn} | yarn wrangler secret put API_TOKEN`,
        `cat <<< "${piped.catHere}" | npx -y wrangler secret put API_TOKEN`,
      ],
      Object.values(piped),
    ));
  it("masks eas' --value: a secret's, a secret-named setting's, a sensitive one's", () =>
    masksAll(
      HEADER,
      [
        'eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value Mb6Ss2Xx9Yy8 --type string',
        'eas env:create --name DB_PASSWORD --value Nb3Ss2Xx9Yy8 --visibility plaintext',
        'eas env:create --environment production --name SENTRY_DSN --value Nb4Ss2Xx9Yy8 --visibility sensitive',
      ],
      ['Mb6Ss2Xx9Yy8', 'Nb3Ss2Xx9Yy8', 'Nb4Ss2Xx9Yy8'],
    ));
  it("keeps a variable, a file, a setting's value and a listing", () =>
    keepsAll(HEADER, [
      'echo "$API_TOKEN" | wrangler secret put API_TOKEN',
      'echo $X | npx wrangler secret put API_TOKEN',
      'wrangler secret put API_TOKEN < token.txt',
      'docker secret create api_token ./token.txt',
      'eas env:create --name REGION --value us-east-1a2 --visibility plaintext',
      'echo production | npx vercel env add NODE_ENV production',
      'echo Ab1Ss2Xx9Yy8 | npx wrangler secret list',
    ]));
});
