/**
 * Tick sizes and strike intervals (the arithmetic on ticks is src/core/rules/tick.ts). NSE's price-banded equity tick (in force since 2025): below
 * Rs 250 one paisa, then 5, 10, 50 paise, Rs 1 and Rs 5 as the price rises.
 */
export function equityTickSize(price: number): number {
  if (price < 250) return 0.01;
  if (price < 1000) return 0.05;
  if (price < 5000) return 0.1;
  if (price < 10000) return 0.5;
  if (price < 20000) return 1;
  return 5;
}

/** Strike interval of stock options by the underlying's price, as the exchange's tables step them. */
export function stockStrikeInterval(price: number): number {
  if (price < 50) return 1;
  if (price < 100) return 2;
  if (price < 250) return 5;
  if (price < 500) return 10;
  if (price < 1000) return 20;
  if (price < 2500) return 50;
  if (price < 5000) return 100;
  if (price < 10000) return 200;
  if (price < 25000) return 500;
  return 1000;
}
