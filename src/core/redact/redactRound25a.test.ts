/**
 * Audit 25's redaction misses H1, M3, M5, M6, closed: a URL's password before a host with `_`
 * (compose's `my_db`, `supabase_db_x`, a replica set's `mongo_1:27017,mongo_2`) or followed by
 * `)` `,` `]` `` ` `` `|`; PowerShell's `ConvertTo-SecureString 'PW' -AsPlainText`; the labels
 * `PAT`, `SSHPASS`, `psk`/`PresharedKey`, `x-functions-key`; a label inside a percent-encoded URL
 * (`%3Fapi_key%3D`, `%26sig%3D`). Near misses stay: `PATH`, `PATCH`, `pattern`, `spat`, a port
 * after `:`, a DPAPI string without `-AsPlainText`, a variable, `key-mgmt=wpa-psk`, a `%3F` before no label.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"round25a","createdAt":0}';

/** Each case's own secret, and the text it sits in. */
const CASES: Record<string, readonly [string, (v: string) => string]> = {
  // H1
  composeHost: ['Aa1bb2cc3dd', (v) => `postgres://app:${v}@my_db:5432/app`],
  rabbit: ['Bb2cc3dd4ee', (v) => `amqp://u:${v}@rabbit_mq/`],
  paren: ['Cc3dd4ee5ff', (v) => `(see mysql://root:${v}@localhost)`],
  comma: ['Dd4ee5ff6gg', (v) => `mysql://root:${v}@localhost, then`],
  redis: ['Ee5ff6gg7hh', (v) => `redis://:${v}@redis_cache:6379/0`],
  replicaSet: ['Ff6gg7hh8ii', (v) => `mongodb://root:${v}@mongo_1:27017,mongo_2:27017/?replicaSet=rs0`],
  backtick: ['Hh8ii9jj0kk', (v) => `Connecting to \`postgres://app:${v}@localhost\`...`],
  bracket: ['Ii9jj0kk1ll', (v) => `[postgres://app:${v}@localhost]`],
  supabase: [
    'Jj0kk1ll2mm',
    (v) => `DATABASE_URL=postgresql://postgres:${v}@supabase_db_myproj:5432/postgres`,
  ],
  pipe: ['Ll2mm3nn4oo', (v) => `| x | postgres://app:${v}@localhost| y |`],
  semicolon: ['Mm3nn4oo5pp', (v) => `url = "x"; amqp://guest:${v}@rabbitmq_server;`],
  // M3
  secure: ['Ps1Ww2Xx9Yy8', (v) => `$secpasswd = ConvertTo-SecureString '${v}' -AsPlainText -Force`],
  secureString: [
    'Ps2Ww2Xx9Yy8',
    (v) =>
      `Set-AzKeyVaultSecret -VaultName kv -Name DbPw -SecretValue (ConvertTo-SecureString -String '${v}' -AsPlainText -Force)`,
  ],
  secureDouble: [
    'Ps3Ww2Xx9Yy8',
    (v) => `New-LocalUser -Name svc -Password (ConvertTo-SecureString "${v}" -AsPlainText -Force)`,
  ],
  securePiped: ['Ps4Ww2Xx9Yy8', (v) => `$p = '${v}' | ConvertTo-SecureString -AsPlainText -Force`],
  secureFlagFirst: ['Ps5Ww2Xx9Yy8', (v) => `convertto-securestring -AsPlainText -Force -String ${v}`],
  // M5
  azurePat: [
    'x7kq2m4nbv3c5z6l8p9w0r1t2y3u4i5o6a7s8d9f0g1h2j3k4lmn',
    (v) => `export AZURE_DEVOPS_EXT_PAT=${v}`,
  ],
  githubPat: ['abcd1234efgh5678ijkl9012mnop3456qrst7890', (v) => `GITHUB_PAT=${v}`],
  sshpass: ['Sp1Ww2Xx9Yy8', (v) => `SSHPASS='${v}' sshpass -e ssh u@h`],
  wireguard: ['3kq2J8mZ09vB7nR5tY8pL1mQw4eR6tY8uI0oP2aS4d=', (v) => `[Peer]\nPresharedKey = ${v}`],
  wpa: ['Wp1Ww2Xx9Yy8', (v) => `network={\n  ssid="Home"\n  psk="${v}"\n}`],
  networkManager: ['Wp2Ww2Xx9Yy8', (v) => `[wifi-security]\nkey-mgmt=wpa-psk\npsk=${v}`],
  functionsKey: [
    'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE==',
    (v) => `curl -H 'x-functions-key: ${v}' https://fn`,
  ],
  // M6
  encodedApiKey: ['Ee1Rr2Tt3Yy4Uu5Ii6', (v) => `redirect=https%3A%2F%2Fapi.x.com%2Fv1%3Fapi_key%3D${v}`],
  encodedApikey: ['Ee2Rr2Tt3Yy4Uu5Ii6', (v) => `redirect=https%3A%2F%2Fapi.x.com%2Fv1%3Fapikey%3D${v}`],
  encodedKey: ['Ee4Rr2Tt3Yy4Uu5Ii6', (v) => `u=https%3A%2F%2Fx.com%2Fcb%3Fa%3D1%26key%3D${v}`],
  encodedSig: [
    'Ee5Rr2Tt3Yy4Uu5Ii6',
    (v) => `u=https%3A%2F%2Facct.blob.core.windows.net%2Fc%2Fb%3Fsv%3D2021%26sig%3D${v}%253D`,
  ],
  mapsKey: ['Ee8Rr2Tt3Yy4Uu5Ii6', (v) => `u=https%3A%2F%2Fmaps.googleapis.com%2Fmaps%2Fapi%3Fkey%3D${v}`],
  cosmos: [
    'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE',
    (v) => `Authorization: type%3Dmaster%26ver%3D1.0%26sig%3D${v}%3D`,
  ],
};

const KEPT = [
  // H1: no password (a port, a path's `@`), a host then text that continues it
  'http://localhost:8080/path@v2_release)',
  'see https://user@my_host:5432/db, and https://host:8443/a@b_c, now',
  // M3: an encrypted string, a variable, a file's content
  "ConvertTo-SecureString '01000000d08c9ddf0115d1118c7a00c04fc297eb' -Key $key",
  'ConvertTo-SecureString $plain -AsPlainText -Force',
  'ConvertTo-SecureString (Get-Content pw.txt) -AsPlainText -Force',
  '$env:PW | ConvertTo-SecureString -AsPlainText -Force',
  // M5: words that hold `pat` or `psk` but name nothing
  'PATH=/usr/local/bin:/usr/bin PATCH=a1b2c3d4e5f6 pattern=Ab12Cd34Ef56',
  'it spat out a1b2c3d4e5f6g7h8, compat: Ab12Cd34Ef56, dispatch=Xy12Zw34Ab56',
  'sshpass -e ssh u@h',
  'bash: sshpass: command not found',
  'PSK: configured',
  'pat = Pattern1234abcd; pat = "^[A-Z]{2}\\d{4}$"',
  'Pat: Sounds great, thanks',
  '[wifi-security]\nkey-mgmt=wpa-psk',
  'x-functions-key: required',
  // M6: an escape before no label, an encoded `keyboard`
  'q=a%3Fsort%3Dname%26page%3D2%26keyboard%3Dqwerty',
];

const values = Object.values(CASES).map(([v]) => v);

describe('audit 25 redaction misses (H1, M3, M5, M6)', () => {
  it.each(Object.entries(CASES))('masks %s', (_, [secret, text]) => {
    const log = toolResultLog(HEADER, [text(secret)]);
    expect(survivors(log, [secret])).toEqual([secret]);
    expect(survivors(redactLogText(log).text, [secret])).toEqual([]);
  });

  it('the copy of them all loads as the same events', () => {
    const log = toolResultLog(
      HEADER,
      Object.values(CASES).map(([v, text]) => text(v)),
    );
    const r = redactLogText(log);
    expect(survivors(r.text, values)).toEqual([]);
    expect(shape(r.text)).toEqual(shape(log));
  });

  it.each(KEPT)('keeps %j', (text) => {
    keepsAll(HEADER, [text]);
  });
});
