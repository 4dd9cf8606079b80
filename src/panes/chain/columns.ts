/**
 * The columns of one side of the chain, from the strike outwards: the call side shows them
 * mirrored (outermost on the left), the put side in this order, as traders read a chain.
 * Priority 1 stays in the narrowest pane (LTP either side of the strike); 4 hides first. Each has a
 * width in characters (the widest figure it shows, or its title): the chain's table lays out at
 * fixed widths, so a tick or a scroll never measures every cell again (issue 18).
 */
export type SideField = "ltp" | "chg" | "bid" | "ask" | "iv" | "delta" | "gamma" | "theta" | "vega" | "volume" | "oi" | "oiChg";

export interface SideColumn {
  field: SideField;
  title: string;
  priority: 1 | 2 | 3 | 4;
  /** Width in characters ("+1,234.50", "-12.34L", "0.0001"). */
  width: number;
}

export const SIDE_COLUMNS: readonly SideColumn[] = [
  { field: "ltp", title: "LTP", priority: 1, width: 10 },
  { field: "chg", title: "Chg", priority: 2, width: 9 },
  { field: "bid", title: "Bid", priority: 3, width: 9 },
  { field: "ask", title: "Ask", priority: 3, width: 9 },
  { field: "iv", title: "IV", priority: 2, width: 6 },
  { field: "delta", title: "Delta", priority: 2, width: 6 },
  { field: "gamma", title: "Gamma", priority: 4, width: 7 },
  { field: "theta", title: "Theta", priority: 4, width: 7 },
  { field: "vega", title: "Vega", priority: 4, width: 6 },
  { field: "volume", title: "Volume", priority: 3, width: 7 },
  { field: "oi", title: "OI", priority: 2, width: 7 },
  { field: "oiChg", title: "OI Chg", priority: 3, width: 8 },
];

/** The strike column, in characters ("24,000" and its ATM badge). */
export const STRIKE_WIDTH = 13;

export const CALL_COLUMNS: readonly SideColumn[] = [...SIDE_COLUMNS].reverse();
