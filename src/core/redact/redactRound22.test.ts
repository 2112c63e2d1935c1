/**
 * Command-line secret spellings audit R22-6 found surviving redaction: `rabbitmqctl add_user NAME
 * PW` (and `change_password`), `openssl ... -k PW` / `-pass pass:PW`, a password file that is an
 * `echo` in a process substitution (`--vault-password-file <(echo PW)`), and the secret `aws
 * configure get aws_secret_access_key` prints alone on the line after the command. Each in a tool's
 * output; the near misses (no password, a password named by where it is, other commands) are kept.
 */
import { describe, expect, it } from 'vitest';
import { keepsAll, masksAll } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r22","createdAt":0}';

const SECRETS = {
  rabbit: 'Rb7kLm2Pw4RtZc8Hn3Yd',
  rabbitChange: 'Rc4Kd8Fm2Qp6Wz1XaB3c',
  rabbitQuoted: 'Rq9vB7kLm2Pw4RtZ',
  opensslK: 'Ok3Wn7Yp1Tc5Md9FgH4i',
  opensslPass: 'Op5Je9Gn3Rq7Xa2YbC6d',
  opensslPassin: 'Oi6Hs0Jd4Lf8Ng2BpQ5r',
  vault: 'Va2Bc6De0Fg4Hi8JkL1m',
  vaultPrintf: 'Vp1Mb5Nc9Od3Pe7QrS2t',
  awsSecret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKQ',
  awsProfile: 'Aw8Hn3Yd6Fs1Ga5JeUo0Wi2Bc6De0Fg4Hi8JkL1',
};
const VALUES = Object.values(SECRETS);

const OUTPUTS = [
  `$ rabbitmqctl add_user admin ${SECRETS.rabbit}\nAdding user "admin" ...`,
  `$ sudo rabbitmqctl -n rabbit@mq1 change_password admin ${SECRETS.rabbitChange}`,
  `$ rabbitmqctl add_user 'ops team' "${SECRETS.rabbitQuoted}"`,
  `$ openssl enc -aes-256-cbc -salt -k ${SECRETS.opensslK} -in backup.tar -out backup.tar.enc`,
  `$ openssl enc -d -aes-256-cbc -pass pass:${SECRETS.opensslPass} -in a.enc -out a`,
  `$ openssl pkcs12 -export -in cert.pem -inkey key.pem -passin pass:${SECRETS.opensslPassin} -out c.p12`,
  `$ ansible-playbook site.yml -i prod --vault-password-file <(echo ${SECRETS.vault})`,
  `$ ansible-vault view secrets.yml --vault-password-file=<(printf '%s\\n' "${SECRETS.vaultPrintf}")`,
  `$ aws configure get aws_secret_access_key\n${SECRETS.awsSecret}\n$ echo done`,
  `$ aws configure get profile.prod.aws_secret_access_key --profile prod\r\n${SECRETS.awsProfile}`,
];

describe('command-line secret spellings (audit R22-6)', () => {
  it('masks each; the copy loads as the same events', () => {
    const r = masksAll(HEADER, OUTPUTS, VALUES);
    // the commands and the names stay
    for (const kept of [
      'rabbitmqctl add_user admin',
      'openssl enc',
      '-pass pass:',
      '<(echo ',
      'aws configure get',
    ])
      expect(r.text).toContain(kept);
  });

  it('keeps the near misses: no password given, one named by where it is, other commands', () => {
    const kept = [
      '$ rabbitmqctl add_user admin\nPassword: ',
      '$ rabbitmqctl add_user admin && rabbitmqctl set_user_tags admin administrator',
      '$ rabbitmqctl list_users\nListing users ...\nadmin\t[administrator]',
      '$ openssl enc -aes-256-cbc -pass env:BACKUP_PASSPHRASE -in a -out b',
      '$ openssl enc -d -aes-256-cbc -pass stdin -in a -out b',
      '$ openssl rsa -in key.pem -passin fd:3 -out plain.pem',
      '$ openssl s_client -connect example.com:443 -servername example.com',
      '$ curl -k https://localhost:8443/health',
      '$ ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt',
      '$ ansible-playbook site.yml --vault-password-file <(pass show ansible/vault)',
      '$ aws configure get region\nus-east-1',
      '$ aws configure get aws_secret_access_key\nThe config profile (prod) could not be found',
    ];
    keepsAll(HEADER, kept);
  });
});
