import type { FastifyInstance } from "fastify";
import { ruleError } from "../../src/core/errors.js";
import { oiWindows } from "../../src/core/strategy/oiWindows.js";
import { oiHistory, type OiHistoryRow } from "../../src/core/wire/market.js";
import type { Clock } from "../clock.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { chainExpiry, indexChains, type Chains } from "./optionChain.js";
import type { Instrument, Market } from "./types.js";

/**
 * GET /core/v2/oi-history?symbol=NIFTY&expiry=2026-11-24[&exchange=BSE][&token=…] (Tape's, issue 31): each option
 * of the expiry with its OI and price change over the last 5, 15 and 30 minutes and the build-up
 * they read as (src/core/strategy/oiWindows.ts), from the per-minute history the simulator keeps
 * for the session (server/market/sim/oiMinutes.ts). Asking prices each contract first, as the
 * chain does, so an unwatched one is brought up to now.
 */
export function registerOiHistory(app: FastifyInstance, market: Market, clock: Clock): void {
  let chains: Chains | undefined;
  route(app, oiHistory, async (req) => {
    const q = req.query;
    chains ??= indexChains(market);
    // The chain's own exchange when it names one (`chain USDINR BSE`): its options' history, not the default venue's.
    const found = chainExpiry(chains, q.symbol, q.expiry, q.exchange);
    if ("code" in found) return fail(found.code, found.message);
    const { symbol, expiry, byStrike } = found;
    const contracts: Instrument[] = [...byStrike.entries()].sort(([a], [b]) => a - b).flatMap(([, pair]) => [pair.CE, pair.PE].filter((i): i is Instrument => i !== undefined));
    const token = q.token === undefined ? undefined : Number(q.token);
    const wanted = token === undefined ? contracts : contracts.filter((i) => i.token === token);
    if (wanted.length === 0) {
      const e = ruleError("EC902", `${token} is not an option of ${symbol} ${expiry}`);
      return fail(e.code, e.message);
    }
    const now = clock.now().getTime();
    const rows: OiHistoryRow[] = [];
    for (const inst of wanted) {
      const quote = market.quote(inst.exchange, inst.token);
      if (!quote) continue;
      const history = market.oiHistory(inst.exchange, inst.token);
      rows.push({
        exchange: inst.exchange,
        token: inst.token,
        tradingSymbol: inst.tradingSymbol,
        strike: inst.strikePrice,
        optionType: inst.optionType as "CE" | "PE",
        oi: quote.openInterest,
        ltp: quote.ltp,
        windows: oiWindows(history, { time: now, oi: quote.openInterest, ltp: quote.ltp }),
        series: token === undefined ? [] : [...history],
      });
    }
    return ok(rows);
  });
}
