import type { ColumnSpec } from "./columns";

/**
 * Every grid with a column chooser, and its columns in the words the screen uses: BUY/SELL is the
 * "Side" (as the GTT list had it), LIMIT/MARKET/SL/SL-M the "Order type". The views draw a cell
 * per id; the chooser (command grid.columns) lists them from here. The watchlist's columns are its
 * own (src/core/watchlist).
 */
export const GRID_COLUMNS = {
  orders: [
    { id: "time", label: "Time", optionalByDefault: true },
    { id: "side", label: "Side" },
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "product", label: "Product", optionalByDefault: true },
    { id: "orderType", label: "Order type" },
    { id: "qty", label: "Qty" },
    { id: "price", label: "Price" },
    // A pending SL order's trigger is what the trader watches: never folded unless they say so.
    { id: "trigger", label: "Trigger" },
    { id: "status", label: "Status" },
    { id: "validity", label: "Validity", hiddenByDefault: true, optionalByDefault: true },
    { id: "orderNo", label: "Order no.", hiddenByDefault: true, optionalByDefault: true },
    { id: "actions", label: "Actions", optionalByDefault: true },
  ],
  trades: [
    { id: "time", label: "Time", optionalByDefault: true },
    { id: "side", label: "Side" },
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "product", label: "Product", optionalByDefault: true },
    { id: "qty", label: "Qty" },
    { id: "price", label: "Price" },
    { id: "status", label: "Status", optionalByDefault: true },
  ],
  positions: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "product", label: "Product" },
    { id: "netQty", label: "Net Qty" },
    // Issue 29: the average prices stay at 1280 px; the day's figures and the previous close fold first.
    { id: "buyAvg", label: "Buy Avg" },
    { id: "sellAvg", label: "Sell Avg" },
    { id: "dayBuy", label: "Day Buy", optionalByDefault: true },
    { id: "daySell", label: "Day Sell", optionalByDefault: true },
    { id: "prevClose", label: "Prev Close", optionalByDefault: true },
    { id: "ltp", label: "LTP" },
    { id: "realised", label: "Realised", optionalByDefault: true },
    { id: "unrealised", label: "Unrealised" },
    { id: "pnl", label: "P&L" },
  ],
  holdings: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "qty", label: "Qty" },
    { id: "t1", label: "T1", optionalByDefault: true },
    { id: "bnpl", label: "BNPL", optionalByDefault: true },
    { id: "avgPrice", label: "Avg Price" },
    { id: "ltp", label: "LTP" },
    { id: "invested", label: "Invested", optionalByDefault: true },
    { id: "current", label: "Current", optionalByDefault: true },
    { id: "daysPnl", label: "Day's P&L", optionalByDefault: true },
    { id: "dayChg", label: "Day's Chg%", optionalByDefault: true },
    { id: "netPnl", label: "Net P&L" },
    { id: "netChg", label: "Net Chg%", optionalByDefault: true },
  ],
  gtt: [
    { id: "instrument", label: "Instrument", fixed: true },
    { id: "orderType", label: "Order type", optionalByDefault: true },
    { id: "side", label: "Side" },
    { id: "qty", label: "Qty" },
    { id: "trigger", label: "Trigger" },
    { id: "price", label: "Price", optionalByDefault: true },
    { id: "ltp", label: "LTP" },
    { id: "toTrigger", label: "To trigger", optionalByDefault: true },
    { id: "product", label: "Product", optionalByDefault: true },
    { id: "validity", label: "Validity", optionalByDefault: true },
    { id: "gttId", label: "GTT id", optionalByDefault: true },
    { id: "actions", label: "Actions", optionalByDefault: true },
  ],
} as const satisfies Record<string, readonly ColumnSpec[]>;

export type GridId = keyof typeof GRID_COLUMNS;
/** A column id of one grid: a view's cell map must have one cell per id (a typo does not compile). */
export type ColumnId<G extends GridId> = (typeof GRID_COLUMNS)[G][number]["id"];

/** How the chooser names each grid. */
export const GRID_TITLE: Record<GridId, string> = { orders: "Orders", trades: "Trade book", positions: "Positions", holdings: "Holdings", gtt: "GTT orders" };

/**
 * The grids a pane shows, the one on screen first: the Orders pane's order book (its GTT list on
 * the GTT tab, 3) and its trade book; Positions; Holdings. Other views have no chooser (Funds is a
 * list of fields by segment, not a grid of columns).
 */
export function gridsOfView(view: string | undefined, tab: number | undefined): GridId[] {
  switch (view) {
    case "orders":
      return tab === 3 ? ["gtt", "orders", "trades"] : ["orders", "trades", "gtt"];
    case "position":
      return ["positions"];
    case "holdings":
      return ["holdings"];
    default:
      return [];
  }
}
