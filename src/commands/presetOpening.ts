import { applyPreset, presetFor } from "../core/rules/orderPresets";
import { settleWindow } from "../core/rules/orderWindowChoices";
import { presetFields } from "../core/rules/presetWindow";
import type { ContractInfo } from "../core/types/contract";
import type { OrderWindowState } from "../core/types/orderWindow";
import { loadDesk, presetMap } from "../data/stores/desk";
import { quoteStore } from "../feed/session";

export interface PresetOpening {
  state: OrderWindowState;
  /** What the preset is of ("INFY", "Equity"); undefined when none applies. */
  label?: string;
  bracket?: string;
  problem?: string;
}

/**
 * Issue 33: the order preset `b`/`s` open the window with: the instrument's, else its segment's
 * (src/core/rules/orderPresets.ts). The LTP, bid and ask are the feed's when it has them (what the
 * window shows), else the contract's LTP.
 */
export async function presetOpening(state: OrderWindowState, contract: ContractInfo): Promise<PresetOpening> {
  await loadDesk();
  const found = presetFor(presetMap(), contract.exchange, contract.symbol);
  if (!found) return { state };
  const depth = quoteStore.depth(contract.exchange, Number(contract.token));
  const bid = depth.bids[0]?.price.peek() ?? 0;
  const ask = depth.asks[0]?.price.peek() ?? 0;
  // The LTP the window shows (the feed's), else the contract's as it was read.
  const live = quoteStore.quote(contract.exchange, Number(contract.token)).LastRate.peek() ?? 0;
  const ltp = live > 0 ? live : contract.ltp;
  const applied = applyPreset(found.preset, {
    side: state.transactionType,
    exchange: contract.exchange,
    lotSize: contract.lotSize,
    multiplier: contract.multiplier,
    tickSize: contract.tickSize,
    bid: bid > 0 ? bid : ltp,
    ask: ask > 0 ? ask : ltp,
    ltp,
  });
  if ("code" in applied) return { state, label: found.label, problem: `Preset ${found.label}: ${applied.message}` };
  return { state: settleWindow({ ...state, ...presetFields(applied, contract) }, contract), label: found.label, ...(found.preset.bracket ? { bracket: found.preset.bracket } : {}) };
}
