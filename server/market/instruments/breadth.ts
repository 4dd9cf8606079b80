/**
 * How wide the generated F&O master is. NSE lists stock options on the three monthly expiries
 * with strikes far from the money (a Rs 1,500 share on a Rs 50 interval trades strikes from
 * about Rs 200 to Rs 3,500 in the near month), so the paper broker's master has the breadth of the
 * real one (above 100,000 contracts) and search is measured against it. Unwatched contracts cost
 * the simulator nothing (server/market/sim/market.ts prices them when asked).
 */
export const STOCK_OPTION_MONTHS = 3;

/** Strikes each side of the money, by monthly expiry (near month first), clamped to positive strikes. */
export const STOCK_STRIKES_EACH_SIDE: readonly number[] = [40, 40, 40];
