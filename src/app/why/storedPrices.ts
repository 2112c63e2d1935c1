/** The user's price table, kept in local storage (the dated defaults until edited). */
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
