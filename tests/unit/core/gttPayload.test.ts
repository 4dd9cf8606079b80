import { describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { buildGttPayload, checkGttAgainstContract, readGttCancelPayload, readGttPlacePayload, type GttFormInput } from "../../../src/core/rules/gttPayload";
import { GttCancelBody, GttModifyBody, GttPlaceBody } from "../../../src/core/wire/gtt";
import { refusalOf } from "../../../src/core/wire/refusal";
import { REFUSAL, type Refusal } from "../../../src/core/wire/schema";
import type { TSchema } from "typebox";

/**
 * A GTT body as the broker reads it: its wire schema first (every field's shape and fixed value;
 * a refused body answers status 1 with the Msg refusalOf names), then readGttPlacePayload (the
 * rules between fields). parseGttPlacePayload did both by hand before the schemas.
 */
const fallbackOf = (schema: TSchema): Refusal => (schema as Record<string, unknown>)[REFUSAL] as Refusal;
const schemaMsg = (schema: TSchema, raw: unknown): string | undefined => (Value.Check(schema, raw) ? undefined : refusalOf(schema, raw, fallbackOf(schema)).message);
function readPlace(raw: unknown, mode: "place" | "modify") {
  const schema = mode === "place" ? GttPlaceBody : GttModifyBody;
  const refused = schemaMsg(schema, raw);
  if (refused !== undefined) return { ok: false, Msg: refused };
  return readGttPlacePayload(raw as GttPlaceBody);
}

const form: GttFormInput = {
  exchange: "NSEEQ", token: "1594", side: "SELL", triggerType: "OCO", quantity: 10,
  leg1: { triggerPrice: 1650, price: 1648 }, leg2: { triggerPrice: 1350, price: 1348 },
  publicIp: "127.0.0.1", deviceId: "dev-1", jwtToken: "jwt",
};

describe("GTT place payload (trading-core section 3)", () => {
  // "RequestType, Exchange, GTTBuySell (B or S), TriggerType, ScripCode, Qty, Leg1 and Leg2 each with EntryPrice and TriggerPrice,
  //  NestOrderID fixed "0", PublicIP, AppSource, DeviceID, GTTProduct fixed "D", JWTToken, GTTID when modifying"
  it("builds the place payload", () => {
    expect(buildGttPayload(form)).toEqual({
      RequestType: "P", Exchange: "N", ExchType: "C", GTTBuySell: "S", TriggerType: "OCO", ScripCode: "1594", Qty: 10,
      Leg1: { EntryPrice: 1648, TriggerPrice: 1650 }, Leg2: { EntryPrice: 1348, TriggerPrice: 1350 },
      NestOrderID: "0", PublicIP: "127.0.0.1", AppSource: "5", DeviceID: "dev-1", GTTProduct: "D", JWTToken: "jwt",
    });
  });
  it("a modify carries GTTID; a SINGLE sends a zero Leg2", () => {
    const p = buildGttPayload({ ...form, triggerType: "SINGLE", gttId: "77" });
    expect(p.RequestType).toBe("M");
    expect(p.GTTID).toBe("77");
    expect(p.Leg2).toEqual({ EntryPrice: 0, TriggerPrice: 0 });
  });
  it("what it builds, it parses back", () => {
    expect(readPlace(buildGttPayload(form), "place")).toMatchObject({ ok: true, exchange: "NSEEQ" });
    expect(readPlace(buildGttPayload({ ...form, gttId: "77" }), "modify")).toMatchObject({ ok: true });
  });

  const good = buildGttPayload(form);
  it.each<[string, unknown, "place" | "modify", string]>([
    ["not an object", "x", "place", "Invalid request"],
    ["wrong RequestType", { ...good, RequestType: "M" }, "place", "RequestType must be P"],
    ["unknown venue", { ...good, Exchange: "Q" }, "place", "Invalid Exchange"],
    ["unavailable exchange", { ...good, Exchange: "M", ExchType: "D" }, "place", "GTT is not available on MCXCOMM"],
    ["bad side", { ...good, GTTBuySell: "X" }, "place", "GTTBuySell must be B or S"],
    ["bad trigger type", { ...good, TriggerType: "TRIPLE" }, "place", "TriggerType must be SINGLE or OCO"],
    ["no scrip", { ...good, ScripCode: "" }, "place", "ScripCode is missing"],
    ["fractional quantity", { ...good, Qty: 1.5 }, "place", "Qty must be a positive whole number"],
    ["huge quantity", { ...good, Qty: 50_000_001 }, "place", "Qty cannot be more than 50000000"],
    ["no Leg1", { ...good, Leg1: undefined }, "place", "Leg1 is missing"],
    ["zero OCO Leg2", { ...good, Leg2: { EntryPrice: 0, TriggerPrice: 0 } }, "place", "Leg2 prices must be above zero"],
    ["sell OCO legs crossed", { ...good, Leg1: { EntryPrice: 1340, TriggerPrice: 1340 } }, "place", "For a sell OCO the target trigger must be above the stop-loss trigger"],
    ["NestOrderID not 0", { ...good, NestOrderID: "1" }, "place", 'NestOrderID must be "0"'],
    ["AppSource not 5", { ...good, AppSource: "4" }, "place", 'AppSource must be "5"'],
    ["GTTProduct not D", { ...good, GTTProduct: "I" }, "place", 'GTTProduct must be "D"'],
    ["no JWT (the broker's one text for it, server/gtt/jwt.ts)", { ...good, JWTToken: "" }, "place", "JWTToken is required"],
    ["modify without GTTID", { ...good, RequestType: "M" }, "modify", "GTTID is missing"],
  ])("%s fails with a clear Msg", (_n, raw, mode, Msg) => {
    expect(readPlace(raw, mode)).toEqual({ ok: false, Msg });
  });

  it("checks lot size and tick against the contract", () => {
    expect(checkGttAgainstContract(good, { exchange: "NSEEQ", lotSize: 1, tickSize: 0.05 })).toEqual({ ok: true });
    expect(checkGttAgainstContract({ ...good, Qty: 10 }, { exchange: "NSEFO", lotSize: 75, tickSize: 0.05 })).toEqual({ ok: false, Msg: "Qty must be a multiple of lot size 75" });
    expect(checkGttAgainstContract({ ...good, Leg1: { EntryPrice: 1648.01, TriggerPrice: 1650 } }, { exchange: "NSEEQ", lotSize: 1, tickSize: 0.05 }).ok).toBe(false);
  });
});

describe("GTT cancel payload", () => {
  // "Body has RequestType "C", GTTID, PublicIP, AppSource "5", DeviceID, JWTToken."
  const c = { RequestType: "C", GTTID: "77", PublicIP: "127.0.0.1", AppSource: "5", DeviceID: "dev-1", JWTToken: "jwt" };
  it("reads a good body", () => {
    expect(schemaMsg(GttCancelBody, c)).toBeUndefined();
    expect(readGttCancelPayload(c as GttCancelBody)).toEqual(c);
  });
  it.each([
    [{ ...c, RequestType: "P" }, 'RequestType must be "C"'],
    [{ ...c, GTTID: undefined }, "GTTID is missing"],
    [{ ...c, AppSource: 5 }, "ok"],
    [{ ...c, JWTToken: undefined }, "JWTToken is required"],
    [[], "Invalid request"],
  ])("%j: %s", (raw, Msg) => {
    expect(schemaMsg(GttCancelBody, raw) ?? "ok").toBe(Msg);
  });
});
