/**
 * A position's identity. One instrument can have several positions in a day: one per product
 * (INTRADAY apart from DELIVERY or NORMAL), and a BO or CO position kept apart from the plain
 * INTRADAY one (the spec's Position.type). The paper broker files positions by this book and the
 * app's row cursor holds this key, so both tell the same positions apart.
 */
export function positionBook(p: { product: string; type?: string }): string {
  // The spec's type is "BO", "CO" or any other text for a plain position: only BO and CO make a book of their own.
  return p.type === "BO" || p.type === "CO" ? p.type : p.product;
}

/** The spec's Position.type that an order's fills make: "BO" or "CO" for those complexities, "" for any other order. */
export function positionTypeOf(orderComplexity: string): "BO" | "CO" | "" {
  return orderComplexity === "BO" || orderComplexity === "CO" ? orderComplexity : "";
}

/** The position book an order trades in (its fills' positionBook): its BO/CO type, else its product. */
export function orderBook(o: { orderComplexity: string; product: string }): string {
  // positionBook({ product, type: positionTypeOf(complexity) }) without the object: the broker reads it per working order at each fill.
  return positionTypeOf(o.orderComplexity) || o.product;
}

/** exchange:token:book, e.g. "NSEEQ:1594:INTRADAY", "NSEEQ:1594:BO". */
export function positionKey(p: { exchange: string; token: string | number; product: string; type?: string }): string {
  return `${p.exchange}:${p.token}:${positionBook(p)}`;
}
