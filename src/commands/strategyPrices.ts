import type { DeskPrices } from "../core/strategy/desk";
import type { PaneStrategy } from "../core/strategy/legs";
import { peekLtp } from "../feed/session";

/** A strategy's live prices now: the underlying's and each leg's last price (0 before the first frame). */
export function livePrices(s: PaneStrategy): DeskPrices {
  return { spot: peekLtp(s.underlying.exchange, s.underlying.token, 0), ltp: s.legs.map((l) => peekLtp(l.exchange, l.token, 0) || undefined) };
}
