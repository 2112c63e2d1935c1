/**
 * Redaction misses the audits rated low, closed: a password passed by position in code
 * (`server.login(user, "pw")`, requests' `auth=(...)`, `FTP(host, user, "pw")`), a client built
 * with its key (`cohere.Client("key")`), and a secret on the line after its label. The near
 * misses (a variable, a region, a label's line followed by prose, a count) are kept.
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
];
const KEPT = [
  'server.login(user, password)',
  'requests.get(url, auth=(user, pw))',
  's3 = boto3.client("s3"); c = StorageClient("us-east-1-production")',
  'Token:\nnone of them expired, all good',
  'Tokens:\n  12345678',
  'API key:\n  $OPENAI_API_KEY',
  'Session:\n  a1b2c3d4e5f6a7b8',
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
