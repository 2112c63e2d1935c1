/** TEST-ONLY: an Inspect `.eval` (zip) whose sample input holds an Anthropic and an AWS key, for the export tests. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { SECRETS } from './secretsLog';

/** `sample`: the bytes of an .eval whose sample input is "Guess the number" (log_message_deduplication.eval). */
export function secretsEval(sample: Uint8Array): Uint8Array {
  const files = unzipSync(sample);
  const said = `Guess the number. Key ${SECRETS.anthropic}, aws ${SECRETS.aws}`;
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.startsWith('samples/')) continue;
    const text = strFromU8(bytes);
    if (!text.includes('Guess the number')) throw new Error(`${name} no longer says "Guess the number"`);
    files[name] = strToU8(text.replaceAll('Guess the number', said));
  }
  return zipSync(files);
}
