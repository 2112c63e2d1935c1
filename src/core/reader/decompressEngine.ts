/** What decompress.ts drives: one library's streaming decoder plus our own checks on it. */
export interface Engine {
  push(chunk: Uint8Array, final?: boolean): void;
  /** Before the final push: why the stream cannot end cleanly here, if it cannot. */
  endProblem(): string | undefined;
}

/**
 * A problem found by our own checks (the libraries throw plain Errors). `placed`: its message
 * says where it is (drain adds the input range it was in otherwise).
 */
export class StreamProblem extends Error {
  constructor(
    message: string,
    readonly placed = false,
  ) {
    super(message);
  }
}
