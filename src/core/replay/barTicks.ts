/**
 * A one-minute OHLCV bar turned into ticks (issue 35, import of real data). The method, written
 * down because a replay's fills depend on it:
 *
 * - Path. The bar's minute is split into three equal legs: open to the first extreme, to the
 *   other extreme, to close. The first extreme is the low for a bar that closes at or above its
 *   open and the high for one that closes below it (a rising bar is taken to dip first, a falling
 *   one to rally first: the usual assumption of bar replays, which keeps the path as short as the
 *   bar allows). Along each leg the price moves in a straight line and is rounded to the tick.
 *   With n ticks a bar (n >= 4), tick i is at i/n of the minute; the vertices fall on ticks 0,
 *   round(n/3), min(round(2n/3), n-2) and n-1, so the open, the high, the low and the close are each
 *   traded exactly, and no tick goes outside the bar's range.
 * - Volume. Each tick trades floor(volume / n); the remainder goes one unit each to the first
 *   ticks, so the bar's ticks add up to its volume.
 * - OI, when the file gives it, stands at the bar's figure through the bar.
 */
export interface OhlcBar {
  /** Start of the minute, ms since the epoch. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  oi?: number;
}

export interface BarTick {
  time: number;
  /** In price units (rupees), on the tick grid. */
  price: number;
  quantity: number;
}

/** Rounds to the tick grid in integer ticks, so that 0.05 steps do not drift (prices stay exact to the paisa). */
const onTick = (price: number, tick: number): number => Number((Math.round(price / tick) * tick).toFixed(6));

export function barTicks(bar: OhlcBar, n: number, tick: number): BarTick[] {
  if (n < 4) throw new RangeError("a bar needs at least 4 ticks: open, two extremes and close");
  const rising = bar.close >= bar.open;
  const vertices: Array<[number, number]> = [
    [0, bar.open],
    [Math.round(n / 3), rising ? bar.low : bar.high],
    // Never on the last tick, which is the close's (n = 4 gives 0, 1, 2, 3).
    [Math.min(Math.round((2 * n) / 3), n - 2), rising ? bar.high : bar.low],
    [n - 1, bar.close],
  ];
  const step = 60_000 / n;
  const each = Math.floor(bar.volume / n);
  const extra = bar.volume - each * n;
  const out: BarTick[] = [];
  for (let i = 0; i < n; i++) {
    let leg = 0;
    while (leg < 2 && i > vertices[leg + 1]![0]) leg++;
    const [i0, p0] = vertices[leg]!;
    const [i1, p1] = vertices[leg + 1]!;
    const price = i1 === i0 ? p1 : p0 + ((p1 - p0) * (i - i0)) / (i1 - i0);
    out.push({ time: bar.time + Math.round(i * step), price: onTick(price, tick), quantity: each + (i < extra ? 1 : 0) });
  }
  return out;
}

export interface SyntheticLevel {
  price: number;
  quantity: number;
  orders: number;
}

/**
 * Depth synthesised around a traded price: five levels a side, one tick apart. The trade is
 * taken to have hit the side it moved towards: after an uptick it was at the ask (best ask = the
 * price, best bid a tick under), after a downtick or no move at the bid (best bid = the price,
 * best ask a tick over), so a market order fills at a price the bar really traded or one tick
 * from it. Level k (0 = best) holds (k + 1) x `unit` (whole lots, at least one lot), and
 * ceil(lots / 4) orders. `unit`: the bar's average trade size, rounded up to whole lots.
 */
export function syntheticBook(price: number, previous: number, tick: number, unit: number, lotSize: number): { bids: SyntheticLevel[]; asks: SyntheticLevel[] } {
  const lot = Math.max(1, lotSize);
  const base = Math.max(lot, Math.ceil(unit / lot) * lot);
  const upTick = price > previous;
  const bestBid = upTick ? onTick(price - tick, tick) : price;
  const bestAsk = upTick ? price : onTick(price + tick, tick);
  const bids: SyntheticLevel[] = [];
  const asks: SyntheticLevel[] = [];
  for (let k = 0; k < 5; k++) {
    const quantity = (k + 1) * base;
    const orders = Math.ceil(quantity / lot / 4);
    const bid = onTick(bestBid - k * tick, tick);
    if (bid >= tick) bids.push({ price: bid, quantity, orders });
    asks.push({ price: onTick(bestAsk + k * tick, tick), quantity, orders });
  }
  return { bids, asks };
}
