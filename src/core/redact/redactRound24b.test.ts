/**
 * Secrets audit R24 found surviving redaction. R24-3: a name/value pair written as text, the name
 * on one line and the value on the next (Kubernetes' and ECS's YAML `- name: OPENAI_API_KEY` /
 * `value: …`, CloudFormation's `ParameterKey:` / `ParameterValue:`), or one JSON pair inside text
 * that does not parse whole. R24-4: MySQL's `IDENTIFIED BY '<pw>'` and the passwords of
 * `chpasswd`, `net user`, `openssl passwd` and `mc alias set`. Each in a tool's output; the near
 * misses (a pair that names no secret, a `valueFrom:`, no literal password) are kept.
 */
import { describe, expect, it } from 'vitest';
import { keepsAll, masksAll } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r24b","createdAt":0}';

const PAIRS = {
  k8sQuoted: 'Kq7mB2xR9pL4vN8wT3yH6jD1fG5sA0cE2uI7oZ4k',
  k8sPlain: 'Kp3Wn7Yp1Tc5Md9FgH4iQx2L',
  k8sSingle: 'Ks6Hs0Jd4Lf8Ng2BpQ5rVt9Xc3Mb7Ae1Wz5Yu8Io',
  ecs: 'Es2Bc6De0Fg4Hi8JkL1mNo3Pq7Rs5Tu9Vw2Xy6Za0',
  jsonText: 'Jt1Mb5Nc9Od3Pe7QrS2tUv6Wx0Yz4Ab8Cd2Ef6Gh',
  jsonEscaped: 'Je8Rt2Yu6Io0Pa4Sd8Fg2Hj6Kl0Zx4Cv8Bn2Mq6W',
  cfn: 'Cf5Gh9Jk3Lm7Np1Qr5S',
};
const PAIR_VALUES = Object.values(PAIRS);
const PAIR_OUTPUTS = [
  `apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n        image: app:1\n        env:\n        - name: OPENAI_API_KEY\n          value: "${PAIRS.k8sQuoted}"\n        - name: LOG_LEVEL\n          value: debug\n`,
  `        env:\n        - name: DB_PASSWORD\n          value: ${PAIRS.k8sPlain}\n`,
  `        - name: "API_TOKEN"\n          value: '${PAIRS.k8sSingle}'   # rotated monthly\n`,
  `Environment:\n  - Name: STRIPE_SECRET_KEY\n    Value: ${PAIRS.ecs}\n`,
  `env: [{"name": "OPENAI_API_KEY", "value": "${PAIRS.jsonText}"}] and more`,
  `render(\\"env\\": [{\\"name\\":\\"OPENAI_API_KEY\\",\\"value\\":\\"${PAIRS.jsonEscaped}\\"}]`,
  `- ParameterKey: DBPassword\n  ParameterValue: ${PAIRS.cfn}\n`,
];

const COMMANDS = {
  createUser: 'nDWKm9VBga5EYTSh',
  alterUser: 'Au4Rt8Yu2Io6Pa0SdF',
  grant: 'Gr7Hj1Kl5Zx9Cv3Bn',
  nativePassword: 'Np2Mq6Wc0Er4Ty8Ui',
  chpasswd: 'Ch9Op3As7Df1Gh5Jk',
  netUser: 'Nu6Lz0Xc4Vb8Nm2Qw',
  opensslPasswd: 'Ow3Ee7Rr1Tt5Yy9Uu',
  minio: 'Mn8Ii2Oo6Pp0Aa4SsDdFfGgHhJjKkLl',
};
const COMMAND_VALUES = Object.values(COMMANDS);
const COMMAND_OUTPUTS = [
  `$ mysql -u root -e "CREATE USER 'app'@'%' IDENTIFIED BY '${COMMANDS.createUser}';"`,
  `mysql> ALTER USER 'app'@'localhost' IDENTIFIED BY "${COMMANDS.alterUser}";\nQuery OK, 0 rows affected`,
  `GRANT ALL ON app.* TO 'app'@'%' identified by '${COMMANDS.grant}';`,
  `CREATE USER 'legacy'@'%' IDENTIFIED WITH mysql_native_password BY '${COMMANDS.nativePassword}';`,
  `$ echo 'root:${COMMANDS.chpasswd}' | sudo chpasswd`,
  `PS> net user admin ${COMMANDS.netUser} /add`,
  `$ openssl passwd -1 ${COMMANDS.opensslPasswd}\n$1$abc$def`,
  `$ mc alias set myminio http://localhost:9000 minioadmin ${COMMANDS.minio}`,
];

describe('name/value pairs written as text (audit R24-3)', () => {
  it('masks the value a secret name names; the copy loads as the same events', () => {
    const r = masksAll(HEADER, PAIR_OUTPUTS, PAIR_VALUES);
    for (const kept of [
      'name: OPENAI_API_KEY',
      'Name: STRIPE_SECRET_KEY',
      'ParameterKey: DBPassword',
      'value: debug',
    ])
      expect(r.text).toContain(kept);
  });

  it('keeps pairs that name no secret, a valueFrom, and values that are no secret', () => {
    const kept = [
      '        - name: LOG_LEVEL\n          value: debug\n        - name: PORT\n          value: "8080"\n',
      '        - name: OPENAI_API_KEY\n          valueFrom:\n            secretKeyRef:\n              name: openai\n              key: api-key\n',
      '        - name: DB_PASSWORD\n          value: ""\n        - name: API_TOKEN\n          value: changeme\n',
      'env: [{"name": "NODE_ENV", "value": "production"}]',
      '- ParameterKey: InstanceType\n  ParameterValue: t3.micro\n',
    ];
    keepsAll(HEADER, kept);
  });
});

describe('MySQL IDENTIFIED BY and other command passwords (audit R24-4)', () => {
  it('masks each; the copy loads as the same events', () => {
    const r = masksAll(HEADER, COMMAND_OUTPUTS, COMMAND_VALUES);
    for (const kept of ["CREATE USER 'app'@'%' IDENTIFIED BY '", 'net user admin ', 'mc alias set myminio'])
      expect(r.text).toContain(kept);
  });

  it('keeps the near misses: no literal password, other commands', () => {
    const kept = [
      "CREATE USER 'app'@'%' IDENTIFIED WITH auth_socket;",
      "ALTER USER 'app'@'%' IDENTIFIED BY RANDOM PASSWORD;",
      'CREATE USER app IDENTIFIED BY :password;',
      '$ net user admin /delete',
      '$ net user admin *',
      '$ openssl passwd -stdin < pw.txt',
      '$ mc alias list',
      '$ echo "$USER:$PASS" | chpasswd',
    ];
    keepsAll(HEADER, kept);
  });
});
