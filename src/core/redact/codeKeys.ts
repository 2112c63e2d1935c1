/**
 * Keys and passwords handed to functions in code, where no name labels them: a password hashed from
 * a literal (`bcrypt.hashpw(b"…")`, `Hash::make('…')`), a key passed to a MAC, a cipher or a JWT
 * signer, a wallet's private key, .NET's `SymmetricSecurityKey(…)` (audit 29 N5, L1, L4).
 * typedSecrets.ts yields these.
 */
import { looksRandom, valueTest } from './labels';
import { literal } from './literals';
import { groupSpans } from './matchSpans';

/** A password hashed from a literal: `bcrypt.hashpw(b"…")`, `Hash::make('…')`, `password_hash("…")`. */
const HASHED = new RegExp(
  String.raw`\b(?:bcrypt\.(?:hashpw|hashSync|hash)|password_hash|Hash::make|make_password|generate_password_hash|bcrypt\.GenerateFromPassword)\([ \t]*(?:\[\]byte\(|b)?` +
    literal(1),
  'dg',
);

/**
 * A key passed by position to a MAC, a cipher or a JWT signer: `hmac.new(b"…", …)`,
 * `crypto.createHmac('sha256', '…')`, Go's `hmac.New(sha256.New, []byte("…"))`, `Fernet(b"…")`,
 * `AES.new(b'…', …)`, `createCipheriv(alg, '…', iv)`, `SecretKeySpec("…".getBytes(), …)`, Ruby's and
 * PHP's `JWT.encode(payload, "…")`, PyJWT's `key="…"`, auth0's `Algorithm.HMAC256("…")`, jjwt's
 * `signWith(alg, "…")`, jose's `new TextEncoder().encode("…")`: masked when random.
 */
const KEY_CALLS = new RegExp(
  String.raw`(?:\bhmac\.new\(|\bFernet\(|\bAES\.new\(|\bSecretKeySpec\(\(?|\bnew[ \t]+TextEncoder\(\)\.encode\(|\b(?:createHmac|createCipheriv|createDecipheriv)\([ \t]*["'][\w-]{1,32}["'][ \t]*,|\bhmac\.New\([\w.]{1,64}[ \t]*,|\bJWT(?:::|\.)encode[ \t(][ \t]*[\w$]{1,64}[ \t]*,|\bjwt\.encode\([ \t]*[\w$]{1,64}[ \t]*,[ \t]*key[ \t]*=|\bAlgorithm\.HMAC(?:256|384|512)\(|\bSignedString\(|\bhmacShaKeyFor\(|\bsignWith\([\w.]{1,64}[ \t]*,)[ \t]*(?:\[\]byte\(|b)?` +
    literal(1),
  'dg',
);

/**
 * A wallet's private key in code (audit 29 L4): Hardhat's `accounts: ["0x<64 hex>"]`, `new
 * ethers.Wallet("0x…")`, viem's `privateKeyToAccount("0x…")`, web3's `Account.from_key("0x…")`
 * Solana's `Keypair.fromSecretKey(bs58.decode("…"))` (a bare 0x-hex run is a hash far more
 * often: only these places say it is a key).
 */
const WALLET_KEY =
  /\b(?:new[ \t]+(?:ethers\.)?Wallet|privateKeyToAccount|from_key|fromSecretKey\([ \t]*bs58\.decode)\([ \t]*\\{0,3}["'`]((?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{86,88})\\{0,3}["'`]/dg;
/**
 * A wallet's seed phrase in code: ethers' `Wallet.fromPhrase("…")`/`fromMnemonic`, bip39's
 * `mnemonicToSeed(Sync)`, viem's `mnemonicToAccount`, Solana's and web3's `from_mnemonic`: 12 to 24
 * lowercase words.
 */
const SEED_PHRASE =
  /\b(?:fromPhrase|fromMnemonic|mnemonicToSeed(?:Sync)?|mnemonicToAccount|mnemonicToEntropy|from_mnemonic)\([ \t]*\\{0,3}["'`]([a-z]{3,8}(?: [a-z]{3,8}){11,23})\\{0,3}["'`]/dg;
/** Hardhat's `accounts: [...]`: each 0x key in the list. */
const ACCOUNTS = /\baccounts\\{0,3}["']?[ \t]*:[ \t]*\[([^\]]{0,4096})\]/dg;
const HEX_KEY = /0x[0-9a-fA-F]{64}(?![0-9a-fA-F])/g;

/** `new SymmetricSecurityKey(Encoding.UTF8.GetBytes("…"))`: the literal is a signing key. */
const SIGNING_KEY =
  /\bSymmetricSecurityKey\([ \t]*(?:Encoding\.\w{1,16}\.GetBytes\([ \t]*)?\\{0,3}(["'])([^"'\\\r\n]{1,512})\\{0,3}\1/dg;

/** Django's `create_superuser('admin', 'a@b.c', 'PW')` and `user.set_password('PW')` (audit 29 L3). */
const SET_PASSWORD = new RegExp(
  String.raw`(?:\bcreate_(?:super)?user\([ \t]*(?:["'][^"'\r\n]{0,128}["']|[\w.]{1,64})[ \t]*,[ \t]*(?:["'][^"'\r\n]{0,128}["']|[\w.]{1,64})[ \t]*,|\.set_password\()[ \t]*` +
    literal(1),
  'dg',
);

export function* codeKeys(s: string): Generator<readonly [number, number]> {
  if (/hmac|fernet|aes|secretkeyspec|textencoder|cipher|jwt|signwith|signedstring/i.test(s))
    yield* groupSpans(KEY_CALLS, s, 2, looksRandom);
  if (/hash|Hash|make_password/.test(s))
    yield* groupSpans(HASHED, s, 2, (v) => valueTest('password', v, false));
  if (/Wallet|privateKeyToAccount|from_key|fromSecretKey/.test(s)) yield* groupSpans(WALLET_KEY, s, 1);
  if (/[Mm]nemonic|fromPhrase/.test(s)) yield* groupSpans(SEED_PHRASE, s, 1);
  if (s.includes('accounts')) {
    ACCOUNTS.lastIndex = 0;
    for (let m = ACCOUNTS.exec(s); m !== null; m = ACCOUNTS.exec(s)) {
      const from = m.indices?.[1]?.[0] ?? 0;
      for (const k of (m[1] as string).matchAll(HEX_KEY))
        yield [from + k.index, from + k.index + k[0].length];
    }
  }
  if (s.includes('SymmetricSecurityKey('))
    yield* groupSpans(SIGNING_KEY, s, 2, (v) => valueTest('credential', v, false));
  if (s.includes('create_') || s.includes('set_password('))
    yield* groupSpans(SET_PASSWORD, s, 2, (v) => valueTest('password', v, false));
}
