import fs from "node:fs";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { replayFigures, type MinuteCloses, type ReportTrade } from "../../src/core/replay/report.js";
import { istDateKey, istInstant } from "../../src/core/time.js";
import { isExchange } from "../../src/core/types/exchange.js";
import { replayControl, replayDays, replayMarkers, replayReport, replayStart, replayState, replayStop, REPLAY_SPEEDS, type ReplayState } from "../../src/core/wire/replay.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { OrderEngine } from "../orders/engine.js";
import type { ReplaySpeed } from "./clock.js";
import { liveDbFile, type ReplayMode } from "./mode.js";
import { jumpsFor, noteJump, runJumps } from "./jumps.js";
import { moveReplayTo } from "./moving.js";
import { saveRunPosition } from "./position.js";
import { hasDayTape, replayableDays } from "./source.js";

/** What the replay calls need: the mode (undefined when live), where tapes are, and how to switch the broker. */
export interface ReplayDeps {
  mode: ReplayMode | undefined;
  tapesDir: string;
  liveDataDir: string;
  orders: OrderEngine;
  /** Restarts the broker on a replayed day, or live (undefined); absent where the broker cannot restart itself (test harness). */
  switchTo?: (date: string | undefined) => void;
  /** Writes what the recorder holds in memory, so "Replay today" a few seconds into a session finds today's tape (absent when not recording). */
  flushRecording?: () => void;
}

export function replayStateOf(mode: ReplayMode | undefined, now: Date): ReplayState {
  if (!mode) return { active: false, date: "", source: "", speed: 1, paused: false, ended: false, start: 0, end: 0, simTime: now.getTime(), moving: false };
  const c = mode.clock;
  return { active: true, date: mode.date, source: mode.tape.source, speed: c.speed, paused: c.paused, ended: c.ended, start: mode.market.span.first, end: c.end, simTime: c.now().getTime(), moving: c.moving };
}

export function registerReplay(app: FastifyInstance, ctx: BrokerContext, deps: ReplayDeps): void {
  const { mode } = deps;
  const later = (fn: () => void) => setTimeout(fn, 50).unref();

  route(app, replayDays, async () => ok(replayableDays(deps.tapesDir)));
  route(app, replayState, async () => ok([replayStateOf(mode, ctx.clock.now())]));

  route(app, replayStart, async (req) => {
    const { date } = req.body;
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return fail("EC751", ERROR_CATALOGUE.EC751);
    if (!deps.switchTo) return fail("EC756", ERROR_CATALOGUE.EC756);
    // The last seconds of today are still in the recorder's block: written now, they are in the replay too.
    deps.flushRecording?.();
    if (!hasDayTape(deps.tapesDir, date)) return fail("EC750", `${ERROR_CATALOGUE.EC750}: ${date}`);
    const switchTo = deps.switchTo;
    // Answered first; the broker restarts a moment later and the app follows its health check.
    later(() => switchTo(date));
    return ok([{ date, switching: true }]);
  });

  route(app, replayStop, async () => {
    if (!mode) return fail("EC752", ERROR_CATALOGUE.EC752);
    if (!deps.switchTo) return fail("EC756", ERROR_CATALOGUE.EC756);
    const switchTo = deps.switchTo;
    later(() => switchTo(undefined));
    return ok([{ switching: true }]);
  });

  route(app, replayControl, async (req) => {
    if (!mode) return fail("EC752", ERROR_CATALOGUE.EC752);
    const { action, speed, time } = req.body;
    const c = mode.clock;
    /** Where a step or a jump moves the clock to. */
    let target: number | undefined;
    switch (action) {
      case "speed":
        if (!REPLAY_SPEEDS.includes(speed as ReplaySpeed)) return fail("EC753", ERROR_CATALOGUE.EC753);
        c.setSpeed(speed as ReplaySpeed);
        break;
      case "pause":
        c.pause();
        break;
      case "resume":
        c.resume();
        break;
      case "step": {
        // One bar: on to the next minute's start, and paused there.
        c.pause();
        target = Math.floor(c.now().getTime() / 60_000) * 60_000 + 60_000;
        break;
      }
      case "jump": {
        const m = /^(\d{1,2}):(\d{2})$/.exec(time ?? "");
        const at = m ? istInstant(mode.date, Number(m[1]) * 60 + Number(m[2])).getTime() : Number.NaN;
        if (!m || Number(m[2]) > 59 || !(at >= mode.market.span.first - 60_000 && at <= c.end)) return fail("EC754", ERROR_CATALOGUE.EC754);
        target = Math.max(at, mode.market.span.first);
        break;
      }
    }
    // The report works over the time played, each jump back a new stretch of it (report.ts): noted before the move.
    if (action === "jump" && target !== undefined) noteJump(mode.dataDir, { from: c.now().getTime(), to: target, tradeSeq: deps.orders.lastTradeSeq() });
    // Answered once the tape is played up to the new time (ReplayMarket.playTo yields between blocks).
    if (target !== undefined) await moveReplayTo(mode, target);
    // A speed, pause or resume during a move leaves the move to play on (it would take the move over).
    else if (mode.market.catchingUp() === undefined) await mode.market.playTo(c.now().getTime());
    // A crash from here on resumes at the time and speed the trader just chose (position.ts).
    saveRunPosition(mode);
    return ok([replayStateOf(mode, c.now())]);
  });

  // The report holds the trades the positions hold (the run's trade book, whatever the clock: a jump
  // back leaves later trades in the books), oldest first, and ends at the clock on the positions'
  // P&L: an open position is marked at its last price, as the positions mark it. It is worked over
  // the time played, the run's jumps with it (report.ts).
  route(app, replayReport, async (req) => {
    if (!mode) return fail("EC752", ERROR_CATALOGUE.EC752);
    // While the replay moves (a jump, a step: the clock shows the new time at once), the tape's prices and
    // bars are of an earlier time: the report waits for it to arrive, so its figures are those of the time
    // the clock shows (asked mid-jump back it read another P&L than Positions once arrived). A minute at most.
    for (let waited = 0; mode.market.catchingUp() !== undefined && waited < 60_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    // The book is newest first: reversed, the trades in the order they were made (their numbers), which the jumps split.
    const trades = deps.orders
      .tradeBook(req.userId)
      .reverse()
      .map((t) => ({ t, time: Date.parse(t.tradeTime), seq: Number(t.tradeId.slice(1)) }))
      .sort((a, b) => a.seq - b.seq);
    const list: ReportTrade[] = [];
    const closes = new Map<string, MinuteCloses>();
    const lastPrices = new Map<string, number>();
    for (const { t, time } of trades) {
      const inst = isExchange(t.exchange) ? mode.market.instrument(t.exchange, Number(t.token)) : undefined;
      const k = `${t.exchange}:${t.token}`;
      list.push({ time, instrument: k, side: t.transactionType === "SELL" ? "SELL" : "BUY", quantity: t.filledQuantity, price: t.tradedPrice, multiplier: inst?.multiplier ?? 1 });
      if (!closes.has(k) && inst) {
        closes.set(k, mode.market.bars(inst.exchange, inst.token).map((b) => ({ time: b.time, close: b.close })));
        const ltp = mode.market.quote(inst.exchange, inst.token)?.ltp;
        if (ltp && ltp > 0) lastPrices.set(k, ltp);
      }
    }
    const now = mode.clock.now().getTime();
    const from = mode.market.span.first;
    // The curve ends at the clock: a trade a jump back left ahead of it counts as made now (report.ts).
    const to = Math.max(now, from + 1);
    const f = replayFigures(list, closes, from, to, lastPrices, jumpsFor(runJumps(mode.dataDir), trades.map((t) => t.seq)));
    return ok([{
      date: mode.date,
      trades: trades.map(({ t }, i) => ({ time: list[i]!.time, tradingSymbol: t.tradingSymbol, exchange: t.exchange, token: Number(t.token), side: list[i]!.side, quantity: t.filledQuantity, price: t.tradedPrice })),
      curve: f.curve, finalPnl: f.finalPnl, maxDrawdown: f.maxDrawdown, timeInMarketMs: f.timeInMarketMs, sessionMs: f.sessionMs,
    }]);
  });

  // Replay today: the user's own trades of that date in the live paper account, as chart markers.
  route(app, replayMarkers, async (req) => {
    if (!mode) return fail("EC752", ERROR_CATALOGUE.EC752);
    const file = liveDbFile(deps.liveDataDir);
    if (!fs.existsSync(file)) return ok([]);
    const live = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = live
        .prepare("SELECT exchange, token, trading_symbol, transaction_type, filled_quantity, traded_price, trade_time FROM trades WHERE user_id = ? AND day = ? ORDER BY seq")
        .all(req.userId, mode.date) as Array<{ exchange: string; token: number; trading_symbol: string; transaction_type: string; filled_quantity: number; traded_price: number; trade_time: string }>;
      return ok(rows.map((r) => ({ time: Date.parse(r.trade_time), tradingSymbol: r.trading_symbol, exchange: r.exchange, token: r.token, side: r.transaction_type === "SELL" ? ("SELL" as const) : ("BUY" as const), quantity: r.filled_quantity, price: r.traded_price })).filter((r) => istDateKey(new Date(r.time)) === mode.date));
    } finally {
      live.close();
    }
  });
}
