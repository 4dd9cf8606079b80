import { roundToPaisa } from "../money";
import type { OiMinute } from "./oiWindows";

/**
 * The ATM straddle premium over the day (issue 31, "chain analytics"), pure: the call's plus the
 * put's last price at the end of each minute, for one pair of contracts (the strike at the money
 * now, chosen by the caller). Each series has an entry only for a minute its contract moved in
 * (server/market/sim/oiMinutes.ts): a minute one side did not move in, that side's price stood
 * where its last entry left it. The line starts at the first minute both sides have a price.
 */
export interface PremiumMinute {
  /** The minute's start, epoch milliseconds. */
  time: number;
  premium: number;
}

export function straddlePremium(call: readonly OiMinute[], put: readonly OiMinute[]): PremiumMinute[] {
  const times = [...new Set([...call.map((m) => m.time), ...put.map((m) => m.time)])].sort((a, b) => a - b);
  const out: PremiumMinute[] = [];
  let c = -1;
  let p = -1;
  for (const t of times) {
    while (c + 1 < call.length && call[c + 1]!.time <= t) c++;
    while (p + 1 < put.length && put[p + 1]!.time <= t) p++;
    if (c < 0 || p < 0) continue;
    out.push({ time: t, premium: roundToPaisa(call[c]!.ltp + put[p]!.ltp) });
  }
  return out;
}
