import { pathOf } from "./routes";

/**
 * Funds limits follow orders: "moving with margin blocked and released by orders and with
 * realised P&L" (issue 6). The spec's refreshes after an order update cover positions and
 * holdings (core/rules/orderUpdates.ts); Tape adds the limits on every order update while a
 * page that shows them is on screen (/funds, /home), since an open order blocks margin and a
 * cancel releases it without any fill.
 */
const isHome = (p: string) => p === "/home" || p === "/main/home";

export function limitsRefreshAfterUpdate(url: string): boolean {
  const path = pathOf(url);
  return path === "/main/funds" || isHome(path);
}

/** "On this route [/funds] the holdings feed subscription is skipped." */
export function holdingsFeedWanted(url: string): boolean {
  return pathOf(url) !== "/main/funds";
}
