import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formTokenSecret, signFormToken } from "../../../server/gtt/jwt.js";
import { cancelPayload, gttClient, ocoPayload, singlePayload } from "./client.js";
import { startGttBroker, type GttBroker } from "./setup.js";

/** The list's waiting GTTs (issue 29: today's ended ones are listed too, with their Status). */
const active = <E extends { Status?: string }>(data: E[] | undefined): E[] => (data ?? []).filter((e) => e.Status === "ACTIVE");

const isSuccess = (a: { http: number; status: string; message: string; body: { status: number; Msg: string } }) =>
  a.http === 200 && a.status === "Ok" && a.message === "Success" && a.body.status === 0 && a.body.Msg === "Success";

describe("GTT wrapper calls", () => {
  let b: GttBroker;
  let api: ReturnType<typeof gttClient>;
  let jwt: string;
  beforeAll(async () => {
    b = await startGttBroker();
    api = gttClient(b.url, await b.login("DEMO1"));
    jwt = await api.jwt();
  }, 60_000);
  afterAll(async () => b.stop(), 60_000);

  it("formtoken/get answers a signed JWT with an expiry for the signed-in client", () => {
    const [h, p, s] = jwt.split(".");
    expect(JSON.parse(Buffer.from(h!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    expect(claims.sub).toBe("DEMO1");
    expect(claims.exp).toBeGreaterThan(claims.iat);
    expect(s!.length).toBeGreaterThan(20);
  });

  it("places, lists, modifies and cancels a SINGLE GTT", async () => {
    const placed = await api.place(singlePayload(jwt));
    expect(isSuccess(placed)).toBe(true);
    const id = placed.body.GTTID!;
    let list = await api.list(jwt);
    expect(isSuccess(list)).toBe(true);
    const entry = list.body.Data!.find((e) => e.GTTID === id)!;
    // The broker's clock is 2026-11-23T05:00Z (10:30 IST) and runs on: placed a moment ago, lapsing a year (365 days) later.
    const createdAt = Date.parse(String(entry.CreatedAt));
    expect(Math.abs(createdAt - Date.parse("2026-11-23T05:00:00.000Z"))).toBeLessThan(5 * 60_000);
    expect(Date.parse(String(entry.ExpiresAt)) - createdAt).toBe(365 * 86_400_000);
    expect(entry).toEqual({
      GTTID: id, Exch: "N", ExchType: "C", ScripCode: "1244", Qty: 10, TriggerType: "SINGLE", GTTProduct: "D", GTTBuySell: "B",
      EntryPrice1: 1101, Price1: 1100, EntryPrice2: 0, Price2: 0, Status: "ACTIVE", CreatedAt: entry.CreatedAt, ExpiresAt: entry.ExpiresAt,
    });
    const modified = await api.modify(singlePayload(jwt, { RequestType: "M", GTTID: id, Qty: 20, Leg1: { TriggerPrice: 1090, EntryPrice: 1092.5 } }));
    expect(isSuccess(modified)).toBe(true);
    list = await api.list(jwt);
    expect(list.body.Data!.find((e) => e.GTTID === id)).toMatchObject({ Qty: 20, EntryPrice1: 1092.5, Price1: 1090 });
    const cancelled = await api.cancel(cancelPayload(jwt, id));
    expect(isSuccess(cancelled)).toBe(true);
    list = await api.list(jwt);
    // Issue 29: a GTT cancelled today stays listed, as CANCELLED, and is no longer a waiting one.
    expect(list.body.Data!.find((e) => e.GTTID === id)?.Status).toBe("CANCELLED");
    expect(active(list.body.Data).some((e) => e.GTTID === id)).toBe(false);
  });

  it("places an OCO with its target and stop-loss legs", async () => {
    const placed = await api.place(ocoPayload(jwt));
    expect(isSuccess(placed)).toBe(true);
    const entry = (await api.list(jwt)).body.Data!.find((e) => e.GTTID === placed.body.GTTID);
    expect(entry).toMatchObject({ TriggerType: "OCO", GTTBuySell: "S", EntryPrice1: 1199, Price1: 1200, EntryPrice2: 1099, Price2: 1100 });
    await api.cancel(cancelPayload(jwt, placed.body.GTTID!));
  });

  it("lists only the caller's GTTs", async () => {
    const other = gttClient(b.url, await b.login("DEMO2"));
    const placed = await api.place(singlePayload(jwt));
    const theirs = await other.list(await other.jwt());
    expect(isSuccess(theirs)).toBe(true);
    expect(theirs.body.Data!.some((e) => e.GTTID === placed.body.GTTID)).toBe(false);
    // And they cannot cancel it.
    const refused = await other.cancel(cancelPayload(await other.jwt(), placed.body.GTTID!));
    expect(refused.body).toEqual({ status: 1, Msg: `No active GTT ${placed.body.GTTID}` });
    await api.cancel(cancelPayload(jwt, placed.body.GTTID!));
  });

  it("refuses a protected GTT call without the bearer with 401", async () => {
    const res = await fetch(`${b.url}/wrapper/order/getorderlist`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
  });
});

describe("GTT failures answer a failure body with a clear Msg and change nothing", () => {
  let b: GttBroker;
  let api: ReturnType<typeof gttClient>;
  let jwt: string;
  let existing: string;
  beforeAll(async () => {
    b = await startGttBroker();
    api = gttClient(b.url, await b.login("DEMO1"));
    jwt = await api.jwt();
    existing = (await api.place(singlePayload(jwt))).body.GTTID!;
  }, 60_000);
  afterAll(async () => b.stop(), 60_000);

  const listed = async () => active((await api.list(jwt)).body.Data);
  const niftyFut = () => b.market.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.insType === "FUTIDX")!;

  const placeCases: Array<[string, (j: string) => Record<string, unknown>, RegExp]> = [
    ["a wrong JWT", (j) => singlePayload(`${j.slice(0, -4)}AAAA`), /Invalid JWTToken/],
    ["a missing JWT", () => singlePayload(""), /JWTToken is required/],
    ["a JWT that is not a JWT", () => singlePayload("not.a.jwt"), /Invalid JWTToken/],
    ["an unavailable exchange (MCXCOMM)", (j) => singlePayload(j, { Exchange: "M", ExchType: "D" }), /GTT is not available on MCXCOMM/],
    ["an unavailable exchange (NSECURR)", (j) => singlePayload(j, { Exchange: "N", ExchType: "U" }), /GTT is not available on NSECURR/],
    ["an unknown exchange", (j) => singlePayload(j, { Exchange: "Q", ExchType: "C" }), /Invalid Exchange/],
    ["an unknown instrument", (j) => singlePayload(j, { ScripCode: "999999" }), /No instrument 999999 on NSEEQ/],
    ["a zero quantity", (j) => singlePayload(j, { Qty: 0 }), /Qty must be a positive whole number/],
    ["a fractional quantity", (j) => singlePayload(j, { Qty: 1.5 }), /Qty must be a positive whole number/],
    ["a quantity above 50000000", (j) => singlePayload(j, { Qty: 50_000_001 }), /Qty cannot be more than 50000000/],
    ["a quantity off the lot size", (j) => singlePayload(j, { Exchange: "N", ExchType: "D", ScripCode: String(niftyFut().token), Qty: 10, Leg1: { TriggerPrice: 20000, EntryPrice: 20000 } }), /multiple of lot size 75/],
    ["a bad side", (j) => singlePayload(j, { GTTBuySell: "X" }), /GTTBuySell must be B or S/],
    ["a bad trigger type", (j) => singlePayload(j, { TriggerType: "TWO" }), /TriggerType must be SINGLE or OCO/],
    ["a missing leg", (j) => singlePayload(j, { Leg1: undefined }), /Leg1 is missing/],
    ["a negative trigger", (j) => singlePayload(j, { Leg1: { TriggerPrice: -1, EntryPrice: 1 } }), /Leg1 prices must be above zero/],
    ["a trigger off the tick", (j) => singlePayload(j, { Leg1: { TriggerPrice: 1100.03, EntryPrice: 1101 } }), /tick size 0.1/],
    ["a trigger at the last price", (j) => singlePayload(j, { Leg1: { TriggerPrice: 1150, EntryPrice: 1150 } }), /^The trigger equals the last price ₹1,150\.00; it would trigger at once$/],
    ["an OCO without its stop-loss leg", (j) => ocoPayload(j, { Leg2: undefined }), /Leg2 is missing/],
    ["an OCO with both legs above the price", (j) => ocoPayload(j, { Leg2: { TriggerPrice: 1180, EntryPrice: 1180 } }), /^For a sell OCO the target trigger must be above and the stop-loss trigger below the last price ₹1,150\.00$/],
    ["a wrong AppSource", (j) => singlePayload(j, { AppSource: "4" }), /AppSource must be "5"/],
    ["a wrong GTTProduct", (j) => singlePayload(j, { GTTProduct: "I" }), /GTTProduct must be "D"/],
    ["a wrong NestOrderID", (j) => singlePayload(j, { NestOrderID: "7" }), /NestOrderID must be "0"/],
    ["no DeviceID", (j) => singlePayload(j, { DeviceID: "" }), /DeviceID is missing/],
    ["a modify RequestType on place", (j) => singlePayload(j, { RequestType: "M" }), /RequestType must be P/],
  ];

  it.each(placeCases)("place with %s", async (_name, payload, msg) => {
    const before = await listed();
    const a = await api.place(payload(jwt));
    expect(a.http).toBe(200);
    expect(a.body.status).toBe(1);
    expect(a.body.Msg).toMatch(msg);
    expect(await listed()).toEqual(before);
  });

  it("refuses an expired JWT", async () => {
    const expired = signFormToken(formTokenSecret(b.broker.db), "DEMO1", Date.now() - 3_600_000, 60);
    const a = await api.place(singlePayload(expired));
    expect(a.body).toEqual({ status: 1, Msg: "JWTToken has expired, fetch a new form token" });
    expect((await api.list(expired)).body.status).toBe(1);
  });

  it("refuses another client's JWT", async () => {
    const theirs = await gttClient(b.url, await b.login("DEMO2")).jwt();
    expect((await api.place(singlePayload(theirs))).body.Msg).toBe("JWTToken was issued to another client");
  });

  it("refuses the list with a wrong requestCode", async () => {
    expect((await api.list(jwt, "SomethingElse")).body).toEqual({ status: 1, Msg: "requestCode must be IIFLMarRQGetGTTOBList" });
  });

  it("refuses a body without head and body", async () => {
    const res = await fetch(`${b.url}/wrapper/order/placeordergtt`, {
      method: "POST",
      headers: { authorization: `Bearer ${await b.login()}`, "content-type": "application/json" },
      body: JSON.stringify(singlePayload(jwt)),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: Array<{ body: { status: number } }> }).result[0]!.body.status).toBe(1);
  });

  it("answers malformed JSON without a 500", async () => {
    const res = await fetch(`${b.url}/wrapper/order/cancelordergtt`, {
      method: "POST",
      headers: { authorization: `Bearer ${await b.login()}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(200);
  });

  it.each<[string, (j: string) => Record<string, unknown>, RegExp]>([
    ["an unknown GTTID", (j) => singlePayload(j, { RequestType: "M", GTTID: "123" }), /No active GTT 123/],
    ["no GTTID", (j) => singlePayload(j, { RequestType: "M" }), /GTTID is missing/],
    ["another instrument", (j) => singlePayload(j, { RequestType: "M", GTTID: existing, Exchange: "N", ExchType: "D", ScripCode: String(niftyFut().token), Qty: 75, Leg1: { TriggerPrice: 20000, EntryPrice: 20000 } }), /instrument of a GTT cannot be modified/],
    ["a bad leg", (j) => singlePayload(j, { RequestType: "M", GTTID: existing, Leg1: { TriggerPrice: 0, EntryPrice: 1 } }), /Leg1 prices must be above zero/],
  ])("modify with %s", async (_name, payload, msg) => {
    const before = await listed();
    const a = await api.modify(payload(jwt));
    expect(a.body.status).toBe(1);
    expect(a.body.Msg).toMatch(msg);
    expect(await listed()).toEqual(before);
  });

  it.each<[string, (j: string) => Record<string, unknown>, RegExp]>([
    ["an unknown GTTID", (j) => cancelPayload(j, "42"), /No active GTT 42/],
    ["a wrong RequestType", (j) => cancelPayload(j, existing, { RequestType: "P" }), /RequestType must be "C"/],
    ["a wrong AppSource", (j) => cancelPayload(j, existing, { AppSource: "1" }), /AppSource must be "5"/],
    ["a wrong JWT", () => cancelPayload("x.y.z", existing), /Invalid JWTToken/],
  ])("cancel with %s", async (_name, payload, msg) => {
    const before = await listed();
    const a = await api.cancel(payload(jwt));
    expect(a.body.status).toBe(1);
    expect(a.body.Msg).toMatch(msg);
    expect(await listed()).toEqual(before);
  });

  it("a cancelled GTT cannot be cancelled again", async () => {
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    expect(isSuccess(await api.cancel(cancelPayload(jwt, id)))).toBe(true);
    expect((await api.cancel(cancelPayload(jwt, id))).body.Msg).toBe(`No active GTT ${id}`);
  });
});

describe("GTT trigger engine", () => {
  let b: GttBroker;
  let api: ReturnType<typeof gttClient>;
  let jwt: string;
  beforeAll(async () => {
    b = await startGttBroker();
    api = gttClient(b.url, await b.login("DEMO1"));
    jwt = await api.jwt();
  }, 60_000);
  afterAll(async () => b.stop(), 60_000);

  const ids = async () => active((await api.list(jwt)).body.Data).map((e) => e.GTTID);

  it("a SINGLE buy GTT places its LIMIT order in the order book when the price falls through its trigger, and leaves the list", async () => {
    b.setPrice(1150);
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    b.setPrice(1120);
    await b.settled();
    expect(await b.gttOrders(id)).toEqual([]);
    expect(await ids()).toContain(id);
    const updatesBefore = b.updates.length;
    b.setPrice(1099.9);
    await b.settled();
    const orders = await b.gttOrders(id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ exchange: "NSEEQ", instrumentId: "1244", transactionType: "BUY", quantity: 10, orderType: "LIMIT", price: 1101, product: "DELIVERY", validity: "DAY", orderComplexity: "REGULAR" });
    expect(await ids()).not.toContain(id);
    // The order engine published the order's update on DEMO1's topic.
    expect(b.updates.slice(updatesBefore).some((u) => u.clientCode === "DEMO1" && u.update.brokerOrderId === orders[0]!.orderNo)).toBe(true);
    // It fires once: further crossings place nothing more.
    b.setPrice(1150);
    b.setPrice(1090);
    await b.settled();
    expect(await b.gttOrders(id)).toHaveLength(1);
    expect(b.broker.ctx.db.prepare("SELECT state, triggered_leg, order_no FROM gtts WHERE gtt_id = ?").get(id)).toEqual({ state: "TRIGGERED", triggered_leg: 1, order_no: orders[0]!.orderNo });
  });

  it("an OCO places its stop-loss leg when the price falls to it, and the target is gone", async () => {
    b.setPrice(1150);
    const id = (await api.place(ocoPayload(jwt))).body.GTTID!;
    b.setPrice(1100);
    await b.settled();
    expect((await b.gttOrders(id)).map((o) => [o.transactionType, o.price])).toEqual([["SELL", 1099]]);
    expect(await ids()).not.toContain(id);
    b.setPrice(1250);
    await b.settled();
    expect(await b.gttOrders(id)).toHaveLength(1);
  });

  it("an OCO places its target leg when the price rises through it first", async () => {
    b.setPrice(1150);
    const id = (await api.place(ocoPayload(jwt))).body.GTTID!;
    b.setPrice(1210);
    await b.settled();
    expect((await b.gttOrders(id)).map((o) => [o.transactionType, o.price])).toEqual([["SELL", 1199]]);
    expect(await ids()).not.toContain(id);
    b.setPrice(1050);
    await b.settled();
    expect(await b.gttOrders(id)).toHaveLength(1);
  });

  it("a modified trigger is the one that fires", async () => {
    b.setPrice(1150);
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    await api.modify(singlePayload(jwt, { RequestType: "M", GTTID: id, Leg1: { TriggerPrice: 1130, EntryPrice: 1131 } }));
    b.setPrice(1129);
    await b.settled();
    expect((await b.gttOrders(id)).map((o) => o.price)).toEqual([1131]);
  });

  it("a cancelled GTT never fires", async () => {
    b.setPrice(1150);
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    await api.cancel(cancelPayload(jwt, id));
    b.setPrice(1000);
    await b.settled();
    expect(await b.gttOrders(id)).toEqual([]);
  });

  it("a trigger whose order the engine refuses leaves the list and keeps the reason", async () => {
    b.setPrice(1150);
    // DEMO1 holds 60 INFY: a delivery sell of 1000 is refused when it triggers.
    const id = (await api.place(singlePayload(jwt, { GTTBuySell: "S", Qty: 1000, Leg1: { TriggerPrice: 1160, EntryPrice: 1160 } }))).body.GTTID!;
    b.setPrice(1165);
    await b.settled();
    expect(await b.gttOrders(id)).toEqual([]);
    const row = b.broker.ctx.db.prepare("SELECT state, note FROM gtts WHERE gtt_id = ?").get(id) as { state: string; note: string };
    expect(row.state).toBe("FAILED");
    expect(row.note).toMatch(/^EC949/);
    expect(await ids()).not.toContain(id);
  });
});

describe("GTT persistence", () => {
  it("a restart keeps untriggered GTTs, and they still trigger", async () => {
    const first = await startGttBroker();
    let api = gttClient(first.url, await first.login());
    const jwt = await api.jwt();
    const single = (await api.place(singlePayload(jwt))).body.GTTID!;
    const oco = (await api.place(ocoPayload(jwt))).body.GTTID!;
    await first.stop(true);

    const second = await startGttBroker(first.dataDir);
    api = gttClient(second.url, await second.login());
    // The form token survives the restart too: the signing secret is persisted.
    const list = await api.list(jwt);
    expect(active(list.body.Data).map((e) => e.GTTID).sort()).toEqual([single, oco].sort());
    second.setPrice(1095);
    await second.settled();
    expect((await second.gttOrders()).map((o) => [o.transactionType, o.price]).sort()).toEqual([["BUY", 1101], ["SELL", 1099]]);
    expect(active((await api.list(jwt)).body.Data)).toEqual([]);
    // Both fired today: listed as TRIGGERED for the day.
    expect((await api.list(jwt)).body.Data!.map((e) => e.Status)).toEqual(["TRIGGERED", "TRIGGERED"]);
    await second.stop();
  });
});

describe("issue 29: a GTT lapses a year after it was placed", () => {
  it("a GTT a year old does not fire when the price crosses its trigger, and is listed as EXPIRED", async () => {
    const first = await startGttBroker();
    let api = gttClient(first.url, await first.login());
    const jwt = await api.jwt();
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    // Placed 365 days before the broker's now (2026-11-23T05:00Z): its year has run out. A restart
    // has the engine load it as it is stored.
    first.broker.ctx.db.prepare("UPDATE gtts SET created_at = ? WHERE gtt_id = ?").run("2025-11-23T04:00:00.000Z", id);
    await first.stop(true);
    const second = await startGttBroker(first.dataDir);
    api = gttClient(second.url, await second.login());
    // The price crosses its trigger (1,100) before anyone lists it: the engine lets it lapse, no order.
    second.setPrice(1090);
    await second.settled();
    expect(await second.gttOrders(id)).toEqual([]);
    const entry = (await api.list(jwt)).body.Data!.find((e) => e.GTTID === id)!;
    expect(entry.Status).toBe("EXPIRED");
    expect(entry.ExpiresAt).toBe("2026-11-23T04:00:00.000Z");
    expect((await api.cancel(cancelPayload(jwt, id))).body.Msg).toBe(`No active GTT ${id}`);
    await second.stop();
  });
});

describe("a dormant account cannot place GTT orders", () => {
  let b: GttBroker;
  beforeAll(async () => {
    b = await startGttBroker();
  }, 60_000);
  afterAll(async () => b.stop(), 60_000);

  // "Dormant, frozen and voluntary-freeze accounts cannot trade (EC803 to EC805)": a GTT is an order to come.
  it("DORMANT1's place is refused with EC803 and nothing is listed", async () => {
    const api = gttClient(b.url, await b.login("DORMANT1"));
    const jwt = await api.jwt();
    const a = await api.place(singlePayload(jwt));
    expect(a.body).toEqual({ status: 1, Msg: "EC803: Your account is dormant and cannot trade" });
    expect((await api.list(jwt)).body.Data).toEqual([]);
  });

  it("a GTT of an account that turned dormant cannot be modified, but can be cancelled", async () => {
    const api = gttClient(b.url, await b.login("DEMO1"));
    const jwt = await api.jwt();
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    b.broker.db.prepare("UPDATE users SET account_status = 'DORMANT' WHERE user_id = 'DEMO1'").run();
    const modified = await api.modify(singlePayload(jwt, { RequestType: "M", GTTID: id, Qty: 20 }));
    expect(modified.body).toEqual({ status: 1, Msg: "EC803: Your account is dormant and cannot trade" });
    expect(active((await api.list(jwt)).body.Data).map((g) => g.Qty)).toEqual([10]);
    expect(isSuccess(await api.cancel(cancelPayload(jwt, id)))).toBe(true);
  });
});
