import { describe, expect, it } from 'vitest';
import { formatBytes } from './byteSize';

describe('formatBytes', () => {
  it('counts in powers of 1024 and names them so', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(100_000)).toBe('97.7 KiB');
    expect(formatBytes(200 * 1024)).toBe('200 KiB');
    expect(formatBytes(128 * 1024 ** 2)).toBe('128 MiB'); // --max-line 128M reads back as given
    expect(formatBytes(12.3 * 1024 ** 2)).toBe('12.3 MiB');
    expect(formatBytes(1.2 * 1024 ** 3)).toBe('1.2 GiB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TiB');
    expect(formatBytes(5000 * 1024 ** 4)).toBe('5000 TiB');
  });

  it('rounds up into the next unit instead of printing 1024.0', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MiB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1.0 GiB');
    expect(formatBytes(99.96 * 1024)).toBe('100 KiB');
  });

  it('keeps the sign and says nothing for non-finite input', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KiB');
    expect(formatBytes(NaN)).toBe('—');
    expect(formatBytes(Infinity)).toBe('—');
  });
});
