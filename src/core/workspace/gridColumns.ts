import { EQUITY_LISTS, type MarketListName } from "../rules/discover";
import { WATCHLIST_COLUMNS } from "../watchlist/columns";
import type { ColumnSpec } from "./columns";

/**
 * A Discover market grid's columns (Invest Equity, ETF, F&O gainers and losers): what a trader acts
 * on stays (Symbol, LTP and %Chg, what the lists rank by); the day's high and low fold first, then
 * the change and the volume. The 52-week lists add the extreme they are near and the distance to
 * it, the list's reason, never folded unless the trader says so.
 */
const MARKET_COLUMNS = [
  { id: "symbol", label: "Symbol", fixed: true },
  { id: "ltp", label: "LTP", fixed: true },
  { id: "chg", label: "Chg", title: "Change", foldByDefault: 3 },
  { id: "pchg", label: "%Chg", title: "% change" },
  { id: "volume", label: "Volume", foldByDefault: 4 },
  { id: "high", label: "High", title: "Day high", foldByDefault: 1 },
  { id: "low", label: "Low", title: "Day low", foldByDefault: 2 },
] as const satisfies readonly ColumnSpec[];

/**
 * Every grid with a column chooser, and its columns in the words the screen uses: BUY/SELL is the
 * "Side" (as the GTT list had it), LIMIT/MARKET/SL/SL-M the "Order type". `foldByDefault` ranks
 * the optional columns (1 folds first): what a keyboard trader needs least goes first (row buttons
 * whose keys he knows, ids, validity), the figures he watches last. The exchange ("Exc", as the watchlist heads it) is a column
 * of its own, so that a narrow pane can fold it like any other. The views draw a cell
 * per id; the chooser (command grid.columns) lists them from here. The watchlist's are declared
 * with the watchlist (src/core/watchlist/columns.ts).
 */
export const GRID_COLUMNS = {
  orders: [
    { id: "time", label: "Time", foldByDefault: 5 },
    { id: "side", label: "Side" },
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "exchange", label: "Exc", foldByDefault: 4 },
    // Product folds after Time: two INFY orders are told apart as intraday or delivery by it alone
    // (at 1680 a trailing stop's badge widened the Instrument column and Product went, "+3 cols");
    // the book is newest first, so the order of the rows still says what Time would.
    { id: "product", label: "Product", foldByDefault: 6 },
    { id: "orderType", label: "Order type" },
    { id: "qty", label: "Qty" },
    { id: "price", label: "Price" },
    // A pending SL order's trigger is what the trader watches: never folded unless they say so.
    { id: "trigger", label: "Trigger" },
    { id: "status", label: "Status" },
    { id: "validity", label: "Validity", hiddenByDefault: true, foldByDefault: 1 },
    { id: "orderNo", label: "Order no.", hiddenByDefault: true, foldByDefault: 2 },
    { id: "actions", label: "Actions", foldByDefault: 3 },
  ],
  trades: [
    { id: "time", label: "Time", foldByDefault: 3 },
    { id: "side", label: "Side" },
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "exchange", label: "Exc", foldByDefault: 4 },
    { id: "product", label: "Product", foldByDefault: 2 },
    { id: "qty", label: "Qty" },
    { id: "price", label: "Price" },
    { id: "status", label: "Status", foldByDefault: 1 },
  ],
  positions: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "exchange", label: "Exc", foldByDefault: 6 },
    // Part of a position's key (core/rules/positionKey.ts): NIFTY26DECFUT 75 INTRADAY and 75 NRML
    // are two rows that x and Convert act on apart, and without it they read the same (FINDINGS-24 §9).
    { id: "product", label: "Product", fixed: true },
    { id: "netQty", label: "Net Qty" },
    // Issue 29: the average prices stay at 1280 px; issue 11: a narrow split pane still shows
    // Unrealised and P&L. So the previous close, the day's figures, Realised and the LTP (the
    // watchlist has it; P&L moves with it) fold first, then the exchange and the
    // averages. Net Qty, Unrealised and P&L never fold (a trader marks them optional in Alt+C), nor
    // Product (fixed: squeezed past every fold, it goes under the name, positions.css):
    // past every fold a long option's name wraps in its head (PositionsView's CSS) rather than
    // fold Unrealised, which a BANKNIFTY option's 21 letters did in a 407 px pane.
    { id: "buyAvg", label: "Buy Avg", foldByDefault: 9 },
    { id: "sellAvg", label: "Sell Avg", foldByDefault: 8 },
    { id: "dayBuy", label: "Day Buy", foldByDefault: 2 },
    { id: "daySell", label: "Day Sell", foldByDefault: 3 },
    { id: "prevClose", label: "Prev Close", foldByDefault: 1 },
    { id: "ltp", label: "LTP", foldByDefault: 5 },
    { id: "realised", label: "Realised", foldByDefault: 4 },
    { id: "unrealised", label: "Unrealised" },
    { id: "pnl", label: "P&L" },
    // FINDINGS-24 s6: the daily loss limit measures the day from yesterday's close for a carried
    // position (positions.ts positionDayPnl); shown by default so that the figure the limit trips on
    // is on the grid a trader reads before setting one. It folds after the exchange, before the averages.
    { id: "dayPnl", label: "Day P&L", title: "Today's P&L: from yesterday's close for a position carried in, from the trade price for today's trades (what the daily loss limit measures)", foldByDefault: 7 },
  ],
  holdings: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "exchange", label: "Exc", foldByDefault: 8 },
    { id: "qty", label: "Qty" },
    { id: "t1", label: "T1", foldByDefault: 1 },
    { id: "bnpl", label: "BNPL", foldByDefault: 2 },
    { id: "avgPrice", label: "Avg Price" },
    { id: "ltp", label: "LTP" },
    { id: "invested", label: "Invested", foldByDefault: 4 },
    { id: "current", label: "Current", foldByDefault: 6 },
    { id: "daysPnl", label: "Day's P&L", foldByDefault: 7 },
    { id: "dayChg", label: "Day's Chg%", foldByDefault: 3 },
    { id: "netPnl", label: "Net P&L" },
    { id: "netChg", label: "Net Chg%", foldByDefault: 5 },
  ],
  gtt: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "status", label: "Status" },
    { id: "exchange", label: "Exc", foldByDefault: 8 },
    { id: "orderType", label: "Order type", foldByDefault: 7 },
    { id: "side", label: "Side" },
    { id: "qty", label: "Qty" },
    { id: "trigger", label: "Trigger" },
    { id: "price", label: "Price", foldByDefault: 5 },
    { id: "ltp", label: "LTP" },
    { id: "toTrigger", label: "To trigger", foldByDefault: 6 },
    { id: "product", label: "Product", foldByDefault: 4 },
    // No Validity: it was the triggered order's (always DAY) and read like the GTT's own expiry (issue 29).
    // Status, created and expires stay by default: the issue asks the list to show them (the trader can mark them optional, Alt+C).
    { id: "created", label: "Created" },
    { id: "expires", label: "Expires" },
    { id: "gttId", label: "GTT id", foldByDefault: 1 },
    { id: "actions", label: "Actions", foldByDefault: 2 },
  ],
  watchlist: WATCHLIST_COLUMNS,
  market: MARKET_COLUMNS,
  marketWeekHigh: [...MARKET_COLUMNS, { id: "weekHigh", label: "52W High", title: "52-week high" }, { id: "fromHigh", label: "From high", title: "% from the 52-week high" }],
  marketWeekLow: [...MARKET_COLUMNS, { id: "weekLow", label: "52W Low", title: "52-week low" }, { id: "fromLow", label: "From low", title: "% from the 52-week low" }],
} as const satisfies Record<string, readonly ColumnSpec[]>;

export type GridId = keyof typeof GRID_COLUMNS;
/** A column id of one grid: a view's cell map must have one cell per id (a typo does not compile). */
export type ColumnId<G extends GridId> = (typeof GRID_COLUMNS)[G][number]["id"];

/** How the chooser names each grid. */
export const GRID_TITLE: Record<GridId, string> = {
  orders: "Orders",
  trades: "Trade book",
  positions: "Positions",
  holdings: "Holdings",
  gtt: "GTT orders",
  watchlist: "Watchlist",
  market: "Market lists",
  marketWeekHigh: "52 Week High",
  marketWeekLow: "52 Week Low",
};

/** The grid a Discover list is drawn in: the 52-week lists have columns of their own, every other list the market grid's. */
export function gridOfList(list: MarketListName): "market" | "marketWeekHigh" | "marketWeekLow" {
  return list === "weekHigh" ? "marketWeekHigh" : list === "weekLow" ? "marketWeekLow" : "market";
}


/**
 * The grids a pane shows, the one on screen first: the Orders pane's order book (its GTT list on
 * the GTT tab, 3) and its trade book; Positions; Holdings; the watchlist (full screen too: the same
 * pane); Invest Equity's market grid of the tab shown, then its others; ETF's and the F&O
 * scanner's market grid. Other views have no chooser (Funds is a list of fields by segment, not a
 * grid of columns).
 */
export function gridsOfView(view: string | undefined, tab: number | undefined): GridId[] {
  switch (view) {
    case "orders":
      return tab === 3 ? ["gtt", "orders", "trades"] : ["orders", "trades", "gtt"];
    case "position":
      return ["positions"];
    case "holdings":
      return ["holdings"];
    case "watchlist":
    case "fullwl":
      return ["watchlist"];
    case "equity": {
      const first = gridOfList(EQUITY_LISTS[tab ?? 0] ?? "topGainers");
      return [first, ...(["market", "marketWeekHigh", "marketWeekLow"] as const).filter((g) => g !== first)];
    }
    case "etf":
    case "scanner":
      return ["market"];
    default:
      return [];
  }
}
