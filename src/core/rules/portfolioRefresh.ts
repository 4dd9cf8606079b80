import { pathOf } from "./routes";

/** "On this route [/funds] the holdings feed subscription is skipped." */
export function holdingsFeedWanted(url: string): boolean {
  return pathOf(url) !== "/main/funds";
}
