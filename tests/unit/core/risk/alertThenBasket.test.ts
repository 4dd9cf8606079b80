import { describe, expect, it } from "vitest";
import { parseAlertCommand } from "../../../../src/commands/grammar/alert";

describe('the alert line\'s "then basket NAME" (issue 33: alert triggers orders)', () => {
  it("alert INFY above 1550 then basket Breakout names the basket", () => {
    expect(parseAlertCommand("alert INFY above 1550 then basket Breakout")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "ABOVE", value: 1550, thenBasket: "Breakout" } });
  });
  it("a basket name of several words is kept whole", () => {
    expect(parseAlertCommand("alert NSE:INFY below 1400 then basket Morning dip")).toMatchObject({ ok: true, draft: { exchange: "NSEEQ", thenBasket: "Morning dip" } });
  });
  it("names the word that does not fit", () => {
    expect(parseAlertCommand("alert INFY above 1550 and basket X")).toMatchObject({ ok: false, word: "and" });
    expect(parseAlertCommand("alert INFY above 1550 then order X")).toMatchObject({ ok: false, word: "order" });
    expect(parseAlertCommand("alert INFY above 1550 then basket")).toMatchObject({ ok: false, message: "Type the basket's name" });
  });
  it("without then, nothing changes", () => {
    expect(parseAlertCommand("alert INFY above 1550")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "ABOVE", value: 1550 } });
  });
});

describe("the alert line's conditions beyond the last price and its order line (issue 33)", () => {
  it("day high, day low, change above/below, volume above, oi above", () => {
    expect(parseAlertCommand("alert INFY day high")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "DAY_HIGH", value: 0 } });
    expect(parseAlertCommand("alert INFY day low")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "DAY_LOW", value: 0 } });
    expect(parseAlertCommand("alert INFY change above 2%")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "CHANGE_ABOVE", value: 2 } });
    expect(parseAlertCommand("alert INFY change below -1.5%")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "CHANGE_BELOW", value: -1.5 } });
    expect(parseAlertCommand("alert INFY volume above 500000")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "VOLUME_ABOVE", value: 500000 } });
    expect(parseAlertCommand("alert NIFTY26NOVFUT oi above 1000000")).toEqual({ ok: true, draft: { symbol: "NIFTY26NOVFUT", condition: "OI_ABOVE", value: 1000000 } });
    expect(parseAlertCommand("alert INFY change 2%")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "CHANGE", value: 2 } });
  });
  it("names the word that does not fit", () => {
    expect(parseAlertCommand("alert INFY day open")).toMatchObject({ ok: false, word: "open" });
    expect(parseAlertCommand("alert INFY volume below 5")).toMatchObject({ ok: false, word: "below" });
    expect(parseAlertCommand("alert INFY volume above 5.5")).toMatchObject({ ok: false, word: "5.5" });
    expect(parseAlertCommand("alert INFY day high 1500")).toMatchObject({ ok: false, word: "1500" });
  });
  it('"then" an order line keeps the line as typed, checked by the order grammar', () => {
    expect(parseAlertCommand("alert INFY above 1550 then buy INFY 10 @ 1551")).toEqual({ ok: true, draft: { symbol: "INFY", condition: "ABOVE", value: 1550, thenOrder: "buy INFY 10 @ 1551" } });
    expect(parseAlertCommand("alert INFY day high then sell INFY 5")).toMatchObject({ ok: true, draft: { condition: "DAY_HIGH", thenOrder: "sell INFY 5" } });
    expect(parseAlertCommand("alert INFY above 1550 then buy INFY ten")).toMatchObject({ ok: false, word: "ten" });
  });
});
