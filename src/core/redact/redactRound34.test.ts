/** Audit 34's findings: Telegram bot tokens alone, Windows-admin and pentest command lines. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { toolResultLog, stayLinear } from './testing';

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'round34', createdAt: 0 });

describe('N1: a Telegram bot token by its shape', () => {
  it('masks it alone, in BotFather’s message and in each library’s constructor', () => {
    const m = createMasker();
    for (const token of [
      '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    ])
      for (const text of [
        token,
        `Use this token to access the HTTP API:\n${token}\nKeep your token secure`,
        `telebot.TeleBot("${token}")`,
        `new Telegraf('${token}')`,
        `tgbotapi.NewBotAPI("${token}")`,
      ])
        expect(m.mask(text), text).not.toContain(token.slice(12));
    expect(m.mask('at 12:34:56 AA batteries')).toBe('at 12:34:56 AA batteries');
  });
});

describe('N2: Windows-admin and pentest command lines', () => {
  const SHAPES = [
    'smbclient //fs/share -U admin%%',
    'smbclient -U "DOMAIN\\admin%%" //fs/share',
    'smbclient //fs/share -U WORKGROUP/admin%%',
    'rpcclient -U admin%% 10.0.0.5',
    'mount -t cifs //fs/share /mnt -o user=admin%%',
    "nxc smb 10.0.0.5 -u admin -p '%'",
    'crackmapexec smb 10.0.0.5 -u admin -p % --shares',
    "evil-winrm -i 10.0.0.5 -u admin -p '%'",
    'hydra -l admin -p % ssh://10.0.0.5',
    'smbmap -u admin -p % -H 10.0.0.5',
    "impacket-psexec 'CORP/admin:%@10.0.0.5'",
    'mssqlclient.py sa:%@10.0.0.5',
    'secretsdump.py -just-dc CORP/admin:%@10.0.0.5',
  ];

  it('masks the password, a hex-looking start included, in a tool call’s command', () => {
    const m = createMasker();
    const kept: string[] = [];
    for (const shape of SHAPES)
      for (const v of ['9fXk2mP2qLzR7w', 'f3hGMDpy4DE9ugYH', 'Xk9mP2qLzR7wT']) {
        const text = shape.replace(/%%|%(?!\d)/, (p) => (p === '%%' ? `%${v}` : v));
        if (m.mask(text).includes(v.slice(2))) kept.push(text);
      }
    expect(kept).toEqual([]);
    const log = toolResultLog(HEADER, [
      '$ smbclient -U "CORP\\admin%f3hGMDpy4DE9ugYH" //fs/share\nsmb: \\> ',
    ]);
    expect(redactLogText(log).text).not.toContain('GMDpy4DE9ugYH');
  });

  it('keeps password lists, a URL escape elsewhere, and stays linear', () => {
    const m = createMasker();
    for (const text of [
      'hydra -l admin -P rockyou.txt ssh://x',
      'curl -U proxyuser%40corp:pw http://x',
      'smbclient -L //fs -N',
    ])
      expect(m.mask(text)).toBe(text);
    stayLinear((M) => [
      `smbclient ${'-U a '.repeat(M / 5)}`,
      `impacket-psexec ${'-x y '.repeat(M / 5)}`,
      `nxc ${'-p '.repeat(M / 3)}`,
      `mount ${'user=a '.repeat(M / 7)}`,
    ]);
  });
});

describe('N2: -u USER -p PW of any command; N6: command lines as argument lists', () => {
  const V = 'Xk9mP2qLzR7wT';
  const CASES = [
    'docker exec -it neo4j cypher-shell -u neo4j -p %',
    'docker exec cass cqlsh -u cassandra -p %',
    'rabbitmqadmin -u admin -p % list queues',
    'influx setup -u admin -p %',
    'mosquitto_pub -h broker -u admin -P %',
    'tsql -S db -U sa -P %',
    'beeline -u jdbc:hive2://h:10000 -n hive -p %',
    'valkey-cli -a % ping',
    'db2 connect to sample user db2inst1 using %',
    'test: ["CMD", "redis-cli", "-a", "%", "ping"]',
    'subprocess.run(["sshpass", "-p", "%", "ssh", "root@h"])',
    'exec.Command("redis-cli", "-a", "%", "ping")',
    'subprocess.check_call(["docker", "login", "-u", "me", "-p", "%"])',
    'subprocess.run(["curl", "-u", "admin:%", "https://x"])',
    'test: ["CMD", "mongosh", "-u", "root", "-p", "%", "--eval", "db.adminCommand(1)"]',
    'readinessProbe:\n  exec:\n    command:\n      - redis-cli\n      - -a\n      - %\n      - ping',
  ];

  it('masks the password, a value holding ( & included', () => {
    const m = createMasker();
    const kept: string[] = [];
    for (const c of CASES)
      for (const v of [V, 'p@55(w0rd)&X9q']) if (m.mask(c.replace('%', v)).includes(v)) kept.push(c);
    expect(kept).toEqual([]);
  });

  it('keeps ports, paths, numbers, mysql’s prompt before a database name, and options of other tools', () => {
    const m = createMasker();
    for (const text of [
      'docker run -u 1000 -p 8080:80 nginx',
      'docker run --user app -p 3000:3000 img',
      'ssh -l root -p 2222 host',
      'psql -U postgres -p 5432 -h db',
      'mysql -u root -p production_db',
      'rsync -u admin -p ./dir host:',
      'curl -u admin -w "%{http_code}" https://x',
      '["docker", "run", "-p", "8080:80", "img"]',
      '["docker", "exec", "-w", "/workspace", "app"]',
      'subprocess.run(["mkdir", "-p", "some/dir"])',
    ])
      expect(m.mask(text)).toBe(text);
  });

  it('stays linear', () => {
    stayLinear((M) => [
      `x ${'-u a '.repeat(M / 5)}`,
      `["redis-cli"${', "x"'.repeat(M / 5)}`,
      `- redis-cli\n${'- x\n'.repeat(M / 4)}`,
      `connect to ${'a '.repeat(M / 2)}`,
    ]);
  });
});

describe('N5: a secret column as the database shells print it, and in every row', () => {
  it('masks psql’s and the mysql client’s tables, a token table’s key column', () => {
    const m = createMasker();
    const V = 'Xk9mP2qLzR7wT';
    for (const table of [
      ' username | password \n----------+----------\n alice    | %\n(1 row)',
      '+----------+---------------+\n| username | password      |\n+----------+---------------+\n| alice    | % |\n+----------+---------------+',
      ' id |  email        | api_key\n----+---------------+---------\n  1 | a@x.org       | %',
      ' key | created | user_id\n-----+---------+---------\n 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b | 2026-12-04 10:00 | 1',
    ]) {
      const out = m.mask(table.replace('%', V));
      expect(out, table).not.toContain(V);
      expect(out).not.toContain('9944b09199c62bcf');
    }
  });

  it('masks the column past 10,000 rows (no cap that ends with values kept)', () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `| u${i} | Pw${i}xK9mQ | n |`).join('\n');
    const out = createMasker().mask(`| user | password | note |\n|---|---|---|\n${rows}`);
    expect(out).not.toContain('Pw11999xK9mQ');
    expect(out).toContain('| u11999 |');
  });
});

describe('audit 34 L1: code after password= is kept', () => {
  it('JSX braces, (yield), a shell command in backticks', () => {
    const m = createMasker();
    for (const code of [
      '<LoginForm password={password} onChange={setPassword} />',
      'password=(yield)',
      'PASSWORD=`cat pw.txt`',
    ])
      expect(m.mask(code)).toBe(code);
    expect(m.mask('password=Xk9mP2qLzR7wT')).not.toContain('Xk9mP2qLzR7wT');
  });
});

describe('audit 34 N6 (related): a value holding ( & after a flag or a config directive', () => {
  it('runs to whitespace: redis-server --requirepass, redis.conf requirepass', () => {
    const m = createMasker();
    for (const text of ['redis-server --requirepass p@55(w0rd)&X9q', 'requirepass p@55(w0rd)&X9q'])
      expect(m.mask(text), text).not.toMatch(/w0rd|X9q/);
    expect(m.mask('the token abc(def) here')).toBe('the token abc(def) here');
  });
});
