import { istParts } from "../../src/core/time.js";
import type { Instrument, Quote } from "../market/types.js";
import { blockedMargin, closingAhead } from "./blocked.js";
import type { Evaluate, OrderDesk } from "./desk.js";
import type { Legs } from "./legs.js";
import { protectionPrice } from "./matching.js";
import type { OrderRecord } from "./record.js";
import { restingStatus } from "./working.js";

/**
 * Session edges: AMOs are released at their exchange's open; DAY and IOC orders lapse when the
 * session they worked in has closed ("done for day" when part filled, "lapsed" otherwise), except
 * that a BO or CO position still open is squared off first; GTD orders carry to the next session
 * until the close of their validity date.
 */
export class SessionSweep {
  constructor(
    private readonly desk: OrderDesk,
    private readonly evaluate: Evaluate,
    private readonly legs: Pick<Legs, "exit">,
  ) {}

  /** Every working order against the session at `now`. Tests call it directly after choosing the clock. */
  sweep(now: Date): void {
    const { market, working, journal } = this.desk;
    if (working.size === 0) return;
    const { dateKey: today, minutes } = istParts(now);
    journal.inTransaction(() => {
      for (const r of working.all()) {
        // A leg squared off earlier in this sweep (its sibling's exit) is already finished.
        if (!working.has(r.brokerOrderId)) continue;
        const inst = market.instrument(r.exchange, r.tokenNo);
        if (!inst) continue;
        const open = market.isOpen(r.exchange, now);
        const closeMin = market.hours(r.exchange).close;
        if (r.sessionDay === "") {
          if (open) {
            const quote = market.quote(r.exchange, r.tokenNo);
            if (quote) this.release(r, inst, quote);
          }
          continue;
        }
        if (r.validity === "GTD" && r.gtdValidityDate) {
          const expired = today > r.gtdValidityDate || (today === r.gtdValidityDate && minutes >= closeMin);
          if (expired) journal.cancelRest(r, "lapsed");
          else if (open && r.sessionDay !== today) r.sessionDay = today;
          continue;
        }
        const ended = today > r.sessionDay || (today === r.sessionDay && minutes >= closeMin);
        if (!ended) continue;
        if (r.mainLegOrderId !== "" && (r.orderComplexity === "BO" || r.orderComplexity === "CO")) {
          // BO and CO are INTRADAY only (trading-core section 5), so their position does not outlive the day: at the close it is squared off at market through the stop-loss leg, as a leg's cancel does; only what finds no counterpart lapses.
          const quote = market.quote(r.exchange, r.tokenNo);
          if (quote) this.legs.exit(r, inst, quote);
          if (!working.has(r.brokerOrderId)) continue;
        }
        journal.cancelRest(r, r.filledQuantity > 0 ? "done for day" : "lapsed");
      }
    });
  }

  /** An AMO at the open: re-checked against the funds (they may have moved overnight), then it works like any order. */
  release(r: OrderRecord, inst: Instrument, quote: Quote): void {
    const { ctx, market, portfolio, journal, working } = this.desk;
    r.sessionDay = istParts(ctx.clock.now()).dateKey;
    if (r.orderType === "MARKET") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    // What the funds allow beyond what the order already holds: read before its new margin counts.
    const limit = portfolio.tradingLimit(r.userId);
    const held = r.blocked;
    r.blocked = blockedMargin(market, portfolio, r, inst, quote, (enough) => closingAhead(working, r, enough));
    if (r.blocked.total - held.total > limit + 1e-9) {
      r.rejectionReason = "RMS: insufficient funds at the open for this after-market order";
      journal.finish(r, "rejected");
      return;
    }
    journal.setStatus(r, restingStatus(r), true);
    this.evaluate(r, inst, quote);
  }
}
