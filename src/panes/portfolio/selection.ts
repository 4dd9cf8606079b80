import type { Selection } from "../../commands/types";
import { productLabel } from "../../core/format";
import { positionBook } from "../../core/rules/positionKey";
import { holdingInstrument } from "../../data/stores/portfolio";
import type { HoldingView, Position } from "../../core/types";

/** What `x`, convert and info act on: the row under the cursor, with its product and type to tell INTRADAY from DELIVERY and BO/CO from both. */
export function positionSelection(p: Position): Selection {
  return { kind: "position", exchange: p.exchange, token: Number(p.token), symbol: p.tradingSymbol, product: p.product, type: p.type };
}

/** A position's words in the status line, its product as the grid writes it: "INFY-EQ INTRADAY position", "NIFTY26DECFUT NRML position", "INFY-EQ BO position". */
export const positionLabel = (p: Position): string => `${p.tradingSymbol} ${productLabel(positionBook(p))} position`;

/** A holding's identity: its NSE and BSE instruments (one holding may trade on both). */
export const holdingKey = (h: HoldingView): string => `${h.nseInstrumentId}:${h.bseInstrumentId}`;
export const holdingLabel = (h: HoldingView): string => `${holdingInstrument(h).symbol} holding`;

export function holdingSelection(h: HoldingView): Selection {
  const i = holdingInstrument(h);
  return { kind: "holding", exchange: i.exchange, token: Number(i.token), symbol: i.symbol };
}
