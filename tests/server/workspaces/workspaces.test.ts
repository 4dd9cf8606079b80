import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * Issue 32: named workspaces "kept by the broker per user, so another browser sees them". List,
 * save by name (replacing one of that name, any case), rename, delete; refusals by catalogue code.
 */
describe("named workspaces under /core/v2/workspaces", () => {
  let b: TestBroker;
  let demo1: string;
  let demo2: string;
  type Answer = { status: string; message: string; result: Array<{ name: string; body: string; savedAt: number }> };
  const call = async (path: string, bearer: string, body: unknown = {}) => {
    const res = await fetch(`${b.url}/core/v2/workspaces${path}`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };
  const body = (view: string) => JSON.stringify({ layout: { root: { type: "pane", id: "p1", view, state: { link: "green" } }, focused: "p1" }, popped: ["p1"] });

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    demo1 = await b.login("DEMO1");
    demo2 = await b.login("DEMO2");
  });
  afterAll(async () => b.stop());

  it("saves a workspace for its user only, and a second session of that user sees it as saved", async () => {
    expect((await call("", demo1)).result).toEqual([]);
    const saved = await call("/save", demo1, { name: "Morning", body: body("chart") });
    expect(saved.status).toBe("Ok");
    expect(saved.result.map((w) => [w.name, w.body])).toEqual([["Morning", body("chart")]]);
    const start = Date.parse("2026-11-23T04:30:00Z");
    expect(saved.result[0]!.savedAt).toBeGreaterThanOrEqual(start);
    // Another browser of the same user: a fresh session.
    const again = await b.login("DEMO1");
    expect((await call("", again)).result.map((w) => w.name)).toEqual(["Morning"]);
    expect((await call("", demo2)).result).toEqual([]);
  });

  it("saving under a name already kept, in any case, replaces it", async () => {
    await call("/save", demo1, { name: "MORNING", body: body("depth") });
    const list = (await call("", demo1)).result;
    expect(list.map((w) => [w.name, JSON.parse(w.body).layout.root.view])).toEqual([["MORNING", "depth"]]);
  });

  it("renames, refusing a taken name (EC782) and an unknown one (EC781); deletes", async () => {
    await call("/save", demo1, { name: "Evening", body: body("orders") });
    expect((await call("/rename", demo1, { name: "evening", to: "morning" })).status).toBe("EC782");
    expect((await call("/rename", demo1, { name: "Night", to: "Late" })).status).toBe("EC781");
    const renamed = await call("/rename", demo1, { name: "evening", to: "Close" });
    expect(renamed.result.map((w) => w.name)).toEqual(["Close", "MORNING"]);
    const gone = await call("/delete", demo1, { name: "close" });
    expect(gone.result.map((w) => w.name)).toEqual(["MORNING"]);
    expect((await call("/delete", demo1, { name: "close" })).status).toBe("EC781");
  });

  it("refuses a bad name or a body that is no layout with EC780 and the reason", async () => {
    const bad = await call("/save", demo1, { name: "a/b", body: body("chart") });
    expect(bad.status).toBe("EC780");
    expect(bad.message).toMatch(/letters, digits/);
    const junk = await call("/save", demo1, { name: "Junk", body: JSON.stringify({ layout: { root: 1 } }) });
    expect(junk.status).toBe("EC780");
    expect(junk.message).toMatch(/not a layout/);
    expect((await call("/save", demo1, { name: "Big", body: "x".repeat(200_001) })).status).toBe("EC780");
  });
});
