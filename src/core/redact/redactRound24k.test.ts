/**
 * An AWS secret access key printed beside its id (`--output text`, table and CSV rows: audit
 * R24-7), two-word labels with a space (`API Key: v`: R24-8), `<service>Key` in snake and camel
 * case (`openai_key`, `sendgridKey`: R24-6) and OpenVPN's static key block (R24-9); the near
 * misses (a git hash beside an id, `primary_key`, `sortKey`) kept.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r24k","createdAt":0}';

function redactOutputs(outputs: readonly unknown[]): string {
  return redactLogText(toolResultLog(HEADER, outputs)).text;
}

describe('an AWS secret access key beside its id (R24-7)', () => {
  const secret = 'pZeSIqXjkCN1Y1haLC/N6eUd9aEBahQw3Rt+Lm2K';
  const id = 'AKIAVA7EHLKCWUAF7WBX';
  it.each([
    [
      '--output text',
      `$ aws iam create-access-key --user-name bot --output text\nACCESSKEY\t${id}\t2025-01-01T00:00:00+00:00\t${secret}\tActive\tbot\n`,
    ],
    [
      '--output table',
      `|  AccessKeyId  |  CreateDate  |  SecretAccessKey  |  Status  |  UserName  |\n|  ${id}  |  2025-01-01  |  ${secret}  |  Active  |  bot  |\n`,
    ],
    [
      'the credentials CSV',
      `User name,Password,Access key ID,Secret access key,Console login link\nbot,,${id},${secret},https://x.signin.aws.amazon.com/console\n`,
    ],
    ['columns', `Access Key ID      Secret Access Key\n${id}   ${secret}\n`],
    ['an STS id', `ASIAVA7EHLKCWUAF7WBX ${secret} 2025-01-01`],
  ])('masks the secret in %s', (_, output) => {
    expect(survivors(redactOutputs([output]), [id, secret])).toEqual([]);
  });

  it('keeps a git hash, a path and a far line beside an id', () => {
    const hash = '9fceb02d0ae598e95dc970b74767f19372d61af8';
    const path = 'src/core/redact/awsKeyPairs/testing/tsxx';
    const far = 'Qk7Lm2Pw4RtZc8Hn3YdFs1Ga5JeUo0Wi2Bc6De0F';
    const text = `${id} ${hash} ${path}\nnext line ${far}`;
    expect(survivors(redactOutputs([text]), [hash, path, far])).toEqual([hash, path, far]);
  });
});

describe('an OpenVPN static key (R24-9)', () => {
  it('masks its body like a private key', () => {
    const lines = ['a3f0c2d4e5b6978812345678abcdef01', '0f9e8d7c6b5a49382716059483726150'];
    const block = `-----BEGIN OpenVPN Static key V1-----\n${lines.join('\n')}\n-----END OpenVPN Static key V1-----\n`;
    expect(survivors(redactOutputs([`# tls-auth key\n${block}`]), lines)).toEqual([]);
  });
});

describe("a service's key in snake or camel case (R24-6)", () => {
  const secret = 'Xq7Lm2Pw4RtZc8Hn3YdFs1Ga5JeUo0Wi';
  it.each([
    ['JSON camel case', `{"openaiKey": "${secret}"}`],
    ['YAML snake case', `openai_key: ${secret}\n`],
    ['TOML', `mistral_key = "${secret}"\n`],
    ['JS config', `const config = { sendgridKey: '${secret}' };`],
    ['an object field', { anthropicKey: secret }],
    ['a signer', `jwtKey: ${secret}\nhmac_key: ${secret}\ndeployKey: ${secret}`],
  ])('masks the value in %s', (_, output) => {
    expect(survivors(redactOutputs([output]), [secret])).toEqual([]);
  });

  it('keeps the values of keys that name no credential', () => {
    const hash = 'a1b2c3d4e5f6a7b8c9d0';
    const text = `primary_key: user_id\nsort_key: "createdAt"\nforeign_key: ${hash}\ncache_key: "${hash}"\nkeyName: prod-key-2024\n`;
    const kept = ['user_id', 'createdAt', hash, 'prod-key-2024'];
    expect(survivors(redactOutputs([text, { sortKey: hash, cacheKey: hash }]), kept)).toEqual(kept);
  });
});

describe('a label of two words with a space (R24-8)', () => {
  const secret = 'DggEEZqjLm2Pw4RtZc8Hn3YdFs1Ga5JeUo0Wi2Bc';
  it.each([
    ['Title Case', `Created a new key.\nAPI Key: ${secret}\n`],
    ['one word capitalised', `Api key: ${secret}`],
    ['an assignment', `api key = ${secret}`],
    ["the Azure portal's column", `Client secret value: ${secret}\nSecret ID: 0f1e2d3c`],
    ['a table cell', `| API Key | ${secret} |`],
    ['a title before the access key', `Secret Access Key: ${secret}`],
  ])('masks the value in %s', (_, output) => {
    expect(survivors(redactOutputs([output]), [secret])).toEqual([]);
  });

  it('keeps prose and names after the words', () => {
    const text =
      'The API key is required.\nprimary key: customerId\nsort key = createdAtIndex\napi key: YOUR_API_KEY\nthe api key rotation policy';
    const kept = ['is required', 'customerId', 'createdAtIndex', 'YOUR_API_KEY', 'rotation policy'];
    expect(survivors(redactOutputs([text]), kept)).toEqual(kept);
  });
});
