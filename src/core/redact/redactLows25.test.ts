/**
 * Redaction misses the audits rated low, closed: a password passed by position in code
 * (`server.login(user, "pw")`, requests' `auth=(...)`, `FTP(host, user, "pw")`), a client built
 * with its key (`cohere.Client("key")`), a secret on the line after its label, SMTP AUTH
 * credentials, password hashes (htpasswd, shadow, bcrypt, argon2), Azure's key listing and
 * `heroku auth:token`'s output, and a password of words (`correct_horse_battery_staple`). The near misses (a variable, a region, a label's line followed
 * by prose, a count, shell positional parameters, an app's id) are kept.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"lows25","createdAt":0}';

const SECRETS = {
  smtp: 'Sm7tpPw2Lk9q',
  imap: 'Im4pPw8Xc1v',
  requests: 'Rq3Pw6Bn0mZ',
  basic: 'Ba5Pw9Hj2kL',
  ftp: 'Ft8Pw1Gf4dS',
  cohere: 'Co3hereKey8Lm2Nb5Vx7Qw1Er4',
  client: 'Cl9entKey2Hg6Fd3Sa8Zx5Cv1',
  nextLine: 'Nx7Lt4Qp9Wm2Vb6Rs1Kd',
  nextLineBlank: 'Bl3kLn8Zx2Cv7Nm4Qw9Er',
  yourPassword: 'Yp5Ww1Qz8Lx3Mv',
  smtpPlain: 'AGFsaWNlAFMzY3JldFBhc3N3MHJk',
  smtpLogin: 'UzNjcmV0UGFzc3cwcmQ=',
  apr1: 'HqJZimcKQFAMYayBlzkrA/',
  bcrypt: 'c4WoMPo3SXsafkva.HHa6uXQZWr7oboPiC2bT/r7q1BB8I2s0BRqC',
  sha512: 'Xv8Hk2Lq9Wm4Nb7Rt1Zc6Pj3Yd5Fs0Gh8Kl2Mn4Qw6Er9Ty1Ui3Op5As7Df0Gh2Jk4Lz6Xc8Vb0Nm2Qw4Er6Ty8Ui0Op1A',
  argon2: 'c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
  azure: 'Ab3De5Fg7Hi9Jk1Lm3No5Pq7Rs9Tu1Vw3Xy5Za7Bc9De1Fg3Hi5Jk7Lm9No1Pq3Rs5Tu7Vw9Xy1Za3Bc5De7Fg==',
  herokuUuid: '4a1c3b2e-9f8d-4e7a-b6c5-d4e3f2a1b0c9',
  words: 'correct_horse_battery_staple',
  wordsQuoted: 'purple_monkey_dishwasher',
  newRelic: 'NRAK-ABCDEFGHIJ0123456789KLMNOPQ',
  pinecone: 'pcsk_3Xb7e_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv',
  functionKey: 'Ab3De5Fg7Hi9Jk1Lm3No5Pq7Rs9Tu1Vw3Xy5Za7Bc9De1Fg==',
  lftp: 'Lf9Pw2Xc7Vb',
  redis: 'Rd7Pw3Xc8Vb',
};
const VALUES = Object.values(SECRETS);
const OUTPUTS = [
  `server = smtplib.SMTP_SSL("smtp.gmail.com", 465)\nserver.login("me@example.com", "${SECRETS.smtp}")`,
  `mail = imaplib.IMAP4_SSL(host)\nmail.login(cfg.user, '${SECRETS.imap}')`,
  `r = requests.get(url, auth=("admin", "${SECRETS.requests}"), timeout=5)`,
  `session.auth = HTTPBasicAuth('svc', '${SECRETS.basic}')`,
  `ftp = ftplib.FTP("ftp.example.com", "deploy", "${SECRETS.ftp}")`,
  `co = cohere.Client("${SECRETS.cohere}")`,
  `client = WeatherClient('${SECRETS.client}', timeout=3)`,
  `$ heroku authorizations:create\nCreating OAuth Authorization... done\nToken:\n  ${SECRETS.nextLine}\n`,
  `Your new API key:\n\n${SECRETS.nextLineBlank}\n\nStore it somewhere safe.`,
  `Generated password:\r\n${SECRETS.yourPassword}\r\n`,
  `S: 250 AUTH LOGIN PLAIN\nC: AUTH PLAIN ${SECRETS.smtpPlain}\nS: 235 2.7.0 Authentication successful`,
  `C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: YWxpY2U=\nS: 334 UGFzc3dvcmQ6\nC: ${SECRETS.smtpLogin}\nS: 235 ok`,
  `$ cat .htpasswd\nadmin:$apr1$r31.....$${SECRETS.apr1}\nalice:$2y$05$${SECRETS.bcrypt}`,
  `root:$6$rounds=5000$saltsalt$${SECRETS.sha512}:19000:0:99999:7:::`,
  `hash = "$argon2id$v=19$m=65536,t=3,p=4$${SECRETS.argon2}"`,
  `$ az storage account keys list -g rg -n acct -o table\nKeyName    Permissions    Value\n---------  -------------  -----\nkey1       FULL           ${SECRETS.azure}`,
  `$ heroku auth:token\n ›   Warning: token will expire 01/01/2027\n${SECRETS.herokuUuid}\n`,
  `$ cat .env\nDB_HOST=localhost\nDB_PASSWORD=${SECRETS.words}\n`,
  `db:\n  password: "${SECRETS.wordsQuoted}"`,
  `export NEW_RELIC_KEY ${SECRETS.newRelic}`,
  `pc = Pinecone("${SECRETS.pinecone}")`,
  `curl "https://myfn.azurewebsites.net/api/HttpTrigger?code=${SECRETS.functionKey}&name=x"`,
  `$ lftp -u deploy,${SECRETS.lftp} ftp.example.com`,
  `$ redis-cli -h cache AUTH default ${SECRETS.redis}\nOK`,
];
const KEPT = [
  'server.login(user, password)',
  'requests.get(url, auth=(user, pw))',
  's3 = boto3.client("s3"); c = StorageClient("us-east-1-production")',
  'Token:\nnone of them expired, all good',
  'Tokens:\n  12345678',
  'API key:\n  $OPENAI_API_KEY',
  'Session:\n  a1b2c3d4e5f6a7b8',
  'echo $1$HOME_directory_of_user and $2$PATH_entries_here_too_ok',
  'S: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN\nS: 334',
  '$ heroku apps:info\n4a1c3b2e-9f8d-4e7a-b6c5-d4e3f2a1b0c9',
  'DB_PASSWORD=your_db_password_here',
  'password = get_secret_value(name)',
  'PASSWORD=default_admin_user',
  'PASSWORD=some_var',
  'redis-cli AUTH default $REDIS_PASSWORD',
  'lftp -u deploy,$FTP_PASSWORD host',
  'https://myfn.azurewebsites.net/api/HttpTrigger?name=x&mode=short',
];

describe('credentials by position in code, and on the line after their label', () => {
  it('masks each; the copy loads as the same events', () => {
    const log = toolResultLog(HEADER, OUTPUTS);
    expect(survivors(log, VALUES)).toEqual(VALUES);
    const r = redactLogText(log);
    expect(survivors(r.text, VALUES)).toEqual([]);
    expect(shape(r.text)).toEqual(shape(log));
  });

  it('keeps variables, regions, prose and counts', () => {
    const log = toolResultLog(HEADER, KEPT);
    expect(redactLogText(log).text).toBe(log);
  });
});
