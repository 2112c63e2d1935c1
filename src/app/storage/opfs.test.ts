// @vitest-environment jsdom
/**
 * Keeping a log's bytes yields to the user (opfs.ts): written a piece at a time, each piece after
 * the user has been quiet for a while, never the whole file at once while they seek.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyInPieces, quietPause, writeLog } from './opfs';

/** A FileSystemWritableFileStream that keeps what it is given. */
function fakeWritable(failAt = -1) {
  const pieces: Uint8Array[] = [];
  const state = { closed: false, aborted: false };
  const writable = {
    async write(data: Blob) {
      if (pieces.length === failAt) throw new Error('quota exceeded');
      pieces.push(new Uint8Array(await data.arrayBuffer()));
    },
    async close() {
      state.closed = true;
    },
    async abort() {
      state.aborted = true;
    },
  };
  return { pieces, state, writable: writable as unknown as FileSystemWritableFileStream };
}

describe('copyInPieces', () => {
  const bytes = Uint8Array.from({ length: 5 * 1024 * 1024 + 123 }, (_, i) => (i * 7) % 251);

  it('writes every byte in order, in pieces of at most 2 MiB, each after a pause, then closes', async () => {
    const { pieces, state, writable } = fakeWritable();
    const order: string[] = [];
    const pause = async () => void order.push(`pause before ${pieces.length}`);
    await copyInPieces(new Blob([bytes]), writable, pause);
    expect(pieces.map((p) => p.length)).toEqual([2 * 1024 * 1024, 2 * 1024 * 1024, 1024 * 1024 + 123]);
    expect(Buffer.concat(pieces).equals(Buffer.from(bytes))).toBe(true);
    expect(order).toEqual(['pause before 0', 'pause before 1', 'pause before 2']);
    expect(state).toEqual({ closed: true, aborted: false });
  });

  it('aborts the file and fails when a write fails', async () => {
    const { state, writable } = fakeWritable(1);
    await expect(copyInPieces(new Blob([bytes]), writable, async () => {})).rejects.toThrow('quota exceeded');
    expect(state).toEqual({ closed: false, aborted: true });
  });
});

describe('quietPause', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves only once the user has done nothing for the quiet time, and stops listening', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const { pause, stop } = quietPause(target, 1000);
    let done = false;
    void pause().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(600);
    target.dispatchEvent(new Event('hashchange')); // a seek: the quiet time starts again
    await vi.advanceTimersByTimeAsync(600);
    expect(done).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);

    stop();
    target.dispatchEvent(new Event('keydown')); // no longer heard: no quiet time to wait for
    let again = false;
    void pause().then(() => (again = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(again).toBe(true);
  });
});

describe('writeLog', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** An origin private file system of one folder whose files keep the pieces written to them. */
  function fakeStorage() {
    const files = new Map<string, Uint8Array[]>();
    const handle = (name: string) => {
      const file = { name, pieces: [] as Uint8Array[] };
      return {
        async createWritable() {
          const w = fakeWritable();
          file.pieces = w.pieces;
          files.set(file.name, w.pieces);
          return w.writable;
        },
        async move(to: string) {
          files.delete(file.name);
          file.name = to;
          files.set(to, file.pieces);
        },
      };
    };
    const folder = {
      getFileHandle: async (name: string) => handle(name),
      removeEntry: async (name: string) => void files.delete(name),
    };
    const root = { getDirectoryHandle: async () => folder };
    vi.stubGlobal('navigator', { storage: { getDirectory: async () => root } });
    return files;
  }

  it('keeps a small log at once, and a large one only once the user has been quiet for a second', async () => {
    vi.useFakeTimers();
    const files = fakeStorage();
    const small = new Uint8Array(1024 * 1024).fill(1);
    let smallDone = false;
    void writeLog('small', new Blob([small])).then(() => (smallDone = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(smallDone).toBe(true);
    expect(files.get('small')?.reduce((n, p) => n + p.length, 0)).toBe(small.length);

    const large = new Uint8Array(9 * 1024 * 1024).fill(2);
    let largeDone = false;
    void writeLog('large', new Blob([large])).then(() => (largeDone = true));
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(500);
      window.dispatchEvent(new Event('hashchange')); // seeking: nothing is written meanwhile
    }
    expect(files.get('large.part')).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(largeDone).toBe(true);
    expect(files.get('large')?.reduce((n, p) => n + p.length, 0)).toBe(large.length);
  });
});
