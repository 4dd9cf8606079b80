import { describe, expect, it } from "vitest";
import { indexTopic, marketTopic, mwTopic, oiTopic, orderTopic, parseMarketTopic, parseOrderTopic, piTopic } from "../../../src/core/topics";

describe("feed topics (DESIGN.md section 5)", () => {
  it("names market topics prod/marketfeed/{kind}/v1/{exchange}/{token}", () => {
    expect(mwTopic("NSEEQ", 1594)).toBe("prod/marketfeed/mw/v1/NSEEQ/1594");
    expect(oiTopic("NSEFO", 35001)).toBe("prod/marketfeed/oi/v1/NSEFO/35001");
    expect(piTopic("MCXCOMM", 2)).toBe("prod/marketfeed/pi/v1/MCXCOMM/2");
    expect(indexTopic("NSEEQ", 26000)).toBe("prod/marketfeed/index/v1/NSEEQ/26000");
  });

  it("names the order topic prod/updates/order/v1/{clientcode}", () => {
    expect(orderTopic("DEMO1")).toBe("prod/updates/order/v1/DEMO1");
    expect(parseOrderTopic("prod/updates/order/v1/DEMO1")).toBe("DEMO1");
    expect(parseOrderTopic("prod/updates/order/v1/#")).toBeNull();
  });

  it("parses its own names back and refuses anything else", () => {
    expect(parseMarketTopic(marketTopic("oi", "BSEFO", 12))).toEqual({ kind: "oi", exchange: "BSEFO", token: 12 });
    for (const bad of ["prod/marketfeed/mw/v1/NSEEQ/#", "prod/marketfeed/mw/v1/XX/1", "prod/marketfeed/zz/v1/NSEEQ/1", "prod/marketfeed/mw/v2/NSEEQ/1", "prod/marketfeed/mw/v1/NSEEQ/1/2", "prod/marketfeed/mw/v1/NSEEQ/99999999999"]) {
      expect(parseMarketTopic(bad)).toBeNull();
    }
  });
});
