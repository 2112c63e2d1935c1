/**
 * A secret a command prints alone on its output (audit 29 N4): `kubectl get secret … -o
 * jsonpath='{.data.password}' | base64 -d`, `argocd admin initial-password`, Jenkins'
 * `initialAdminPassword`, password managers (`bw get password`, `op item get … --fields password`,
 * `op read`, `pass show`, `security find-generic-password … -w`), short-lived tokens (`aws ecr
 * get-login-password`, `gcloud auth print-access-token`, `az account get-access-token … -o tsv`),
 * `vault kv get -field=password`, `echo $DB_PASSWORD`, `heroku auth:token`, the cloud secret stores'
 * reads (`gcloud secrets versions access`, `aws secretsmanager get-secret-value`, `az keyvault secret
 * show --query value`, `aws ssm get-parameter --with-decryption`), `terraform output -raw`, `printenv
 * X`, `doppler secrets get`, `sops -d --extract`, `pulumi config get`. Nothing labels the output: the command says
 * what it is. In one string (a pasted transcript) the output's first line after the command is
 * masked; in a log, redactLog.ts links a tool result to its call and reads them as one string.
 */

/** A command that prints a secret (and whatever follows on its line). */
const PRINTS = String.raw`(?:\bheroku[ \t]+auth:token\b|\bkubectl\b[^\r\n|]{0,256}?[ \t]get[ \t]+secrets?\b[^\r\n]{0,512}?(?:\|[ \t]*base64[ \t]+(?:-d|-D|--decode)|jsonpath=["']?\{\.data\.[\w.-]{0,64}(?:password|secret|token|key))|\bargocd[ \t]+admin[ \t]+initial-password|\binitialAdminPassword\b|\bbw[ \t]+get[ \t]+(?:password|totp)|\bop[ \t]+(?:item[ \t]+get[^\r\n]{0,256}?--fields[ =]["']?[^\r\n]{0,64}?(?:password|credential|token|secret)|read[ \t]+["']?op:\/\/)|\bpass[ \t]+show\b|\bsecurity[ \t]+find-(?:generic|internet)-password\b[^\r\n]{0,256}?[ \t]-w\b|\baws[ \t]+ecr[ \t]+get-login-password|\bgcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token|\baz[ \t]+account[ \t]+get-access-token\b[^\r\n]{0,256}?-o[ \t]+tsv|\bvault[ \t]+(?:kv[ \t]+get|read)\b[^\r\n]{0,256}?[ \t]-field=[\w-]{0,32}(?:password|secret|token|key)|\bheroku[ \t]+config:get[ \t]+[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|KEY)|\bGet-Content[ \t]+[^\s|;&<>]{0,256}(?:secret|token|passw|api[_-]?key|_key\b)|(?:\becho[ \t]+)?\$env:[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|API_KEY|_KEY)\b|\becho[ \t]+%[A-Z_]{0,32}(?:PASSWORD|SECRET|TOKEN|API_KEY|_KEY)[A-Z_]{0,32}%|\becho[ \t]+["']?\$\{?[A-Z_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|_KEY)[A-Z_]{0,32}\}?|\bcat[ \t]+[^\s|;&<>]{0,256}(?:secret|token|passw|api[_-]?key|_key\b)[^\s|;&<>]{0,256}|\bgcloud[ \t]+secrets[ \t]+versions[ \t]+access\b|\baz[ \t]+keyvault[ \t]+secret[ \t]+show\b[^\r\n]{0,256}?--query[ \t]+["']?value|\baws[ \t]+secretsmanager[ \t]+get-secret-value\b|\baws[ \t]+ssm[ \t]+get-parameters?\b[^\r\n]{0,256}?--with-decryption|\bterraform[ \t]+output[ \t]+-raw\b|\bprintenv[ \t]+[A-Z_]{0,32}(?:PASSWORD|PASSWD|SECRET|TOKEN|KEY)[A-Z_]{0,32}|\bdoppler[ \t]+secrets[ \t]+get\b|\bsops[ \t]+(?:-d|--decrypt)\b[^\r\n]{0,256}?--extract|\bpulumi[ \t]+config[ \t]+get\b|\bkubectl[ \t]+get[ \t]+secrets?\b[^\r\n]{0,512}?base64decode)`;

export const PRINTS_SECRET = new RegExp(PRINTS);

/** The command, the rest of its line, blank lines, then the printed value: a line of its own. */
const PRINTED = new RegExp(
  `${PRINTS}[^\\r\\n]{0,512}\\r?\\n(?:[ \\t]*(?:\`\`\`\\w{0,16})?[ \\t]*\\r?\\n){0,3}[ \\t]*([^\\s"'\`\\\\]{8,4096})(?=[ \\t]*(?:\\r?\\n|\\\\n|$))`,
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

/**
 * A tool call's id and command: the harness's `{callId, arguments}`, Claude Code's `{type:
 * "tool_use", id, input: {command}}`, Codex's `{type: "function_call", call_id, arguments}` (its
 * command an argv); the arguments as they are when they hold no `command`.
 */
function callOf(o: Record<string, unknown>): [string, string] | undefined {
  const id = str(o.callId) ?? str(o.call_id) ?? (CALL_TYPES.has(o.type) ? str(o.id) : undefined);
  if (id === undefined) return undefined;
  let args: unknown = o.arguments ?? o.input;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return [id, args as string];
    }
  }
  const command = isObject(args) ? (args.command ?? args.cmd) : undefined;
  if (typeof command === 'string') return [id, command];
  if (Array.isArray(command)) return [id, command.filter((c) => typeof c === 'string').join(' ')];
  return typeof o.arguments === 'string' ? [id, o.arguments] : undefined;
}

/** Call blocks named by their `id`: Claude Code's `tool_use`, pi's `toolCall`, the harness's `tool-call`. */
const CALL_TYPES = new Set<unknown>(['tool_use', 'toolCall', 'tool-call']);

/** The call a result answers: `callId`/`toolCallId` (harness), `tool_use_id` (Claude Code), `call_id` (Codex). */
function answeredCall(o: Record<string, unknown>): string | undefined {
  if (o.arguments !== undefined || o.input !== undefined) return undefined; // the call itself
  return str(o.tool_use_id) ?? str(o.call_id) ?? str(o.callId) ?? str(o.toolCallId);
}

/**
 * In a log a command and what it printed are two events (a tool call and its result; in Claude
 * Code a `tool_use` and a `tool_result`, in Codex a `function_call` and its output): each line that
 * answers a call whose command prints a secret has what it printed masked as if it followed the
 * command in one string (`mask(command + "\n" + text)`), in place; its index is added to `dirty`.
 */
export function maskPrintedResults(parsed: readonly unknown[], mask: Masked, dirty: Set<number>): void {
  const commands = new Map<string, string>();
  const readsOf = new Map<string, number>();
  for (const v of parsed) {
    if (!isObject(v)) continue;
    for (const o of objectsOf(v)) {
      const call = callOf(o);
      // only the part that prints (bounded): an 8 KB command in front of every result was 59 s on 3 MB
      const printing = call && call[1].length <= 8192 ? PRINTS_SECRET.exec(call[1])?.[0] : undefined;
      if (call && printing !== undefined) commands.set(call[0], printing);
    }
  }
  if (commands.size === 0) return;
  parsed.forEach((v, i) => {
    if (!isObject(v)) return;
    const objects = objectsOf(v);
    let command: string | undefined;
    for (const o of objects) {
      const id = answeredCall(o);
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
    if (command === undefined) return;
    const prefix = `${command}\n`;
    const read = (text: string) => {
      // Codex's exec output opens with a header (`Chunk ID: …`, `Wall time: …`, `Output:`), or is JSON
      // text (`{"output":"VALUE\n","metadata":…}`: audit 31 N1)
      const head = (CODEX_HEAD.exec(text) ?? CODEX_JSON_HEAD.exec(text))?.[0] ?? '';
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
