/**
 * The class strings every block view shares: the small type chip in a block's header, link-like
 * buttons, and the small bordered buttons under a text ("show all", "wrap", "copy").
 */

export const chip = 'inline-flex items-center rounded border px-1 py-px font-mono text-[10px] leading-none';
export const linkButton = 'font-mono whitespace-nowrap text-sky-300 hover:underline';
export const smallButton =
  'rounded border border-edge px-1.5 py-px text-[11px] text-fg-soft hover:bg-tint/10';
