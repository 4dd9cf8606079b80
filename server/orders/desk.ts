import type { RuleError } from "../../src/core/errors.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { BrokerContext } from "../context.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import type { Portfolio } from "../portfolio/portfolio.js";
import type { Brackets } from "./brackets.js";
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
  /** Refusals from outside the engine (issue 33's kill switch, server/risk), set once at start-up. */
  gates: OrderGates;
  /** Issue 33: bracket templates at work (brackets.ts); set by the engine once its parts are made. */
  brackets?: Brackets;
}

/**
 * A check every new order and every modify passes, whatever door it came by (HTTP, basket, alias,
 * GTT trigger, SIP, alert order all reach intake.place): a refusal, or undefined to go on.
 */
export interface OrderGates {
  place?: (userId: string, exchange: Exchange, now: Date) => RuleError | undefined;
  modify?: (userId: string, exchange: Exchange, now: Date, pendingBefore: number, pendingAfter: number) => RuleError | undefined;
  /**
   * A check only the trader's own doors pass (a new order through engine.submitOrder, a modify), after
   * the client order key is looked up: a replay moving to another time (server/replay/moving.ts). Not
   * the broker's reactions to prices (GTT triggers, alert orders, a loss limit's square-off), nor a cancel.
   */
  trader?: (action: "place" | "modify") => RuleError | undefined;
}

/** One working order against the current quote of its instrument (fills.ts). */
export type Evaluate = (r: OrderRecord, inst: Instrument, quote: Quote) => void;
