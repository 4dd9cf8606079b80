import { afterEach, describe, expect, it } from "vitest";
import { gttClient, singlePayload } from "./client.js";
import { startGttBroker, type GttBroker } from "./setup.js";

/**
 * A GTT that changes state by itself (it fires, its order is refused, it lapses) is told on the
 * user's order topic (src/core/rules/gttEvent.ts): a refused order makes no order update, so without
 * it the app went on showing the GTT as Active. INFY starts at 1,150 (setup.ts).
 */
let b: GttBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

type Said = { clientCode: string } & Record<string, unknown>;

async function open() {
  b = await startGttBroker();
  const t = b;
  const bearer = await t.login();
  const api = gttClient(t.url, bearer);
  const jwt = await api.jwt();
  // What the broker says on the order topic, as the basket and risk tests read it.
  const said: Said[] = [];
  const publish = t.broker.feed.publishOrderUpdate.bind(t.broker.feed);
  t.broker.feed.publishOrderUpdate = (clientCode, update) => {
    said.push({ clientCode, ...(JSON.parse(JSON.stringify(update)) as Record<string, unknown>) });
    publish(clientCode, update);
  };
  const gttSaid = () => said.filter((m) => m.messageKind === "gttEvent");
  return { t, api, jwt, bearer, said, gttSaid };
}

describe("the broker tells the user's windows when a GTT changes state by itself", () => {
  it("a trigger whose order is refused (the Equity kill switch, EC710): one FAILED message with the code and text, and no order update", async () => {
    const { t, api, jwt, bearer, said, gttSaid } = await open();
    const id = (await api.place(singlePayload(jwt, { Leg1: { TriggerPrice: 1130, EntryPrice: 1131 } }))).body.GTTID!;
    const on = await fetch(`${t.url}/core/v2/risk/killswitch/on`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify({ segment: "equity" }) });
    expect(((await on.json()) as { status: string }).status).toBe("Ok");
    const before = said.length;
    t.setPrice(1129);
    await t.settled();
    expect(await t.gttOrders(id)).toEqual([]);
    // The GTT's own terms and the price that fired it; the reason is the order engine's refusal, code first.
    expect(gttSaid()).toEqual([
      expect.objectContaining({
        clientCode: "DEMO1",
        messageKind: "gttEvent",
        gttId: id,
        status: "FAILED",
        exchange: "NSEEQ",
        tradingSymbol: "INFY-EQ",
        transactionType: "BUY",
        quantity: 10,
        triggerType: "SINGLE",
        leg: 1,
        leg1: { trigger: 1130, price: 1131 },
        ltp: 1129,
        reason: expect.stringMatching(/^EC710: Kill switch is on for this segment: no new orders: Equity until /),
      }),
    ]);
    // Nothing else was said of it: no order was booked, so no order update.
    expect(said.slice(before).filter((m) => m.messageKind !== "gttEvent")).toEqual([]);
  }, 60_000);

  it("a trigger whose order is placed: one TRIGGERED message with the order's number, after the order's own update", async () => {
    const { t, api, jwt, said, gttSaid } = await open();
    const id = (await api.place(singlePayload(jwt, { Leg1: { TriggerPrice: 1130, EntryPrice: 1131 } }))).body.GTTID!;
    const before = said.length;
    t.setPrice(1129);
    await t.settled();
    const [order] = await t.gttOrders(id);
    expect(order).toBeDefined();
    expect(gttSaid()).toEqual([expect.objectContaining({ gttId: id, status: "TRIGGERED", leg: 1, ltp: 1129, orderNo: order!.orderNo })]);
    // The order's update comes first, so a window knows the order before it reads the GTT's word of it.
    const told = said.slice(before);
    const orderUpdate = told.findIndex((m) => m.orderTag === `GTT ${id}`);
    expect(orderUpdate).toBeGreaterThanOrEqual(0);
    expect(told.findIndex((m) => m.messageKind === "gttEvent")).toBeGreaterThan(orderUpdate);
  }, 60_000);

  it("a GTT whose year ran out lapses when the list is read: one EXPIRED message", async () => {
    const { t, api, jwt, gttSaid } = await open();
    const id = (await api.place(singlePayload(jwt))).body.GTTID!;
    // Placed 365 days before the broker's now (2026-11-23T05:00Z, tradingHarness.ts): its year has run out.
    t.broker.ctx.db.prepare("UPDATE gtts SET created_at = ? WHERE gtt_id = ?").run("2025-11-23T04:00:00.000Z", id);
    await api.list(jwt);
    expect(gttSaid()).toEqual([expect.objectContaining({ gttId: id, status: "EXPIRED", leg1: { trigger: 1100, price: 1101 } })]);
    // It lapses once: a second read says nothing more.
    await api.list(jwt);
    expect(gttSaid()).toHaveLength(1);
  }, 60_000);
});
