/**
 * How a seq and a count read, everywhere (the replay bar, the scrubber, the messages pane, the
 * Inspector, notices). A seq is an identifier, typed back into `#seq=` links and looked up in the
 * log: plain digits, "seq 2937", never grouped ("seq 2,937") nor "#2937". A count (events,
 * characters) is a quantity and keeps its separators: "2,938 events".
 */

/** "seq 2937". */
export function formatSeq(seq: number): string {
  return `seq ${seq}`;
}

let groups: Intl.NumberFormat | null = null;

/**
 * "2,938". A whole count is grouped by hand: the first Intl formatter loads ICU's data (25 ms, in
 * every CLI `check` that lists many diagnostics); a fraction by Intl, made once (the scrubber's
 * readout formats one every frame of a drag).
 */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  groups ??= new Intl.NumberFormat('en-US');
  return groups.format(n);
}

/** "1 event", "2,938 events": a count of a noun that takes an s. */
export function formatCountOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}
