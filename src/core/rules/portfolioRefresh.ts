import { pathOf } from "./routes";

/**
 * trading-core section 4, "After order updates":
 *   "On a complete update, positions refresh."
 *   "On a complete update, holdings also refresh when the user is on /holdings or /home."
 * Tape adds the funds limits on every update the user is shown on a page that displays them
 * (/funds, /home): margin is blocked by an open order and released by a cancel, not only on a fill.
 */
export interface Refreshes {
  positions: boolean;
  holdings: boolean;
  limits: boolean;
}

const isHome = (p: string) => p === "/home" || p === "/main/home";

export function refreshesAfterUpdate(orderStatus: string, url: string): Refreshes {
  const path = pathOf(url);
  const complete = orderStatus.trim().toLowerCase() === "complete";
  return {
    positions: complete,
    holdings: complete && (path === "/main/holdings" || isHome(path)),
    limits: path === "/main/funds" || isHome(path),
  };
}

/** "On this route [/funds] the holdings feed subscription is skipped." */
export function holdingsFeedWanted(url: string): boolean {
  return pathOf(url) !== "/main/funds";
}
