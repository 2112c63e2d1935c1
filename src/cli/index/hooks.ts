/**
 * The pieces of the sessions row that other core modules compute: the price
 * of a model's usage and the resume check's verdict. One place, so `index`
 * and `stats --json` always use the same ones.
 */
import { DEFAULT_PRICES, costOf, priceFor } from '../../core/cost/prices';
import type { RecordHooks } from '../../core/library/sessionRecord';

export const recordHooks: RecordHooks = {
  costOf: (_provider, model, usage) => costOf(usage, priceFor(DEFAULT_PRICES, model ?? undefined)),
};
