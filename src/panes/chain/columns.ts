/**
 * The columns of one side of the chain, from the strike outwards: the call side shows them
 * mirrored (outermost on the left), the put side in this order, as traders read a chain.
 * Priority 1 stays in the narrowest pane: each side's LTP either side of the strike (a quarter of
 * the screen beside a strategy pane holds those three columns, and with IV as well the puts went
 * out of sight); IV is the next to go (an option trader reads the price and its volatility
 * together), then change, delta and OI; the Greeks hide first. Their
 * widths are the stylesheet's (.grid.chain [data-field], src/app/styles.css): fixed, so a tick or
 * a scroll never measures a cell again (issue 18), and matched by rule rather than set on each
 * cell, so the cells of a column share one computed style.
 */
export type SideField = "ltp" | "chg" | "bid" | "ask" | "iv" | "delta" | "gamma" | "theta" | "vega" | "volume" | "oi" | "oiChg" | "buildUp";

export interface SideColumn {
  field: SideField;
  title: string;
  priority: 1 | 2 | 3 | 4 | 5;
}

export const SIDE_COLUMNS: readonly SideColumn[] = [
  { field: "ltp", title: "LTP", priority: 1 },
  { field: "chg", title: "Chg", priority: 3 },
  { field: "bid", title: "Bid", priority: 4 },
  { field: "ask", title: "Ask", priority: 4 },
  { field: "iv", title: "IV", priority: 2 },
  { field: "delta", title: "Delta", priority: 3 },
  { field: "gamma", title: "Gamma", priority: 5 },
  { field: "theta", title: "Theta", priority: 5 },
  { field: "vega", title: "Vega", priority: 5 },
  { field: "volume", title: "Volume", priority: 4 },
  { field: "oi", title: "OI", priority: 3 },
  { field: "oiChg", title: "OI Chg", priority: 4 },
];

export const CALL_COLUMNS: readonly SideColumn[] = [...SIDE_COLUMNS].reverse();
