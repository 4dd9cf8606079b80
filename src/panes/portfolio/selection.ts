import type { Selection } from "../../commands/types";
import { holdingInstrument } from "../../data/stores/portfolio";
import type { HoldingView, Position } from "../../core/types";

/** What `x`, convert and info act on: the row under the cursor, with its product to tell INTRADAY from DELIVERY. */
export function positionSelection(p: Position): Selection {
  return { kind: "position", exchange: p.exchange, token: Number(p.token), symbol: p.tradingSymbol, product: p.product };
}

export function holdingSelection(h: HoldingView): Selection {
  const i = holdingInstrument(h);
  return { kind: "holding", exchange: i.exchange, token: Number(i.token), symbol: i.symbol };
}
