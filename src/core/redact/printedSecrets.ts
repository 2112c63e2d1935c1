/**
 * A secret a command prints alone on its output (audit 29 N4): `kubectl get secret … -o
 * jsonpath='{.data.password}' | base64 -d`, `argocd admin initial-password`, Jenkins'
 * `initialAdminPassword`, password managers (`bw get password`, `op item get … --fields password`,
 * `op read`, `pass show`, `security find-generic-password … -w`), short-lived tokens (`aws ecr
 * get-login-password`, `gcloud auth print-access-token`, `az account get-access-token … -o tsv`),
 * `vault kv get -field=password`, `echo $DB_PASSWORD`, `heroku auth:token`. Nothing labels the output: the command says
 * what it is. In one string (a pasted transcript) the output's first line after the command is
 * masked; in a log, redactLog.ts links a tool result to its call and reads them as one string.
 */

/** A command that prints a secret (and whatever follows on its line). */
const PRINTS = String.raw`(?:\bheroku[ \t]+auth:token\b|\bkubectl[ \t]+get[ \t]+secrets?\b[^\r\n]{0,512}?\|[ \t]*base64[ \t]+(?:-d|-D|--decode)|\bargocd[ \t]+admin[ \t]+initial-password|\binitialAdminPassword\b|\bbw[ \t]+get[ \t]+(?:password|totp)|\bop[ \t]+(?:item[ \t]+get[^\r\n]{0,256}?--fields[ =]["']?[^\r\n]{0,64}?(?:password|credential|token|secret)|read[ \t]+["']?op:\/\/)|\bpass[ \t]+show\b|\bsecurity[ \t]+find-(?:generic|internet)-password\b[^\r\n]{0,256}?[ \t]-w\b|\baws[ \t]+ecr[ \t]+get-login-password|\bgcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token|\baz[ \t]+account[ \t]+get-access-token\b[^\r\n]{0,256}?-o[ \t]+tsv|\bvault[ \t]+kv[ \t]+get[ \t]+-field=[\w-]{0,32}(?:password|secret|token|key)|\becho[ \t]+["']?\$\{?[A-Z_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|_KEY)[A-Z_]{0,32}\}?)`;

export const PRINTS_SECRET = new RegExp(PRINTS);

/** The command, the rest of its line, blank lines, then the printed value: a line of its own. */
const PRINTED = new RegExp(
  `${PRINTS}[^\\r\\n]{0,512}\\r?\\n(?:[ \\t]*\\r?\\n){0,3}[ \\t]*([^\\s"'\`]{8,4096})(?=[ \\t]*(?:\\r?\\n|$))`,
  'dg',
);

export function* printedSecrets(s: string): Generator<readonly [number, number]> {
  if (!s.includes('\n') || !PRINTS_SECRET.test(s)) return;
  PRINTED.lastIndex = 0;
  for (let m = PRINTED.exec(s); m !== null; m = PRINTED.exec(s)) {
    const at = m.indices?.[1];
    if (at) yield at;
  }
}

type Masked = (s: string) => string;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A tool call's command text: its arguments' `command` (a string or an argv), or the arguments. */
function commandOf(data: Record<string, unknown>): string | undefined {
  const args = data.arguments;
  if (typeof args !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(args);
    const command = isObject(parsed) ? parsed.command : undefined;
    if (typeof command === 'string') return command;
    if (Array.isArray(command)) return command.filter((c) => typeof c === 'string').join(' ');
  } catch {
    // not JSON: the arguments as they are
  }
  return args;
}

/**
 * In a harness log a command and what it printed are two events, a tool call and its result: each
 * result whose call's command prints a secret has its text masked as if it followed the command in
 * one string (`mask(command + "\n" + text)`), in place; the seqs of the lines changed are added to
 * `dirty`. Lines are parsed values (redactLog.ts).
 */
export function maskPrintedResults(parsed: readonly unknown[], mask: Masked, dirty: Set<number>): void {
  const commands = new Map<string, string>();
  for (const v of parsed) {
    if (!isObject(v) || v.type !== 'tool/call' || !isObject(v.data)) continue;
    const { callId } = v.data;
    const command = commandOf(v.data);
    if (
      typeof callId === 'string' &&
      command !== undefined &&
      command.length <= 8192 &&
      PRINTS_SECRET.test(command)
    )
      commands.set(callId, command);
  }
  if (commands.size === 0) return;
  parsed.forEach((v, i) => {
    if (!isObject(v) || v.type !== 'tool/result' || !isObject(v.data)) return;
    const message = isObject(v.data.message) ? v.data.message : undefined;
    const source = isObject(message?.source) ? message.source : undefined;
    const callId = [v.data.callId, message?.callId, source?.callId].find((c) => typeof c === 'string');
    const command = callId === undefined ? undefined : commands.get(callId);
    if (command === undefined) return;
    const read = (text: string) => {
      const masked = mask(`${command}\n${text}`).slice(command.length + 1);
      if (masked !== text) dirty.add(i);
      return masked;
    };
    if (typeof v.data.output === 'string') v.data.output = read(v.data.output);
    if (message === undefined) return;
    if (typeof message.content === 'string') message.content = read(message.content);
    else if (Array.isArray(message.content))
      for (const part of message.content)
        if (isObject(part) && typeof part.text === 'string') part.text = read(part.text);
  });
}
