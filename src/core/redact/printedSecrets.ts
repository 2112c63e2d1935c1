/**
 * A secret a command prints alone on its output (audit 29 N4): `kubectl get secret … -o
 * jsonpath='{.data.password}' | base64 -d`, `argocd admin initial-password`, Jenkins'
 * `initialAdminPassword`, password managers (`bw get password`, `op item get … --fields password`,
 * `op read`, `pass show`, `security find-generic-password … -w`), short-lived tokens (`aws ecr
 * get-login-password`, `gcloud auth print-access-token`, `az account get-access-token … -o tsv`),
 * `vault kv get -field=password`, `echo $DB_PASSWORD`, `heroku auth:token`, the cloud secret stores'
 * reads (`gcloud secrets versions access`, `aws secretsmanager get-secret-value`, `az keyvault secret
 * show --query value`, `aws ssm get-parameter --with-decryption`), `terraform output -raw` (or naming a
 * secret: audit 39 N1), `pulumi stack output … --show-secrets`, `printenv
 * X`, `doppler secrets get`, `sops -d --extract`, `pulumi config get`. Nothing labels the output: the command says
 * what it is. In one string (a pasted transcript) the output's first line after the command is
 * masked; in a log, redactLog.ts links a tool result to its call and reads them as one string.
 */

import { isObject } from '../validate';

/** A variable named as a secret: `DB_PASSWORD`, `GITHUB_TOKEN`, `apiKey`. */
const SECRET_NAME = String.raw`[A-Za-z0-9_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|_KEY|[Pp]assword|[Ss]ecret|[Tt]oken|[Aa]pi_?[Kk]ey|_key)[A-Za-z0-9_]{0,32}`;

/**
 * Commands that print a file, environment variable or JSON member named as a secret (audit 31's
 * rarer spellings): `cat`/`type`/`gc`/`Get-Content -Raw`/`head`/`tail` of a secret-named file,
 * `[Environment]::GetEnvironmentVariable("X")`, `node -e "console.log(process.env.X)"`, `python -c
 * "print(os.environ['X'])"`, `grep X .env | cut -d= -f2` (`env | grep X | cut`), `jq -r .password`.
 */
const PRINTS_NAMED = String.raw`\b(?:cat|type|gc|Get-Content|head|tail|more|bat)(?:[ \t]+-{1,2}[\w-]{1,16}(?:[ \t]+\d{1,6})?){0,4}[ \t]+[^\s|;&<>]{0,256}(?:secret|token|passw|api[_-]?key|_key\b|master\.key\b|[/\\]key\b)[^\s|;&<>]{0,256}|\[(?:System\.)?Environment\]::GetEnvironmentVariable\([ \t]*["']${SECRET_NAME}["']|\bnode[ \t]+(?:-e|-p|--eval|--print)[ \t]+[^\r\n]{0,256}?process\.env(?:\.|\[["'])${SECRET_NAME}|\bpython[\d.]{0,4}[ \t]+-c[ \t]+[^\r\n]{0,256}?print\([^\r\n]{0,128}?(?:environ(?:\.get\(|\[)|getenv\()[ \t]*["']${SECRET_NAME}|\bgrep\b[^\r\n|]{0,256}?${SECRET_NAME}[^\r\n|]{0,256}\|[ \t]*(?:cut|awk|sed)\b|\bjq[ \t]+(?:-[a-zA-Z]{0,4}r[a-zA-Z]{0,4}|--raw-output)[ \t][^\r\n]{0,128}?\.[\w.-]{0,64}(?:password|passwd|secret|token|api_?key|apiKey|_key)\b`;

/**
 * Commands that print a new secret or a login's token alone: `openssl rand -hex 32`, Python's
 * `secrets.token_hex()`, Django's `get_random_secret_key()`, `rails secret`, `php artisan
 * key:generate --show`, `mix phx.gen.secret`, `pwgen`, `head -c 32 /dev/urandom | base64` (what an
 * agent runs to make a SECRET_KEY), `wg genkey`, `k3s token create`, `gh auth token`, `fly auth token`, `vault token create -field=token`.
 */
const PRINTS_NEW = String.raw`\bopenssl[ \t]+rand\b|\bsecrets\.token_(?:hex|urlsafe|bytes)\(|\bget_random_secret_key\(|\b(?:bin\/)?rails[ \t]+secret\b|\bartisan[ \t]+key:generate\b[^\r\n]{0,64}--show|\bmix[ \t]+phx\.gen\.secret\b|\bpwgen\b|\/dev\/urandom\b[^\r\n]{0,128}\|[^\r\n]{0,64}\b(?:base64|xxd|od|tr)\b|\bwg[ \t]+genkey\b|\bk3s[ \t]+token[ \t]+(?:create|generate)\b|\bgh[ \t]+auth[ \t]+token\b|\bfly(?:ctl)?[ \t]+auth[ \t]+token\b|\bvault[ \t]+token[ \t]+create\b[^\r\n]{0,256}?-field=[\w-]{0,32}token`;

/** A command that prints a secret (and whatever follows on its line). */
const PRINTS = String.raw`(?:${PRINTS_NAMED}|${PRINTS_NEW}|\bheroku[ \t]+auth:token\b|\bkubectl\b[^\r\n|]{0,256}?[ \t]get[ \t]+secrets?\b[^\r\n]{0,512}?(?:\|[ \t]*base64[ \t]+(?:-d|-D|--decode)|jsonpath=["']?\{\.data\.[\w.-]{0,64}(?:password|secret|token|key))|\bargocd[ \t]+admin[ \t]+initial-password|\binitialAdminPassword\b|\bbw[ \t]+get[ \t]+(?:password|totp)|\bop[ \t]+(?:item[ \t]+get[^\r\n]{0,256}?--fields[ =]["']?[^\r\n]{0,64}?(?:password|credential|token|secret)|read[ \t]+["']?op:\/\/)|\bpass[ \t]+show\b|\bsecurity[ \t]+find-(?:generic|internet)-password\b[^\r\n]{0,256}?[ \t]-w\b|\baws[ \t]+ecr[ \t]+get-login-password|\bgcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token|\baz[ \t]+account[ \t]+get-access-token\b[^\r\n]{0,256}?-o[ \t]+tsv|\bvault[ \t]+(?:kv[ \t]+get|read)\b[^\r\n]{0,256}?[ \t]-field=[\w-]{0,32}(?:password|secret|token|key)|\bheroku[ \t]+config:get[ \t]+[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|KEY)|(?:\becho[ \t]+)?\$env:[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|API_KEY|_KEY)\b|\becho[ \t]+%[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|API_KEY|_KEY)[A-Z_]{0,32}%|\becho[ \t]+["']?\$\{?[A-Z_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|_KEY)[A-Z_]{0,32}\}?|\bgcloud[ \t]+secrets[ \t]+versions[ \t]+access\b|\baz[ \t]+keyvault[ \t]+secret[ \t]+show\b[^\r\n]{0,256}?--query[ \t]+["']?value|\baws[ \t]+secretsmanager[ \t]+get-secret-value\b|\baws[ \t]+ssm[ \t]+get-parameters?\b[^\r\n]{0,256}?--with-decryption|\bterraform[ \t]+output[ \t]+(?:-raw\b|(?:-json[ \t]+)?[\w-]{0,64}(?:[Pp]assword|PASSWORD|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Kk]ey\b|KEY\b))|\bpulumi[ \t]+stack[ \t]+output\b[^\r\n]{0,256}?--show-secrets|\bjq\b[^\r\n]{0,128}?\.(?:unseal|recovery)_keys_(?:b64|hex)|\bprintenv[ \t]+[A-Z_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|KEY)[A-Z_]{0,32}|\bdoppler[ \t]+secrets[ \t]+get\b|\bsops[ \t]+(?:-d|--decrypt)\b[^\r\n]{0,256}?--extract|\bpulumi[ \t]+config[ \t]+get\b|\bkubectl[ \t]+get[ \t]+secrets?\b[^\r\n]{0,512}?base64decode)`;

export const PRINTS_SECRET = new RegExp(PRINTS);

/** The command, the rest of its line, blank lines, then the printed value: a line of its own (quoted as JSON: `terraform output NAME`). */
const PRINTED = new RegExp(
  `${PRINTS}[^\\r\\n]{0,512}\\r?\\n(?:[ \\t]*(?:\`\`\`\\w{0,16})?[ \\t]*\\r?\\n){0,3}[ \\t]*"?([^\\s"'\`\\\\]{8,4096})"?(?=[ \\t]*(?:\\r?\\n|\\\\n|$))`,
  'dg',
);

/** A further value line after a printed one: `echo $A; echo $B` prints two lines. */
const NEXT_VALUE =
  /[ \t]*(?:\r?\n|\\n)(?:[ \t]*(?:\r?\n|\\n)){0,3}[ \t]*([^\s"'`\\]{8,4096})(?=[ \t]*(?:\r?\n|\\n|$))/dy;
const PRINTS_ALL = new RegExp(PRINTS, 'g');
/** Printing commands on one line read at most (each prints one more value line). */
const MAX_PRINTS = 16;

/** How many printing commands a command line holds (`echo $A && echo $B`: 2), at most MAX_PRINTS. */
function printsOn(line: string): number {
  let n = 0;
  PRINTS_ALL.lastIndex = 0;
  while (n < MAX_PRINTS && PRINTS_ALL.exec(line) !== null) n++;
  return n;
}

export function* printedSecrets(s: string): Generator<readonly [number, number]> {
  if (!s.includes('\n') || !PRINTS_SECRET.test(s)) return;
  PRINTED.lastIndex = 0;
  for (let m = PRINTED.exec(s); m !== null; m = PRINTED.exec(s)) {
    const at = m.indices?.[1];
    if (!at) continue;
    yield at;
    // a line of several printing commands prints one value line each (audit 31: the second was kept)
    const lineEnd = s.indexOf('\n', m.index);
    let more = printsOn(s.slice(m.index, lineEnd < 0 ? s.length : lineEnd)) - 1;
    let end = at[1];
    for (; more > 0; more--) {
      NEXT_VALUE.lastIndex = end;
      const next = NEXT_VALUE.exec(s)?.indices?.[1];
      if (!next) break;
      yield next;
      end = next[1];
    }
    PRINTED.lastIndex = Math.max(PRINTED.lastIndex, end);
  }
}

type Masked = (s: string) => string;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Members that hold what a tool printed, in every format (harness, Claude Code, Codex, pi). */
const PRINTED_MEMBERS = new Set([
  'content',
  'text',
  'output',
  'stdout',
  'stderr',
  'aggregated_output',
  'formatted_output',
]);
/** Lines read with one call's command at most (a hostile log reused one id on every line: audit 31 N3). */
const READS_PER_CALL = 16;
/** The header Codex puts before a command's output. */
const CODEX_HEAD = /^(?:[A-Z][^\n]{0,256}\n){0,8}?Output:\n/;
/** Codex's older output, JSON text whose `output` member holds what was printed. */
const CODEX_JSON_HEAD = /^\{[ \t]*"output"[ \t]*:[ \t]*"/;
/** Codex's unified exec: a command still running names the session `write_stdin` reads it from. */
const CODEX_SESSION = /\bsession ID (\d{1,12})\b/;
/** Claude Code's bash mode (`!cmd`): the command and what it printed are two user records. */
const BASH_INPUT = /<bash-input>([^]{0,8192}?)<\/bash-input>/;
const BASH_STDOUT = /<bash-stdout>([^]*?)(?:<\/bash-stdout>|$)/d;
/** Lines after a bash-mode command its output may come in. */
const BASH_REACH = 4;
/** Objects looked into per line at most (a hostile line of a million objects is walked once by maskTree). */
const MAX_OBJECTS = 4096;

/** The objects of a parsed line, depth first, at most MAX_OBJECTS. */
function objectsOf(root: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0 && out.length < MAX_OBJECTS) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isObject(v)) {
      out.push(v);
      for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return out;
}

/** Call blocks named by their `id`: Claude Code's `tool_use`, pi's `toolCall`, the harness's `tool-call`. */
const CALL_TYPES = new Set<unknown>(['tool_use', 'toolCall', 'tool-call']);

interface Call {
  id: string;
  /** The command (an argv joined), or the arguments as they are when they hold no `command`. */
  command: string | undefined;
  /** Codex's `write_stdin {session_id}`: the running command it reads. */
  session: string | undefined;
}

/**
 * A tool call: the harness's `{callId, arguments}`, Claude Code's `{type: "tool_use", id, input:
 * {command}}`, Codex's `{type: "function_call", call_id, arguments}` (its command an argv).
 */
function callOf(o: Record<string, unknown>): Call | undefined {
  const id = str(o.callId) ?? str(o.call_id) ?? (CALL_TYPES.has(o.type) ? str(o.id) : undefined);
  if (id === undefined) return undefined;
  let args: unknown = o.arguments ?? o.input;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return { id, command: args as string, session: undefined };
    }
  }
  const session =
    isObject(args) && /^\d{1,12}$/.test(String(args.session_id)) ? String(args.session_id) : undefined;
  return { id, command: commandOf(args) ?? str(o.arguments), session };
}

/** An object's `command` (or `cmd`), an argv joined. */
function commandOf(o: unknown): string | undefined {
  const command = isObject(o) ? (o.command ?? o.cmd) : undefined;
  if (typeof command === 'string') return command;
  if (Array.isArray(command)) return command.filter((c) => typeof c === 'string').join(' ');
  return undefined;
}

/** The printing parts of a command, on one line (bounded: an 8 KB command before every result was 59 s on 3 MB). */
function printingPart(command: string | undefined): string | undefined {
  if (command === undefined || command.length > 8192 || !PRINTS_SECRET.test(command)) return undefined;
  const parts: string[] = [];
  PRINTS_ALL.lastIndex = 0;
  for (
    let m = PRINTS_ALL.exec(command);
    m !== null && parts.length < MAX_PRINTS;
    m = PRINTS_ALL.exec(command)
  )
    parts.push(m[0].replace(/[\r\n]+/g, ' '));
  return parts.join(' ; ');
}

/** The call a result answers: `callId`/`toolCallId` (harness), `tool_use_id` (Claude Code), `call_id` (Codex). */
function answeredCall(o: Record<string, unknown>): string | undefined {
  if (o.arguments !== undefined || o.input !== undefined) return undefined; // the call itself
  return str(o.tool_use_id) ?? str(o.call_id) ?? str(o.callId) ?? str(o.toolCallId);
}

/** A record holding both a command and what it printed: pi's `bashExecution` message. */
function ownCommand(o: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(o)) if (PRINTED_MEMBERS.has(key)) return printingPart(commandOf(o));
  return undefined;
}

/**
 * A Claude Code bash-mode command in a line's text: its printing part, '' when it prints no
 * secret (it still ends the reach of the command before it), undefined when the line has none.
 */
function bashInput(objects: readonly Record<string, unknown>[]): string | undefined {
  let found: string | undefined;
  for (const o of objects)
    for (const key of ['content', 'text']) {
      const x = o[key];
      const input = typeof x === 'string' && x.includes('<bash-input>') ? BASH_INPUT.exec(x)?.[1] : undefined;
      if (input === undefined) continue;
      const printing = printingPart(input);
      if (printing !== undefined) return printing;
      found = '';
    }
  return found;
}

/** Whether a line's text holds Claude Code's `<bash-stdout>`. */
function hasStdout(objects: readonly Record<string, unknown>[]): boolean {
  return objects.some((o) => ['content', 'text'].some((k) => str(o[k])?.includes('<bash-stdout>')));
}

/**
 * In a log a command and what it printed are two events (a tool call and its result; in Claude
 * Code a `tool_use` and a `tool_result`, in Codex a `function_call` and its output): each line that
 * answers a call whose command prints a secret has what it printed masked as if it followed the
 * command in one string (`mask(command + "\n" + text)`), in place; its index is added to `dirty`.
 * Also: Codex's `write_stdin` to a session such a command opened, pi's `bashExecution` (command
 * and output in one record) and Claude Code's bash mode (`<bash-input>` then `<bash-stdout>`).
 */
export function maskPrintedResults(parsed: readonly unknown[], mask: Masked, dirty: Set<number>): void {
  const commands = new Map<string, string>();
  // what pass 2 must look for besides calls: pi's records holding their command, Claude Code's bash mode
  let owns = false;
  let typedBash = false;
  for (const v of parsed) {
    if (!isObject(v)) continue;
    const objects = objectsOf(v);
    for (const o of objects) {
      const call = callOf(o);
      const printing = call ? printingPart(call.command) : undefined;
      if (call && printing !== undefined) commands.set(call.id, printing);
      else if (!owns && ownCommand(o) !== undefined) owns = true;
    }
    if (!typedBash && bashInput(objects)) typedBash = true;
  }
  if (commands.size === 0 && !owns && !typedBash) return;
  const readsOf = new Map<string, number>();
  const sessions = new Map<string, string>();
  let bash: { command: string; line: number } | undefined;
  parsed.forEach((v, i) => {
    if (!isObject(v)) return;
    const objects = objectsOf(v);
    let command: string | undefined;
    let id: string | undefined;
    for (const o of objects) {
      // a call is parsed again only to follow a session a printing command opened (Codex's write_stdin)
      const call = sessions.size > 0 ? callOf(o) : undefined;
      const running = call?.session === undefined ? undefined : sessions.get(call.session);
      if (call && running !== undefined && !commands.has(call.id)) commands.set(call.id, running);
      id = answeredCall(o);
      command = id === undefined ? undefined : commands.get(id);
      if (command !== undefined) {
        // a call is answered by a few lines (an approval, Codex's "Process running", its end event),
        // not thousands: past READS_PER_CALL lines naming its id, they are not read with it (audit 32)
        const reads = (readsOf.get(id as string) ?? 0) + 1;
        readsOf.set(id as string, reads);
        if (reads > READS_PER_CALL) command = undefined;
        break;
      }
    }
    if (owns) command ??= objects.map(ownCommand).find((c) => c !== undefined);
    const typed = typedBash ? bashInput(objects) : undefined;
    if (typed !== undefined) bash = typed ? { command: typed, line: i } : undefined;
    else if (
      command === undefined &&
      bash !== undefined &&
      i - bash.line <= BASH_REACH &&
      hasStdout(objects)
    ) {
      command = bash.command;
      bash = undefined; // one output per command
    }
    if (command === undefined) return;
    const prefix = `${command}\n`;
    const read = (text: string): string => {
      // Claude Code's bash mode wraps what was printed in tags: only what is between them is read
      const tagged = text.includes('<bash-stdout>') ? BASH_STDOUT.exec(text)?.indices?.[1] : undefined;
      if (tagged)
        return text.slice(0, tagged[0]) + read(text.slice(tagged[0], tagged[1])) + text.slice(tagged[1]);
      // Codex's exec output opens with a header (`Chunk ID: …`, `Wall time: …`, `Output:`), or is JSON
      // text (`{"output":"VALUE\n","metadata":…}`: audit 31 N1)
      const head = (CODEX_HEAD.exec(text) ?? CODEX_JSON_HEAD.exec(text))?.[0] ?? '';
      // a command still running is read again through `write_stdin` to its session (audit 31)
      const session = head ? CODEX_SESSION.exec(head)?.[1] : undefined;
      if (session !== undefined) sessions.set(session, command);
      const masked = head + mask(prefix + text.slice(head.length)).slice(prefix.length);
      if (masked !== text) dirty.add(i);
      return masked;
    };
    for (const o of objects)
      for (const key of Object.keys(o)) {
        if (!PRINTED_MEMBERS.has(key)) continue;
        const x = o[key];
        if (typeof x === 'string') o[key] = read(x);
        else if (Array.isArray(x)) x.forEach((y, k) => typeof y === 'string' && (x[k] = read(y)));
      }
  });
}
