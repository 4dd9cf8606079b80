import { afterEach, describe, expect, it } from "vitest";
import { cancelPayload, gttClient, singlePayload } from "./client.js";
import { startGttBroker, type GttBroker } from "./setup.js";

/**
 * FINDINGS-29 s1: a GTT the trader places, modifies or cancels in one window is told on the user's
 * order topic (src/core/rules/gttChange.ts), so every window reloads its GTT book: a GTT modified in
 * window 2 stayed old in window 1 (its tab and its chart line), whose chart move then sent the old
 * quantity back. INFY starts at 1,150 (setup.ts).
 */
let b: GttBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

describe("the broker tells every window of the user of a GTT placed, modified or cancelled", () => {
  it("place, modify (quantity 10 → 20), cancel: one gttChange message each, on the user's topic, naming the GTT; a refused modify says nothing", async () => {
    b = await startGttBroker();
    const t = b;
    const api = gttClient(t.url, await t.login());
    const jwt = await api.jwt();
    const said: Record<string, unknown>[] = [];
    const publish = t.broker.feed.publishOrderUpdate.bind(t.broker.feed);
    t.broker.feed.publishOrderUpdate = (clientCode, update) => {
      said.push({ clientCode, ...(JSON.parse(JSON.stringify(update)) as Record<string, unknown>) });
      publish(clientCode, update);
    };
    const changes = () => said.filter((m) => m.messageKind === "gttChange");

    const id = (await api.place(singlePayload(jwt, { Leg1: { TriggerPrice: 1100, EntryPrice: 1101 } }))).body.GTTID!;
    expect(changes()).toEqual([{ clientCode: "DEMO1", messageKind: "gttChange", gttId: id, change: "PLACED" }]);

    const modified = await api.modify(singlePayload(jwt, { RequestType: "M", GTTID: id, Qty: 20, Leg1: { TriggerPrice: 1099, EntryPrice: 1100 } }));
    expect(modified.body.Msg).toBe("Success");
    expect(changes()[1]).toEqual({ clientCode: "DEMO1", messageKind: "gttChange", gttId: id, change: "MODIFIED" });

    // A GTT that is not active is not modified: nothing changed, nothing to reload.
    const refused = await api.modify(singlePayload(jwt, { RequestType: "M", GTTID: "999999", Leg1: { TriggerPrice: 1099, EntryPrice: 1100 } }));
    expect(refused.body.Msg).toBe("No active GTT 999999");
    expect(changes()).toHaveLength(2);

    expect((await api.cancel(cancelPayload(jwt, id))).body.Msg).toBe("Success");
    expect(changes()[2]).toEqual({ clientCode: "DEMO1", messageKind: "gttChange", gttId: id, change: "CANCELLED" });
    expect(changes()).toHaveLength(3);
  }, 60_000);
});
