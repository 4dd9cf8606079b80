import type { BrokerContext } from "../context.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import type { Portfolio } from "../portfolio/portfolio.js";
import type { OrderJournal } from "./journal.js";
import type { OrderRecord } from "./record.js";
import type { WorkingOrders } from "./working.js";

/** What every part of the order engine works with; the engine (engine.ts) makes one and shares it. */
export interface OrderDesk {
  /** The clock is read at each use: a test may swap it. */
  ctx: Pick<BrokerContext, "clock" | "db">;
  market: Market;
  portfolio: Portfolio;
  working: WorkingOrders;
  journal: OrderJournal;
}

/** One working order against the current quote of its instrument (fills.ts). */
export type Evaluate = (r: OrderRecord, inst: Instrument, quote: Quote) => void;
