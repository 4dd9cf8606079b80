/** What the order benches place (orders.ts, engineGroup.ts): the market frozen at an open session. */
export const BENCH_OPEN = "2026-11-23T05:00:00.000Z";
export const BENCH_SYMBOLS = ["INFY", "TCS", "HDFCBANK", "RELIANCE", "ITC", "SBIN", "LT", "AXISBANK"];

export type Quoted = { token: number; lowerCircuit: number; upperCircuit: number };

/** Alternate buys and sells of one share: marketable, or resting at a circuit (never fills). */
export const orderBody = (inst: Quoted, i: number, resting: boolean) => ({
  exchange: "NSEEQ",
  instrumentId: String(inst.token),
  transactionType: i % 2 === 0 ? "BUY" : "SELL",
  quantity: 1,
  product: "INTRADAY",
  orderType: resting ? "LIMIT" : "MARKET",
  price: resting ? (i % 2 === 0 ? inst.lowerCircuit : inst.upperCircuit) : 0,
  validity: "DAY",
});
