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
