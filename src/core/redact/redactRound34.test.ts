/** Audit 34's findings: Telegram bot tokens alone, Windows-admin and pentest command lines. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { toolResultLog } from './testing';

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
    const M = 1 << 20;
    for (const big of [
      `smbclient ${'-U a '.repeat(M / 5)}`,
      `impacket-psexec ${'-x y '.repeat(M / 5)}`,
      `nxc ${'-p '.repeat(M / 3)}`,
      `mount ${'user=a '.repeat(M / 7)}`,
    ])
      expect(m.mask(big)).toHaveLength(big.length);
  });
});
