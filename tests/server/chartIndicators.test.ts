import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** Issue 34: the user's default chart indicators, kept by the broker per user. */
describe("chart indicator template over HTTP", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("none at first; saved in full (defaults written out, a repeat once), per user; unknown EC740, bad settings EC741, too many EC742", async () => {
    expect((await b.call("POST", "/core/v2/charts/template", {})).result).toEqual([{ indicators: [] }]);
    // "ema" is kept with its usual period (20), "MACD" with 12 26 9; "rsi 14" twice is kept once.
    const saved = await b.call("POST", "/core/v2/charts/template/save", { indicators: ["rsi 14", "ema", "MACD", "rsi 14"] });
    expect(saved.status).toBe("Ok");
    expect(saved.result).toEqual([{ indicators: ["rsi 14", "ema 20", "macd 12 26 9"] }]);
    expect((await b.call("POST", "/core/v2/charts/template", {})).result).toEqual([{ indicators: ["rsi 14", "ema 20", "macd 12 26 9"] }]);
    const other = await b.login("DEMO2");
    expect((await b.call("POST", "/core/v2/charts/template", {}, other)).result).toEqual([{ indicators: [] }]);

    expect((await b.call("POST", "/core/v2/charts/template/save", { indicators: ["ichimoku 9"] })).status).toBe("EC740");
    expect((await b.call("POST", "/core/v2/charts/template/save", { indicators: ["rsi 0"] })).status).toBe("EC741");
    expect((await b.call("POST", "/core/v2/charts/template/save", { indicators: ["ema 20 50"] })).status).toBe("EC741");
    const nine = ["sma 1", "sma 2", "sma 3", "sma 4", "sma 5", "sma 6", "sma 7", "sma 8", "sma 9"];
    expect((await b.call("POST", "/core/v2/charts/template/save", { indicators: nine })).status).toBe("EC742");
    // A refusal keeps what was saved.
    expect((await b.call("POST", "/core/v2/charts/template", {})).result).toEqual([{ indicators: ["rsi 14", "ema 20", "macd 12 26 9"] }]);
  });
});
