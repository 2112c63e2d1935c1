/**
 * The log fingerprint of spec section 6: the first 16 hex digits of SHA-256
 * of the file's bytes. Links (`?log=<fingerprint>`), the recent list and the
 * stored copies are keyed by it, so the algorithm and format never change:
 * only the engine that computes it does.
 *
 * The engine is hash-wasm's SHA-256 (wasm, incremental, several times the
 * pure-TS hasher's speed). Where WebAssembly cannot run (a page whose CSP
 * forbids it, an old runtime) the pure-TS `Sha256` computes the same value.
 * Both are fed the bytes as they stream in, so there is no second pass.
 */
import { createSHA256, type IHasher } from 'hash-wasm';
import { Sha256, fingerprintOf } from './sha256';

export interface FingerprintHasher {
  /** Which engine runs (the bench reports it). */
  readonly engine: 'wasm' | 'ts';
  update(bytes: Uint8Array): void;
  /** The fingerprint of the bytes so far; the hasher keeps running (a followed log grows). */
  soFar(): string;
  /** The fingerprint of all bytes; the hasher cannot be updated afterwards. */
  finish(): string;
}

const FINGERPRINT_HEX = 16;

/** A hasher on the fastest engine available here. */
export async function createFingerprintHasher(): Promise<FingerprintHasher> {
  try {
    const wasm = await createSHA256();
    wasm.init();
    return new WasmHasher(wasm);
  } catch {
    return createTsFingerprintHasher();
  }
}

/** The pure-TS engine (the fallback, and the oracle the tests compare the wasm one with). */
export function createTsFingerprintHasher(): FingerprintHasher {
  const h = new Sha256();
  return {
    engine: 'ts',
    update: (bytes) => void h.update(bytes),
    soFar: () => fingerprintOf(h.clone()),
    finish: () => fingerprintOf(h),
  };
}

class WasmHasher implements FingerprintHasher {
  readonly engine = 'wasm';
  private finished = '';

  constructor(private readonly h: IHasher) {}

  update(bytes: Uint8Array): void {
    if (this.finished) throw new Error('fingerprint: update after finish');
    // hash-wasm copies through its own heap: large inputs go in pieces to keep that heap small.
    for (let i = 0; i < bytes.length; i += WASM_PIECE) this.h.update(bytes.subarray(i, i + WASM_PIECE));
  }

  soFar(): string {
    if (this.finished) return this.finished;
    const state = this.h.save();
    const hex = this.h.digest('hex');
    this.h.load(state);
    return hex.slice(0, FINGERPRINT_HEX);
  }

  finish(): string {
    this.finished ||= this.h.digest('hex').slice(0, FINGERPRINT_HEX);
    return this.finished;
  }
}

const WASM_PIECE = 4 * 1024 * 1024;
