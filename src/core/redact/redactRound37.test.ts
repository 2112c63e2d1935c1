/** Audit 37's redaction findings: HTTP Basic credentials written out, the Authorization header set by name. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { changedOf, codexPair, keptOf, stayLinear } from './testing';

const BASIC = btoa('deploy:S3cr3t-P4ss!');
const HEX = '9f86d081884c7d659a2feaa0c55ad015';

describe('N1: a Basic credential and an Authorization value set by name', () => {
  it('masks `Basic <base64 of user:password>` wherever it stands', () => {
    expect(
      keptOf(BASIC, [
        'req.Header.Set("Authorization", "Basic %")',
        'conn.setRequestProperty("Authorization", "Basic %");',
        'xhr.setRequestHeader("Authorization", "Basic %")',
        'client.DefaultRequestHeaders.Add("Authorization", "Basic %");',
        'proxy_set_header Authorization "Basic %";',
        'RequestHeader set Authorization "Basic %"',
        '"headers": [{"name": "Authorization", "value": "Basic %"}]',
        '{"key": "Authorization", "value": "Basic %"}',
        'AUTH_HEADER = "Basic %"',
      ]),
    ).toEqual([]);
    const lines = codexPair(
      { cmd: 'cat client.go' },
      `Output:\nreq.Header.Set("Authorization", "Basic ${BASIC}")\n`,
    );
    expect(redactLogText(lines.join('\n')).text).not.toContain(BASIC);
  });
  it('masks a raw token or an unlisted scheme set as the Authorization header', () => {
    expect(
      keptOf(HEX, [
        'req.Header.Set("Authorization", "%")',
        'xhr.setRequestHeader("Authorization", "%")',
        'req.Header.Set("Authorization", "SSWS %")',
        'headers.Add("Authorization", "Splunk %")',
      ]),
    ).toEqual([]);
  });
  it('keeps prose, variables and base64 that decodes to no user:password', () => {
    expect(
      changedOf([
        'Use basic authentication for the admin endpoint',
        'Basic usage: seqscope open FILE',
        'basic QWxhZGRpbg== decodes to a name alone',
        'the Authorization "header" must be set',
        'req.Header.Set("Authorization", "Bearer " + token)',
        'xhr.setRequestHeader("Authorization", authValue)',
        'set Authorization "application/json"',
      ]),
    ).toEqual([]);
  });
  it('stays linear on near misses', () => {
    stayLinear((M) => [
      'Basic '.repeat(M / 6),
      `Basic ${'QUFB'.repeat(M / 4)}`,
      'Authorization, "'.repeat(M / 16),
    ]);
  });
});

describe('audit 37 lows', () => {
  it('L4 a Key Vault secret whatever its name, L9 a YAML block after a weak label, L11 npmAuthIdent', () => {
    const V = 'VNUWeqlgjd6n2B2c';
    expect(
      keptOf(V, [
        '{\n  "id": "https://kv.vault.azure.net/secrets/db/abc",\n  "name": "db",\n  "tags": {},\n  "value": "%"\n}',
        'token: |\n  %',
        'secret: |-\n  %',
        'auth:\n  token: |-\n    %',
        'npmAuthIdent: "deploy:%"',
      ]),
    ).toEqual([]);
    expect(changedOf(['token: |\n  this describes the tokens', 'tokens: |\n  - a\n  - b'])).toEqual([]);
  });
  it('L7 minified code’s member with a fallback after password= is code', () => {
    expect(
      changedOf([
        'var n=function(e,t){return e.password=t.token||"",e.apiKey=t.key,e};',
        'e.password=t.token||n',
        'password=cfg.db.pass??"x"',
      ]),
    ).toEqual([]);
    expect(createMasker().mask('PASSWORD=Kq9.mZ2xLp7')).not.toContain('mZ2xLp7');
  });
  it('L10 a triple-quoted value after its label', () => {
    expect(keptOf('Xk9mP2qLzR7wT4vB', ['SECRET_KEY = """%"""', "PASSWORD = '''%'''"])).toEqual([]);
    expect(createMasker().mask("PASSWORD = '''Summer2024!'''")).toMatch(/^PASSWORD = '''\[\w+\]\*+'''$/);
    expect(changedOf(['password = ""', "password=''", 'token = """\nmultiline doc\n"""'])).toEqual([]);
    stayLinear((M) => [`password = '''${'x'.repeat(M)}`, 'password="""'.repeat(M / 12)]);
  });
  it('L5 base64 image data keeps a refresh-token-like run inside it; a refresh token alone is masked', () => {
    const token = `1//0g${'Xk9mP2qLzR7wT4vB'.repeat(4)}`;
    const image = `iVBORw0KGgo${'AAAA'.repeat(8)}+${token}/${'BBBB'.repeat(8)}==`;
    expect(changedOf([`{"type":"image","source":{"data":"${image}"}}`])).toEqual([]);
    expect(createMasker().mask(`"refresh_token": "${token}"`)).not.toContain(token);
  });
  it('L5 a long run of base64 alone is read only by the rules that decode it (and the user’s patterns)', () => {
    const filler = 'QkJCQk'.repeat(1000);
    const shapes = `${filler}+AIza${'Xk9mP2qLzR7wT4vB'.repeat(3)}/AKIA${'ABCDEFGH23456789'}/${filler}`;
    expect(changedOf([shapes])).toEqual([]);
    const pem = btoa(
      `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'.repeat(200)}\n-----END PRIVATE KEY-----\n`,
    );
    expect(pem.length).toBeGreaterThan(4096);
    expect(createMasker().mask(pem)).not.toContain(pem.slice(100, 200));
  });
});
