import { istDateKey, istDateKeyAfter, istDateTime } from "../../src/core/time.js";
import { ideaExchange, yyyymmdd, type BrokerExchange, type BrokerExchangeType, type Idea, type IdeaHorizon } from "../../src/core/rules/ideas.js";
import type { Instrument, Market } from "../market/types.js";
import { roundToPaisa } from "../../src/core/money.js";

/**
 * The broker's research ideas, run on its own clock against the simulated prices: a PENDING idea
 * opens when the price enters its entry range; an OPEN one closes at its target or its stop-loss;
 * either expires once the validity day has passed. A closed idea keeps its closed_date.
 */
export class IdeaBook {
  private readonly ideas: Idea[] = [];
  private readonly releases: Array<() => void> = [];

  constructor(
    private readonly market: Market,
    private readonly now: () => Date,
  ) {
    const stop = market.onTick((q, inst) => {
      for (const idea of this.ideas) if (idea.broker_code === inst.token && exchangeOf(idea) === inst.exchange) this.step(idea, q.ltp);
    });
    this.releases.push(stop);
  }

  add(idea: Omit<Idea, "idea_id">): Idea {
    const full: Idea = { ...idea, idea_id: this.ideas.length + 1 };
    this.ideas.push(full);
    this.releases.push(this.market.watch(exchangeOf(full), full.broker_code));
    return full;
  }

  /** Every idea, brought up to date with the clock (expiry) and the current prices. */
  all(): readonly Idea[] {
    for (const idea of this.ideas) {
      const q = this.market.quote(exchangeOf(idea), idea.broker_code);
      if (q) this.step(idea, q.ltp);
    }
    return this.ideas;
  }

  stop(): void {
    for (const r of this.releases.splice(0)) r();
  }

  private step(idea: Idea, ltp: number): void {
    if (idea.status !== "PENDING" && idea.status !== "OPEN") return;
    const today = yyyymmdd(istDateKey(this.now()));
    if (today > idea.validity) return this.close(idea, "EXPIRED");
    if (idea.status === "PENDING") {
      if (ltp >= idea.entry_price.from && ltp <= idea.entry_price.to) idea.status = "OPEN";
      return;
    }
    const buy = idea.transaction === "BUY";
    if (buy ? ltp >= idea.target_price : ltp <= idea.target_price) return this.close(idea, "TARGET_HIT");
    if (buy ? ltp <= idea.stoploss_price : ltp >= idea.stoploss_price) return this.close(idea, "STOPLOSS_HIT");
  }

  private close(idea: Idea, status: Idea["status"]): void {
    idea.status = status;
    idea.closed_date = istDateTime(this.now().toISOString());
  }
}

const exchangeOf = (i: Idea) => ideaExchange(i.broker_exchange, i.broker_exchange_type);

const onTick = (price: number, tick: number): number => roundToPaisa(Math.round(price / tick) * tick);

/** The ideas' days to validity per horizon. */
const HORIZON_DAYS: Record<IdeaHorizon, number> = { intraday: 0, short_term: 7, long_term: 60 };

function brokerCodes(inst: Instrument): { e: BrokerExchange; t: BrokerExchangeType } {
  if (inst.exchange === "MCXCOMM") return { e: "M", t: "X" };
  const e: BrokerExchange = inst.exchange.startsWith("BSE") ? "B" : "N";
  return { e, t: inst.exchange.endsWith("FO") ? "D" : "C" };
}

function nearFuture(market: Market, exchange: Instrument["exchange"], symbol: string): Instrument | undefined {
  return market
    .instruments()
    .filter((i) => i.exchange === exchange && i.symbol === symbol && (i.insType === "FUTIDX" || i.insType === "FUTSTK" || i.insType === "FUTCOM"))
    .sort((a, b) => a.expiry.localeCompare(b.expiry))[0];
}

/**
 * Seeds ideas on real instruments of the master, priced around the simulator's current price:
 * for equity, F&O and commodity, one idea per horizon (open, with the price inside the entry
 * range) and a pending long-term one whose entry range lies below the price.
 */
export function seedIdeas(book: IdeaBook, market: Market, now: Date): void {
  const picks: Array<Instrument | undefined> = [
    market.bySymbol("NSEEQ", "INFY-EQ"),
    market.bySymbol("NSEEQ", "RELIANCE-EQ"),
    market.bySymbol("NSEEQ", "TCS-EQ"),
    nearFuture(market, "NSEFO", "NIFTY"),
    nearFuture(market, "NSEFO", "BANKNIFTY"),
    nearFuture(market, "NSEFO", "FINNIFTY"),
    nearFuture(market, "MCXCOMM", "GOLD"),
    nearFuture(market, "MCXCOMM", "CRUDEOIL"),
    nearFuture(market, "MCXCOMM", "SILVER"),
  ];
  const horizons: IdeaHorizon[] = ["short_term", "long_term", "intraday"];
  picks.forEach((inst, n) => {
    if (!inst) return;
    const ltp = market.quote(inst.exchange, inst.token)?.ltp ?? inst.referencePrice;
    const { e, t } = brokerCodes(inst);
    const horizon = horizons[n % 3]!;
    const transaction = n % 2 === 0 ? "BUY" : "SELL";
    const s = transaction === "BUY" ? 1 : -1;
    // Margin per unit: the full price for cash equity, a fifth of it (a rough SPAN) for futures.
    const marginPerUnit = t === "C" ? ltp : ltp * inst.multiplier * 0.2;
    const common = {
      broker_code: inst.token,
      broker_exchange: e,
      broker_exchange_type: t,
      symbol: inst.tradingSymbol,
      required_margin: roundToPaisa(marginPerUnit),
      lot_size: inst.lotSize,
      closed_date: null,
    };
    book.add({
      ...common,
      transaction,
      horizon,
      status: "OPEN",
      entry_price: { from: onTick(ltp * 0.995, inst.tickSize), to: onTick(ltp * 1.005, inst.tickSize) },
      target_price: onTick(ltp * (1 + s * 0.03), inst.tickSize),
      stoploss_price: onTick(ltp * (1 - s * 0.02), inst.tickSize),
      validity: yyyymmdd(istDateKeyAfter(now, HORIZON_DAYS[horizon])),
    });
    if (n % 3 === 0) {
      book.add({
        ...common,
        transaction: "BUY",
        horizon: "long_term",
        status: "PENDING",
        entry_price: { from: onTick(ltp * 0.95, inst.tickSize), to: onTick(ltp * 0.96, inst.tickSize) },
        target_price: onTick(ltp * 1.05, inst.tickSize),
        stoploss_price: onTick(ltp * 0.92, inst.tickSize),
        validity: yyyymmdd(istDateKeyAfter(now, HORIZON_DAYS.long_term)),
      });
    }
  });
}
