/** Audit 35's redaction findings: argument lists after a command's name, JSON pairs over lines, appid, auth helpers. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { codexPair, stayLinear } from './testing';

const V = 'Xk9mP2qLzR7wT4vB';
const keptOf = (cases: readonly string[]) => {
  const m = createMasker();
  return cases.filter((c) => m.mask(c.replaceAll('%', V)).includes(V));
};

describe('N3: an argument list after the command’s own name', () => {
  it('Node’s spawn/execFile/execa, Rust’s Command args and .arg chain, C#’s Process.Start, Deno, a YAML args list', () => {
    expect(
      keptOf([
        "const child = spawn('mongosh', ['-u', 'root', '-p', '%', '--quiet'])",
        "execFileSync('sshpass', ['-p', '%', 'ssh', 'root@10.0.0.5'])",
        "await execa('redis-cli', ['-a', '%', 'ping'])",
        'Process.Start("sshpass", new[] { "-p", "%", "ssh", "h" })',
        'Deno.Command("redis-cli", { args: ["-a", "%", "ping"] })',
        'Command::new("sshpass").arg("-p").arg("%")',
        'containers:\n  - name: redis\n    args:\n      - --requirepass\n      - %',
      ]),
    ).toEqual([]);
    const m = createMasker();
    for (const code of [
      "spawn('ssh', ['-p', '2222', 'host'])",
      'Command::new("ssh").arg("-p").arg("2222")',
      "spawn('mysql', ['-u', 'root', '-p', 'dbname'])", // mysql's -p takes its password attached
    ])
      expect(m.mask(code)).toBe(code);
  });
});

describe('N4: a JSON name/value pair over lines, after other lines', () => {
  it('masks it in any text and in a Codex output after its header', () => {
    expect(
      keptOf([
        'Output:\n[\n  {\n    "name": "DB_PASSWORD",\n    "value": "%"\n  }\n]',
        'x\n{"Parameter": {"Name": "/prod/db/password", "Type": "SecureString", "Value": "%"}}',
        '$ az keyvault secret show\n{\n  "id": "https://kv/secrets/db-password/1",\n  "name": "db-password",\n  "tags": {},\n  "value": "%"\n}',
        'x\n[\n  {\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "%"\n  }\n]',
      ]),
    ).toEqual([]);
    const json = JSON.stringify(
      { Parameter: { Name: '/prod/db/password', Type: 'SecureString', Value: V } },
      null,
      2,
    );
    const text = codexPair(
      { cmd: 'aws ssm get-parameter --name /prod/db/password --with-decryption' },
      `Chunk ID: a1\nWall time: 0.5 seconds\nProcess exited with code 0\nOutput:\n${json}\n`,
    );
    expect(redactLogText(text.join('\n')).text).not.toContain(V);
    const m = createMasker();
    const kept = 'x\n{"name": "LOG_LEVEL",\n "value": "debugVerbose1"}';
    expect(m.mask(kept)).toBe(kept);
  });
});

describe('N5, N6: appid, and the auth helpers’ positional secrets', () => {
  it('masks them', () => {
    expect(
      keptOf([
        'curl "https://api.openweathermap.org/data/2.5/weather?q=London&appid=%&units=metric"',
        'params = {"q": city, "appid": "%", "units": "metric"}',
        'String credential = Credentials.basic("admin", "%");',
        'auth := smtp.PlainAuth("", "me@gmail.com", "%", "smtp.gmail.com")',
        'es = Elasticsearch("https://localhost:9200", basic_auth=("elastic", "%"))',
        'OpenSearch(hosts=[host], http_auth=("admin", "%"), use_ssl=True)',
        'const driver = neo4j.driver(uri, neo4j.auth.basic("neo4j", "%"))',
        'curl_setopt($ch, CURLOPT_USERPWD, "admin:%");',
        'new AuthenticationHeaderValue("Bearer", "%")',
        'new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.ASCII.GetBytes("admin:%")))',
        'ldap.bind_s("cn=admin,dc=example,dc=org", "%")',
        'conn = ldap3.Connection(server, "cn=admin,dc=example,dc=org", "%", auto_bind=True)',
        '.bearer_auth("%")',
        '.basic_auth("admin", Some("%"))',
        'h.setBasicAuth("admin", "%")',
        'new BasicAuthenticationInterceptor("admin", "%")',
        "#0 /app/Connector.php(70): PDO->__construct('mysql:host=mysq...', 'sail', '%', Array)",
      ]),
    ).toEqual([]);
    const m = createMasker();
    for (const code of [
      'new AuthenticationHeaderValue("Bearer", token)',
      'fn.bind(null, "abcdefgh")',
      'x.bind(this)',
    ])
      expect(m.mask(code)).toBe(code);
  });

  it('stays linear', () => {
    stayLinear((M) => [
      `spawn('redis-cli', [${"'x', ".repeat(M / 5)}`,
      `{"name": "DB_PASSWORD", ${'"a": "b", '.repeat(M / 10)}`,
      `?appid=${'a'.repeat(M)}`,
      `Credentials.basic(${'"a", '.repeat(M / 5)}`,
    ]);
  });
});

describe('audit 35 lows', () => {
  it('L3-L5, L8: echo V | base64, wg genkey, k3s token create, cat of a master.key, X-Honeycomb-Team', () => {
    const key = 'f3a9c2e7b8d4f6a9c0e1b2d3f4a5c6e7';
    const m = createMasker();
    for (const text of [
      `echo 'Xk9mP2qLzR7wT4vB' | base64`,
      `$ cat config/master.key\n${key}\n$ `,
      `$ cat ~/.config/openai/key\n${key}\n$ `,
      `$ wg genkey | tee privatekey\n${key}\n$ `,
      `$ k3s token create\n${key}\n$ `,
      `curl -H 'X-Honeycomb-Team: ${key}' https://api.honeycomb.io`,
    ])
      expect(m.mask(text), text).not.toMatch(/Xk9mP2qLzR7wT4vB|f3a9c2e7b8d4f6a9/);
    for (const text of ["echo -n 'hello world' | base64", '$ cat README.md\nhello-world-readme\n'])
      expect(m.mask(text)).toBe(text);
  });
});

describe('N4: a pair split over numbered lines (Claude Code’s Read, cat -n, grep -n)', () => {
  it('masks the YAML and JSON pairs; stays linear', () => {
    expect(
      keptOf([
        '    20→        env:\n    21→          - name: DB_PASSWORD\n    22→            value: "%"',
        '     9→          {\n    10→            "name": "API_KEY",\n    11→            "value": "%"\n    12→          }',
        '20\t  - name: DB_PASSWORD\n21\t    value: %',
        'config/app.yml:11:  - name: DB_PASSWORD\nconfig/app.yml:12:    value: %',
      ]),
    ).toEqual([]);
    stayLinear((M) => [
      `"name": "DB_PASSWORD",${' '.repeat(M)}x`,
      `"name": "DB_PASSWORD",\n${'   12→ '.repeat(M / 8)}x`,
      `name: DB_PASSWORD\n${'a'.repeat(M)}:1:`,
    ]);
  });
});
