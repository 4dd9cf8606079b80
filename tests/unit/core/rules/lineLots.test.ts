import { describe, expect, it } from "vitest";
import { describeDraft, parseOrderCommand } from "../../../../src/commands/grammar/order";
import { quantityOfLots } from "../../../../src/core/rules/lineLots";
import { aliasLegOf } from "../../../../src/commands/aliasLegs";

describe("a line's `N lots` (the window's \"2 lots\" preset, typed)", () => {
  it("is read after the quantity, on contract lines and plain lines alike, and read back as lots", () => {
    const atm = parseOrderCommand("buy NIFTY ATM CE 2 lots");
    expect(atm.ok && atm.draft).toMatchObject({ symbol: "NIFTY", quantity: 2, lots: true, priceType: "MARKET" });
    expect(atm.ok && describeDraft(atm.draft)).toBe("BUY 2 lots NIFTY ATM CE MARKET");
    const one = parseOrderCommand("sell GOLDM26DECFUT 1 lot @ 71000 mcx");
    expect(one.ok && one.draft).toMatchObject({ quantity: 1, lots: true, price: 71000, exchange: "MCXCOMM" });
    // Without the word, the quantity is the window's, as before.
    const units = parseOrderCommand("buy NIFTY ATM CE 150");
    expect(units.ok && units.draft.lots).toBeUndefined();
  });

  it("is N × the lot size on F&O (its field shows units), N on commodity and currency (their field shows lots), refused on shares", () => {
    // NIFTY's lot of 75: 2 lots are 150 units, what the window shows and sends.
    expect(quantityOfLots(2, { exchange: "NSEFO", lotSize: 75, tradingSymbol: "NIFTY26DEC24800CE" })).toEqual({ ok: true, quantity: 150 });
    // "Commodity and currency quantity is shown in lots": 3 lots show as 3 (USDINR's lot of 1000 is the window's to apply when sending).
    expect(quantityOfLots(3, { exchange: "NSECURR", lotSize: 1000, tradingSymbol: "USDINR26DECFUT" })).toEqual({ ok: true, quantity: 3 });
    expect(quantityOfLots(2, { exchange: "MCXCOMM", lotSize: 1, tradingSymbol: "GOLDM26DECFUT" })).toEqual({ ok: true, quantity: 2 });
    const shares = quantityOfLots(2, { exchange: "NSEEQ", lotSize: 1, tradingSymbol: "INFY-EQ" });
    expect(shares).toEqual({ ok: false, reason: '"lots" is for F&O, commodity and currency contracts: INFY-EQ on NSEEQ is traded in shares. Type the number of shares, without "lots"' });
  });

  it("an alias's, a basket's or an alert's line places the same lots as the window: 2 lots of 75 are 150 units; on shares it is refused", () => {
    const line = (text: string) => {
      const r = parseOrderCommand(text);
      if (!r.ok) throw new Error(r.message);
      return r.draft;
    };
    const ce = { exchange: "NSEFO" as const, token: 1, tradingSymbol: "NIFTY26DEC24800CE", lotSize: 75, productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
    const made = aliasLegOf(line("buy NIFTY26DEC24800CE 2 lots @ 120"), "buy NIFTY26DEC24800CE 2 lots @ 120", ce, 1);
    expect(made.ok && made.leg.qty).toBe(150);
    const infy = { exchange: "NSEEQ" as const, token: 2, tradingSymbol: "INFY-EQ", lotSize: 1, productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
    expect(aliasLegOf(line("buy INFY 2 lots"), "buy INFY 2 lots", infy, 1)).toEqual({ ok: false, reason: 'buy INFY 2 lots: "lots" is for F&O, commodity and currency contracts: INFY-EQ on NSEEQ is traded in shares. Type the number of shares, without "lots"' });
  });
});
