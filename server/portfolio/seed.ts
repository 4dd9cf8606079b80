import { roundToTick } from "../../src/core/rules/tick.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { HoldingProduct } from "../../src/core/types/portfolio.js";
import { DEMO_ACCOUNTS } from "../accounts.js";
import type { BrokerContext } from "../context.js";
import type { Instrument, Market } from "../market/types.js";
import type { Portfolio } from "./portfolio.js";
import { emptyPosition } from "./positions.js";

/**
 * Demo portfolios, created once per demo account on first start (portfolio_seeded), so that the
 * holdings, positions and funds panes are not empty: opening cash, a realistic set
 * of long-held shares (some bought with BNPL) and, for DEMO1, a few overnight F&O, commodity and
 * currency positions. Average prices are set off the reference price by fixed factors, so some
 * holdings show a gain and some a loss whatever day the simulator starts on.
 */
interface SeedHolding {
  symbol: string;
  quantity: number;
  product: HoldingProduct;
  /** Average price as a multiple of the reference price. */
  factor: number;
}

interface SeedAccount {
  /** Opening cash of the client's one pool (all segments trade against it). */
  cash: number;
  holdings: SeedHolding[];
  positions: boolean;
}

const SEEDS: Record<string, SeedAccount> = {
  DEMO1: {
    cash: 2_000_000,
    positions: true,
    holdings: [
      { symbol: "INFY", quantity: 60, product: "DELIVERY", factor: 0.86 },
      { symbol: "TCS", quantity: 15, product: "DELIVERY", factor: 1.08 },
      { symbol: "HDFCBANK", quantity: 80, product: "DELIVERY", factor: 0.79 },
      { symbol: "RELIANCE", quantity: 40, product: "DELIVERY", factor: 0.93 },
      { symbol: "ITC", quantity: 300, product: "DELIVERY", factor: 0.9 },
      { symbol: "ITC", quantity: 100, product: "BNPL", factor: 1.02 },
      { symbol: "SBIN", quantity: 120, product: "BNPL", factor: 0.95 },
      { symbol: "TATAMOTORS", quantity: 150, product: "DELIVERY", factor: 1.15 },
      { symbol: "ASIANPAINT", quantity: 20, product: "DELIVERY", factor: 1.12 },
    ],
  },
  DEMO2: {
    cash: 500_000,
    positions: false,
    holdings: [
      { symbol: "INFY", quantity: 25, product: "DELIVERY", factor: 0.91 },
      { symbol: "HDFCBANK", quantity: 30, product: "DELIVERY", factor: 0.88 },
      { symbol: "ITC", quantity: 200, product: "DELIVERY", factor: 0.97 },
      { symbol: "ICICIBANK", quantity: 50, product: "BNPL", factor: 0.94 },
      // Bought under BNPL while the share still had leverage; it has none now (productLeverage 0),
      // so the order window offers BNPL only to sell it (trading-core section 4).
      { symbol: "AAVAS", quantity: 30, product: "BNPL", factor: 0.97 },
    ],
  },
  DORMANT1: { cash: 100_000, positions: false, holdings: [{ symbol: "WIPRO", quantity: 100, product: "DELIVERY", factor: 0.8 }] },
};

/**
 * `carried` false leaves out the overnight positions: a replay account (issue 35) starts the day
 * flat, so its positions pane and report hold only what the trader does in the replay; the cash and
 * the long-held shares stay, to trade and to sell. Overnight contracts carried into a day of the
 * past would be priced by a day they were never held through.
 */
export function seedDemoPortfolios(ctx: BrokerContext, market: Market, portfolio: Portfolio, carried = true): void {
  const seeded = ctx.db.prepare("SELECT 1 FROM portfolio_seeded WHERE user_id = ?");
  const mark = ctx.db.prepare("INSERT INTO portfolio_seeded (user_id, seeded_at) VALUES (?, ?)");
  for (const account of DEMO_ACCOUNTS) {
    const seed = SEEDS[account.userId];
    if (!seed || seeded.get(account.userId)) continue;
    ctx.db.transaction(() => {
      seedAccount(market, portfolio, account.userId, carried ? seed : { ...seed, positions: false });
      mark.run(account.userId, ctx.clock.now().toISOString());
    })();
  }
}

function seedAccount(market: Market, portfolio: Portfolio, userId: string, seed: SeedAccount): void {
  const store = portfolio.store;
  store.putLedger(userId, { ...store.ledger(userId), openingCashLimit: seed.cash });
  for (const h of seed.holdings) {
    const inst = market.bySymbol("NSEEQ", h.symbol);
    if (!inst) continue;
    const record = portfolio.newHolding(inst, h.product);
    record.settledQuantity = h.quantity;
    record.settledAveragePrice = roundToTick(inst.referencePrice * h.factor, inst.tickSize);
    store.putHolding(userId, record);
  }
  if (!seed.positions) return;
  const carried = (inst: Instrument | undefined, lots: number, factor: number) => {
    if (!inst) return;
    const quote = market.quote(inst.exchange, inst.token);
    const price = roundToTick((quote?.pClose ?? inst.referencePrice) * factor, inst.tickSize);
    const qty = Math.abs(lots) * (inst.exchange.endsWith("COMM") ? 1 : inst.lotSize);
    const p = emptyPosition(inst, "NORMAL", "");
    if (lots > 0) {
      p.cfBuyQuantity = qty;
      p.cfBuyValue = qty * price;
    } else {
      p.cfSellQuantity = qty;
      p.cfSellValue = qty * price;
    }
    store.putPosition(userId, p);
  };
  carried(nearFuture(market, "NSEFO", "NIFTY"), 1, 0.994);
  carried(nearAtmCall(market, "NSEFO", "NIFTY"), 1, 0.9);
  carried(nearFuture(market, "MCXCOMM", "CRUDEOIL"), -1, 1.01);
  carried(nearFuture(market, "NSECURR", "USDINR"), 1, 0.998);
}

function byExpiry(a: Instrument, b: Instrument): number {
  return a.expiry < b.expiry ? -1 : a.expiry > b.expiry ? 1 : 0;
}

function nearFuture(market: Market, exchange: Exchange, symbol: string): Instrument | undefined {
  return market
    .instruments()
    .filter((i) => i.exchange === exchange && i.symbol === symbol && i.insType.startsWith("FUT"))
    .sort(byExpiry)[0];
}

function nearAtmCall(market: Market, exchange: Exchange, symbol: string): Instrument | undefined {
  const calls = market.instruments().filter((i) => i.exchange === exchange && i.symbol === symbol && i.optionType === "CE");
  const first = calls.sort(byExpiry)[0];
  if (!first) return undefined;
  const u = first.underlying ? market.quote(first.underlying.exchange, first.underlying.token)?.ltp : undefined;
  const level = u ?? first.strikePrice;
  return calls.filter((c) => c.expiry === first.expiry).sort((a, b) => Math.abs(a.strikePrice - level) - Math.abs(b.strikePrice - level))[0];
}
