import { describe, expect, it } from "vitest";
import { commodityInfoRows, showsCommodityInfo } from "../../../src/core/rules/commodityInfo";

describe("commodity info dialog", () => {
  it("is shown for MCX and NCDEX order windows only", () => {
    expect(showsCommodityInfo("MCXCOMM")).toBe(true);
    expect(showsCommodityInfo("NCDEXCOMM")).toBe(true);
    expect(showsCommodityInfo("NSECOMM")).toBe(false);
    expect(showsCommodityInfo("NSEEQ")).toBe(false);
  });
  it("GOLD (quoted per 10 GRMS, 100 of them a lot, tick ₹1): a tick is ₹100 a lot, MCX trades 09:00 to 23:30", () => {
    const rows = Object.fromEntries(
      commodityInfoRows({ exchange: "MCXCOMM", tradingSymbol: "GOLD26FEBFUT", formattedInsName: "GOLD 05 FEB 2026 FUT", expiry: "2026-02-05", lotSize: 1, tickSize: 1, multiplier: 100, quotationUnit: "10 GRMS" }),
    );
    expect(rows["Expiry"]).toBe("05 Feb 2026");
    expect(rows["Lot"]).toBe("Quantity is in lots: 1 lot is 100 × 10 GRMS");
    expect(rows["Tick"]).toBe("₹1.00 per 10 GRMS, ₹100 per lot");
    expect(rows["Delivery unit"]).toBe("100 × 10 GRMS");
    expect(rows["Trading hours"]).toBe("09:00 to 23:30 IST, Monday to Friday, except exchange holidays");
  });
  it("NCDEX DHANIYA (tick ₹2 per QTL, 50 a lot): ₹100 a lot, trading 09:00 to 17:00", () => {
    const rows = Object.fromEntries(
      commodityInfoRows({ exchange: "NCDEXCOMM", tradingSymbol: "DHANIYA26JANFUT", formattedInsName: "", expiry: "2026-01-20", lotSize: 1, tickSize: 2, multiplier: 50, quotationUnit: "1 QTL" }),
    );
    expect(rows["Contract"]).toBe("DHANIYA26JANFUT");
    expect(rows["Tick"]).toBe("₹2.00 per 1 QTL, ₹100 per lot");
    expect(rows["Trading hours"]).toBe("09:00 to 17:00 IST, Monday to Friday, except exchange holidays");
  });
});
