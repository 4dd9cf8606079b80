import { formatPercent, formatPrice, groupIndian } from "../../core/format";
import type { Exchange } from "../../core/types";

/** Prices with the exchange's decimals (4 on currency, 2 otherwise); amounts with 2; Indian grouping. */
export function price(n: number, exchange?: Exchange): string {
  return exchange ? formatPrice(n, exchange) : groupIndian(n, 2);
}

export function percent(n: number): string {
  return `${formatPercent(n)}%`.replace("--%", "--");
}

export function signClass(n: number): string {
  return n > 0 ? "up" : n < 0 ? "down" : "";
}
