/** Audit 36's redaction findings: a secret's label qualified before its colon ("password for prod:"). */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { changedOf, codexPair, keptOf, stayLinear } from './testing';
import { redactLogText } from './redactLog';

const V = 'Xk9mP2qLzR7wT4vBa8Cd';

describe('N1: a label qualified before its colon', () => {
  const shapes = [
    'DB password for prod: %',
    'Password for the staging DB: %',
    'root password for mysql: %',
    'API key for OpenWeather: %',
    'token for the staging API: %',
    'SSH password for root@10.0.0.5: %',
    'password for admin@example.com: %',
    'Password (admin): %',
    '**Password for the admin account:** %',
    'Here are the creds:\n- URL: https://staging.example.com\n- Username: admin\n- Password for staging: %',
  ];
  it('masks a random value and a human one, whole', () => {
    expect(keptOf(V, shapes)).toEqual([]);
    expect(keptOf('Summer2024!', shapes)).toEqual([]);
    expect(createMasker().mask('- Password for staging: Summer2024!')).not.toContain('!');
  });
  it('in a Codex output', () => {
    const lines = codexPair({ cmd: 'cat HANDOVER.md' }, `Output:\nDB password for prod: ${V}\n`);
    expect(redactLogText(lines.join('\n')).text).not.toContain(V);
  });
  it('keeps prose and placeholders after such a label', () => {
    expect(
      changedOf([
        'max tokens for the model: 4096',
        'Password for user postgres: ',
        'token for the request: expired',
        'The API key for OpenAI: see the docs below',
        'password (optional): leave empty',
        'password for root: ********',
        'Secret for webhook: ${WEBHOOK_SECRET}',
        'API key for prod: YOUR_API_KEY_HERE',
        'API key (required): string',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      'password for '.repeat(M / 13),
      'password for a b c d '.repeat(M / 21),
      'password ('.repeat(M / 10),
      'token (x): '.repeat(M / 11),
    ]);
  });
});

describe('audit 36 lows', () => {
  it('L1-L5: OpenAI::client, Net::SMTP.start, a Rust builder over two statements, `login: U / V`, a label without its colon on the line above', () => {
    expect(
      keptOf(V, [
        "$client = OpenAI::client('%');",
        'Net::SMTP.start("smtp.gmail.com", 587, "localhost", "me@gmail.com", "%", :plain)',
        'let mut cmd = Command::new("sshpass"); cmd.args(&["-p", "%", "ssh", "host"]);',
        'login: admin / %',
        'Client Secret\n%',
        'API Key\n\n%\n',
      ]),
    ).toEqual([]);
    expect(createMasker().mask(`Command::new("sshpass").arg("-p").arg("${V}")`)).toMatch(
      /^Command::new\("sshpass"\)\.arg\("-p"\)\.arg\("\[password\]\*+"\)$/,
    );
    expect(createMasker().mask(`7z a -p"${V}" out.7z`)).not.toContain(V);
  });
  it('keeps what is no secret beside those shapes', () => {
    expect(
      changedOf([
        'client = Client("us-east-1-production")',
        'let mut cmd = Command::new("ssh"); cmd.args(&["-p", "2222", "host"]);',
        'Commit hash\n3f9a2b7c1d4e5f60',
        'Token\nab12cd34ef56gh78',
        'login: admin / see the vault',
        'Your secret key for the new password manager\nXk9mP2qLzR7wT4vB',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => ['API Key\n'.repeat(M / 8), 'login: a / '.repeat(M / 11), 'passpass'.repeat(M / 8)]);
  });
});

describe('lows left open by audits 34-35', () => {
  it('sqlite’s list mode, a numbered .pgpass line, a seed phrase in code, sed replacing a secret’s placeholder', () => {
    expect(
      keptOf(V, [
        'sqlite> .headers on\nsqlite> select * from users;\nid|username|password\n1|admin|%',
        'id|username|api_key\n1|admin|%',
        '     1\tlocalhost:5432:mydb:postgres:%',
        '    12\u2192db.example.com:5432:*:app:%',
        "sed -i 's/changeme/%/' config.yml",
        'sed -i "s/CHANGE_ME/%/g" .env',
        "sed -i 's|<your-api-key>|%|' settings.py",
      ]),
    ).toEqual([]);
    const phrase = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    expect(createMasker().mask(`const w = ethers.Wallet.fromPhrase("${phrase}");`)).not.toContain('absorb');
    expect(createMasker().mask(`seed = mnemonicToSeedSync('${phrase}')`)).not.toContain('absorb');
  });
  it('keeps their look-alikes', () => {
    expect(
      changedOf([
        "sed -i 's/your-domain/example.com/' nginx.conf",
        "sed 's/password/passwd/' pam.conf",
        "sed -i 's/changeme/$DB_PASSWORD/' app.env",
        'cat x|grep password|wc\nps aux|grep java|head',
        'const w = Wallet.fromPhrase(phrase)',
        '    12\u2192main.go:12:5:undefined:abc',
        'id|name|token_count\n1|abc|4096',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      'sed s/changeme/'.repeat(M / 15),
      'id|password\n'.repeat(M / 12),
      'fromPhrase("abc '.repeat(M / 16),
    ]);
  });
});

describe('a backslash or a doubled quote inside a password (audit 35 lows)', () => {
  it('masks the whole value', () => {
    expect(keptOf('Kq9\\mZ2xLp7', ['DB_PASSWORD=%', 'password: %', 'export PASSWORD=%'])).toEqual([]);
    expect(createMasker().mask("ALTER USER app PASSWORD 'Kq9''mZ2xLp7';")).not.toMatch(/Kq9|mZ2/);
  });
  it('still ends at an escape and keeps an empty literal', () => {
    expect(createMasker().mask('"PASSWORD=abc123def\\nNEXT=1"')).toContain('\\nNEXT=1"');
    expect(changedOf(["password = ''", "ALTER USER app PASSWORD '';"])).toEqual([]);
  });
  it('stays linear on runs of backslashes and doubled quotes', () => {
    stayLinear((M) => [
      `password=${'\\'.repeat(M)}n`,
      `password: ${'a\\\\'.repeat(M / 3)}n`,
      `PASSWORD=${'x\\'.repeat(M / 2)}`,
      `PASSWORD '${"''".repeat(M / 2)}`,
    ]);
  });
});
