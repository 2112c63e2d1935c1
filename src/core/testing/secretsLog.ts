/** TEST-ONLY: a log full of secrets for the redaction tests (built from fixtures/diagnostics/clean.jsonl's text). */
export const SECRETS = {
  openai: 'sk-proj-Zq8vN3xLw0RtY7uKp2HsJd9FgBc4',
  anthropic: 'sk-ant-api03-abcdefghijKLMNOPQRSTUVWXYZ0123456789',
  bearer: 'tok_9f8e7d6c5b4a3210fedcba98',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  pem: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
  email: 'alice.smith@example.org',
  user: 'alicesmith',
  mine: 'PROJECT-ZEBRA-42',
};

/** clean (fixtures/diagnostics/clean.jsonl) with secrets in a user message, tool arguments (chunk, message, call), a tool result, and a packed row. */
export function secretsLog(clean: string): string {
  const S = SECRETS;
  const args = JSON.stringify({ command: `curl -H 'Authorization: Bearer ${S.bearer}' --key ${S.aws}` });
  const streamed = `Two files ${S.anthropic} 🎉`;
  const cut = [0, 14, 30, 44, streamed.length];
  return clean
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      const ev = JSON.parse(line) as Record<string, unknown>;
      let text = JSON.stringify(ev)
        .replaceAll('/home/dev/project', `/home/${S.user}/project`)
        .replace(
          'List the files.',
          `List the files. Key ${S.openai}, mail ${S.email}, internal ${S.mine}, in /home/${S.user}/x`,
        )
        .replaceAll(JSON.stringify('{"command":"ls"}'), JSON.stringify(args))
        .replace(
          JSON.stringify('a.txt\nb.txt'),
          JSON.stringify(`token ${S.jwt}\n-----BEGIN PRIVATE KEY-----\n${S.pem}\n-----END PRIVATE KEY-----`),
        )
        .replaceAll('"Two files 🎉"', JSON.stringify(streamed));
      if (ev.type === 'text-chunks')
        text = text.replace(
          JSON.stringify(['Two', ' files', ' 🎉']),
          JSON.stringify(cut.slice(1).map((end, i) => streamed.slice(cut[i], end))),
        );
      return text;
    })
    .join('\n');
}
