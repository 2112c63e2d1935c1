/**
 * The user's price table, kept in local storage (the dated defaults until edited), and shared by
 * what shows a cost (the Charts tab, the header): an edit shows everywhere at once.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import { DEFAULT_PRICES, parsePriceTable, type PriceTable } from '../../core/cost/prices';

const KEY = 'seqscope.prices.v1';

export function loadPrices(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): PriceTable {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return DEFAULT_PRICES;
    return parsePriceTable(JSON.parse(raw)) ?? DEFAULT_PRICES;
  } catch {
    return DEFAULT_PRICES;
  }
}

export function savePrices(
  table: PriceTable | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  try {
    if (table === null) storage?.removeItem(KEY);
    else storage?.setItem(KEY, JSON.stringify(table));
  } catch {
    // Storage full or blocked: the table still applies for this session.
  }
}

/** The table edited in this tab; null until an edit (storage is read when first asked). */
const usePriceEdits = create<{ table: PriceTable | null }>()(() => ({ table: null }));

/** The price table in force: the last edit, else what storage holds. */
export function usePriceTable(): PriceTable {
  const edited = usePriceEdits((s) => s.table);
  return useMemo(() => edited ?? loadPrices(), [edited]);
}

/** Saves an edited table (null: back to the defaults) and shows it wherever a cost is shown. */
export function setPriceTable(table: PriceTable | null): void {
  savePrices(table);
  usePriceEdits.setState({ table: table ?? loadPrices() });
}
