import { describe, expect, it } from "vitest";
import { straddlePremium } from "../../../../src/core/strategy/straddle";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 23, 3, 45); // 09:15 IST

describe("straddlePremium: the ATM call's plus put's price at the end of each minute", () => {
  it("carries a side's last price over a minute it did not move in, and starts once both sides have one", () => {
    const call = [
      { time: T0, oi: 1000, ltp: 100 },
      { time: T0 + 2 * MIN, oi: 1100, ltp: 104 },
    ];
    const put = [
      { time: T0 + 1 * MIN, oi: 500, ltp: 90 },
      { time: T0 + 2 * MIN, oi: 600, ltp: 88.5 },
      { time: T0 + 4 * MIN, oi: 650, ltp: 91.25 },
    ];
    // 09:15: no put price yet, no point. 09:16: 100 (call, standing) + 90 = 190.
    // 09:17: 104 + 88.50 = 192.50. 09:19: 104 (call, standing since 09:17) + 91.25 = 195.25.
    expect(straddlePremium(call, put)).toEqual([
      { time: T0 + 1 * MIN, premium: 190 },
      { time: T0 + 2 * MIN, premium: 192.5 },
      { time: T0 + 4 * MIN, premium: 195.25 },
    ]);
  });

  it("rounds the sum to the paisa and is empty while a side has no history", () => {
    // 0.10 + 0.20 is 0.30000000000000004 in floating point: the premium reads 0.30.
    expect(straddlePremium([{ time: T0, oi: 1, ltp: 0.1 }], [{ time: T0, oi: 1, ltp: 0.2 }])).toEqual([{ time: T0, premium: 0.3 }]);
    expect(straddlePremium([{ time: T0, oi: 1, ltp: 10 }], [])).toEqual([]);
  });
});
