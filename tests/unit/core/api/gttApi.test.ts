import { describe, expect, it } from "vitest";
import { gttCancelPayload, gttPlacePayload, jwtExpiryMs } from "../../../../src/data/api/gtt";
import { Value } from "typebox/value";
import { cancelledGttId, parsePlacePayload } from "../../../../server/gtt/payload";
import { GttCancelBody, GttModifyBody, GttPlaceBody } from "../../../../src/core/wire/gtt";

/** What the broker's route hands its handler: the payload as it travels (JSON), once its schema has accepted it. */
const accepted = (schema: typeof GttPlaceBody | typeof GttModifyBody, payload: unknown): GttPlaceBody => {
  const sent: unknown = JSON.parse(JSON.stringify(payload));
  if (!Value.Check(schema, sent)) throw new Error("the schema refuses the client's payload");
  return sent;
};
import { signFormToken } from "../../../../server/gtt/jwt";

describe("GTT client payloads", () => {
  it("a SINGLE place payload has the spec's fields and fixed values, and the broker reads it back", () => {
    const p = gttPlacePayload({ exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", triggerType: "SINGLE", quantity: 10, leg1: { trigger: 1400, price: 1405 } }, "jwt");
    expect(p).toMatchObject({
      RequestType: "P", Exchange: "N", ExchType: "C", GTTBuySell: "B", TriggerType: "SINGLE", ScripCode: "1594", Qty: 10,
      Leg1: { TriggerPrice: 1400, EntryPrice: 1405 }, Leg2: { TriggerPrice: 0, EntryPrice: 0 },
      NestOrderID: "0", AppSource: "5", GTTProduct: "D", JWTToken: "jwt",
    });
    expect(p).not.toHaveProperty("GTTID");
    // The symbol is what the toasts name; the payload names the instrument by its ScripCode only.
    expect(p).not.toHaveProperty("tradingSymbol");
    expect(typeof p.DeviceID).toBe("string");
    // The broker reads a place body against its schema (RequestType "P"), then its rules.
    const back = parsePlacePayload(accepted(GttPlaceBody, p));
    // No trail asked for: the broker reads none (issue 33: a GTT trails only when its payload carries one).
    expect(back.ok && back.value.spec).toEqual({ exchange: "NSEEQ", token: 1594, side: "B", triggerType: "SINGLE", qty: 10, leg1: { trigger: 1400, price: 1405 }, leg2: { trigger: 0, price: 0 }, trail: null });
  });

  it("a modify payload carries RequestType M and the GTTID; an OCO carries both legs", () => {
    const p = gttPlacePayload(
      { exchange: "NSEFO", token: "35001", tradingSymbol: "NIFTY26NOVFUT", transactionType: "SELL", triggerType: "OCO", quantity: 75, leg1: { trigger: 25000, price: 24990 }, leg2: { trigger: 23000, price: 22990 } },
      "jwt",
      "77",
    );
    expect(p).toMatchObject({ RequestType: "M", GTTID: "77", Exchange: "N", ExchType: "D", GTTBuySell: "S", Leg2: { TriggerPrice: 23000, EntryPrice: 22990 } });
    // A modify body is the modify call's schema (RequestType "M" and its GTTID), not the place call's.
    expect(Value.Check(GttPlaceBody, p)).toBe(false);
    const back = parsePlacePayload(accepted(GttModifyBody, p));
    expect(back.ok && back.value.gttId).toBe("77");
  });

  it("a cancel payload is RequestType C, GTTID, PublicIP, AppSource 5, DeviceID, JWTToken", () => {
    const p = gttCancelPayload("9", "jwt");
    expect(Object.keys(p).sort()).toEqual(["AppSource", "DeviceID", "GTTID", "JWTToken", "PublicIP", "RequestType"]);
    expect(p).toMatchObject({ RequestType: "C", GTTID: "9", AppSource: "5", JWTToken: "jwt" });
    expect(Value.Check(GttCancelBody, p)).toBe(true);
    expect(cancelledGttId(p)).toBe("9");
  });

  it("reads a form token's expiry so it is refreshed when it lapses", () => {
    const now = Date.UTC(2026, 0, 5, 5, 0, 0);
    const token = signFormToken(Buffer.alloc(32, 1), "DEMO1", now, 900);
    expect(jwtExpiryMs(token)).toBe(now + 900_000);
    expect(jwtExpiryMs("garbage")).toBe(0);
  });
});
