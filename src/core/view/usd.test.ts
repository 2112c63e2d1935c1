import { describe, expect, it } from 'vitest';
import { formatUsd } from './usd';

describe('formatUsd', () => {
  it('shows cents from a cent up, grouped by thousands', () => {
    expect(formatUsd(4.4416)).toBe('$4.44');
    expect(formatUsd(0.01)).toBe('$0.01');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd(99.999)).toBe('$100.00');
  });
  it('shows two significant digits under a cent, never in exponent notation', () => {
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0.004)).toBe('$0.0040');
    expect(formatUsd(0.000123)).toBe('$0.00012');
    expect(formatUsd(1e-7)).toBe('$0.00000010');
    // Rounded up to a cent, it reads as cents ("$0.0100" was the two-digit form).
    expect(formatUsd(0.00999)).toBe('$0.01');
  });
  it('shows zero as $0.00, a negative amount with its sign, and no number as a dash', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-2.5)).toBe('-$2.50');
    expect(formatUsd(Number.NaN)).toBe('—');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
