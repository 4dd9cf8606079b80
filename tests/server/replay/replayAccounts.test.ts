import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBroker } from "../harness.js";
import { authApi, clientKeyPair } from "../authHelpers.js";
import { gttClient, singlePayload } from "../gtt/client.js";
import { OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

const post = async (url: string, token: string, p: string, body: unknown = {}) =>
  (await (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as Envelope;
const aliases = async (url: string, token: string) => Object.fromEntries((await post(url, token, "/core/v2/aliases")).result.map((a) => [a.name, a.body]));
const LAYOUT = JSON.stringify({ layout: { root: { type: "pane", id: "p1", view: "chart", state: {} }, focused: "p1" } });
const workspaces = async (url: string, token: string) => (await post(url, token, "/core/v2/workspaces")).result.map((w) => w.name).sort();
const activeGtts = async (url: string, token: string, jwt: string) => ((await gttClient(url, token).list(jwt)).body.Data ?? []).filter((e) => e.Status === "ACTIVE").length;

/**
 * Issue 35, the replay's own books beside the user's own ways of working. Written from the rule in
 * server/README.md ("Its own books"): the users, their sessions, settings, watchlists, workspaces,
 * presets and aliases go into a replay when it starts and back when it ends, the side run last having
 * the newest; what they hold and have working (orders, positions, GTTs) stays on its own side.
 */
describe("a replay and the live broker, one after the other on one data folder", () => {
  it("what the user changes of their ways of working crosses both ways, the newest side winning; a GTT stays on its side; a form token verifies on both", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-accounts-"));
    dirs.push(dataDir);
    const LIVE = { TICK_HZ: "0", SIM_TIME: OPEN, RECORD: "off" };
    const REPLAY = { REPLAY: "2026-11-23" };

    // Live: an alias, a workspace, a GTT; the app's GTT form token as it holds it; the broker's key
    // as a client saw it at its handshake, and that client's key registered.
    let b = await startBroker(LIVE, dataDir);
    const token = await b.login("DEMO1");
    const pair = clientKeyPair();
    const serverKey = (await authApi(b, pair).handshake()).serverKey;
    expect((await post(b.url, token, "/core/v2/aliases/save", { name: "scalp", body: "buy $1 10" })).status).toBe("Ok");
    expect((await post(b.url, token, "/core/v2/workspaces/save", { name: "Morning", body: LAYOUT })).status).toBe("Ok");
    const jwt = await gttClient(b.url, token).jwt();
    const placed = await gttClient(b.url, token).place(singlePayload(jwt));
    expect(placed.body.GTTID).toBeTruthy();
    expect(await activeGtts(b.url, token, jwt)).toBe(1);
    await b.stop(true);

    // The replay, first time: the live session, alias and workspace are there; the GTT is not, and the
    // form token the app already holds is accepted (the list answers, empty). Changes made in it:
    b = await startBroker(REPLAY, dataDir);
    // The same broker to a client: its key, and the client's key known without a new handshake.
    expect((await authApi(b, pair).verifyClient("DEMO1", "d")).status).toBe("Ok");
    expect((await authApi(b, pair).handshake()).serverKey).toBe(serverKey);
    expect(await aliases(b.url, token)).toEqual({ scalp: "buy $1 10" });
    expect(await workspaces(b.url, token)).toEqual(["Morning"]);
    expect(await activeGtts(b.url, token, jwt)).toBe(0);
    expect((await post(b.url, token, "/core/v2/aliases/save", { name: "scalp", body: "sell $1 5" })).status).toBe("Ok");
    expect((await post(b.url, token, "/core/v2/workspaces/save", { name: "Replay desk", body: LAYOUT })).status).toBe("Ok");
    expect((await post(b.url, token, "/core/v2/workspaces/delete", { name: "Morning" })).status).toBe("Ok");
    await b.stop(true);

    // Live again: the replay's changes are kept, a deletion too; the live GTT is as it was.
    b = await startBroker(LIVE, dataDir);
    expect(await aliases(b.url, token)).toEqual({ scalp: "sell $1 5" });
    expect(await workspaces(b.url, token)).toEqual(["Replay desk"]);
    expect(await activeGtts(b.url, token, jwt)).toBe(1);
    // A change made live after that replay...
    expect((await post(b.url, token, "/core/v2/aliases/save", { name: "scalp", body: "buy $1 1" })).status).toBe("Ok");
    await b.stop(true);

    // ...is what the same date's replay starts from the second time, not the copy its database kept.
    b = await startBroker(REPLAY, dataDir);
    expect(await aliases(b.url, token)).toEqual({ scalp: "buy $1 1" });
    expect(await workspaces(b.url, token)).toEqual(["Replay desk"]);
    await b.stop(true);
  }, 240_000);

  it("a replay started on a fresh data folder (npm run replay on a new clone): leaving it keeps the session and what was changed in it", async () => {
    // A tester's finding: with no live database yet, nothing went back, and Leave replay signed the trader out with their watchlist gone.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-first-"));
    dirs.push(dataDir);
    let b = await startBroker({ REPLAY: "2026-11-23" }, dataDir);
    const token = await b.login("DEMO1");
    expect((await post(b.url, token, "/core/v2/aliases/save", { name: "scalp", body: "buy $1 10" })).status).toBe("Ok");
    expect((await post(b.url, token, "/core/v2/workspaces/save", { name: "Replay desk", body: LAYOUT })).status).toBe("Ok");
    await b.stop(true);

    b = await startBroker({ TICK_HZ: "0", SIM_TIME: OPEN, RECORD: "off" }, dataDir);
    // The same token is still good live, and the replay's changes are there.
    expect(await aliases(b.url, token)).toEqual({ scalp: "buy $1 10" });
    expect(await workspaces(b.url, token)).toEqual(["Replay desk"]);
    // The live books are seeded as on any first start: DEMO1's holdings are there.
    expect((await post(b.url, token, "/core/v2/holdings")).result.length).toBeGreaterThan(0);
    await b.stop(true);
  }, 240_000);
});
