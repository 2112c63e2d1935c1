/**
 * The class strings every block view shares: the small type chip in a block's header, link-like
 * buttons, and the small bordered buttons under a text ("show all", "wrap", "copy").
 */

export const chip = 'inline-flex items-center rounded border px-1 py-px font-mono text-[10px] leading-none';
export const linkButton = 'font-mono text-sky-400 hover:underline';
export const smallButton =
  'rounded border border-neutral-600 px-1.5 py-px text-[11px] text-neutral-300 hover:bg-neutral-700/60';
