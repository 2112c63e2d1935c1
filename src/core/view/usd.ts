/**
 * The one cost formatter, for the app (header, Charts, Library, run comparison) and the CLI
 * (`compare`): a cost next to another must read the same wherever it is printed.
 */
import { NO_VALUE } from './noValue';

// Made on first use: building an Intl formatter loads ICU data (about 20 ms), which every CLI
// command would pay at start-up, printing a cost or not.
let usdCents: Intl.NumberFormat | undefined;
function usdFormat(): Intl.NumberFormat {
  return (usdCents ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));
}

/**
 * US dollars: `$1.23`, `$1,234.50`, `$0.00`, and two significant digits under a cent
 * (`$0.0042`, never `4.2e-7`). Non-finite: `—`.
 */
export function formatUsd(v: number): string {
  if (!Number.isFinite(v)) return NO_VALUE;
  const a = Math.abs(v);
  // Under a cent, two significant digits in plain notation: the first digit's decimals, plus one.
  const small = a > 0 && a < 0.01 ? a.toFixed(Math.min(20, 1 - Math.floor(Math.log10(a)))) : null;
  return `${v < 0 ? '-' : ''}$${small !== null && Number(small) < 0.01 ? small : usdFormat().format(a)}`;
}
