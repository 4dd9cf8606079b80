import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/** Issue 17 items 1, 2 and 4: the profile's fields (masked), active sessions with sign-out of others, feedback. */
describe("profile, sessions and feedback", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0" });
  });
  afterAll(async () => b.stop());

  const get = (path: string, token: string) => fetch(`${b.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${b.url}${path}`, { method: "post", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("GET /core/profile masks PAN, mobile, email and account numbers and lists every segment with its state", async () => {
    const token = await b.login("DEMO2");
    const body = await (await get("/core/profile", token)).json();
    expect(body.status).toBe("Ok");
    const p = body.result[0];
    // DEMO2: PAN BCDPT5678K, mobile 9000000002, demo2@tape.example, ICICI 000401234567; equity only.
    expect(p).toMatchObject({ clientCode: "DEMO2", clientName: "Demo Investor Two", accountStatus: "ACTIVE", exchanges: ["NSEEQ", "BSEEQ"] });
    expect(p.pan).toBe("******678K");
    expect(p.mobile).toBe("******0002");
    expect(p.email).toBe("d****@tape.example");
    expect(p.bankAccounts).toEqual([{ bankName: "ICICI Bank", accountNumber: "********4567", ifsc: "ICIC0000004", accountType: "SAVINGS", isPrimary: true }]);
    expect(p.segments).toHaveLength(10);
    expect(p.segments.filter((s: { active: boolean }) => s.active).map((s: { exchange: string }) => s.exchange)).toEqual(["NSEEQ", "BSEEQ"]);
    expect(p).toMatchObject({ dpId: "IN30012345678902", hasNominee: false, isTotpEnabled: false });
    expect(JSON.stringify(body)).not.toContain("BCDPT5678K");
  });

  it("names the beta features the account is not let into (BETA_LOCKED default sip:DEMO2), so the client says EC876 before a form is filled (issue 29)", async () => {
    const locked = (await (await get("/core/profile", await b.login("DEMO2"))).json()).result[0];
    expect(locked.betaLocked).toEqual(["sip"]);
    const free = (await (await get("/core/profile", await b.login("DEMO1"))).json()).result[0];
    expect(free.betaLocked).toEqual([]);
    // And the broker's own answer agrees: DEMO2's SIP create is refused EC876.
    const sip = await (await post("/core/v2/sips", await b.login("DEMO2"), {})).json();
    expect(sip.status).toBe("EC876");
  });

  it("lists live sessions with the caller's marked, and signing out the others ends them and their feed", async () => {
    const mine = await b.login("DEMO1");
    const other = await b.login("DEMO1");
    const list = await (await get("/core/sessions", mine)).json();
    const rows = list.result as Array<{ sessionId: string; current: boolean; loginTime: string }>;
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(list)).not.toContain(other);

    const feed = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, { username: "DEMO1", password: other, clean: true, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000 });
    const closed = new Promise<void>((resolve) => feed.on("close", () => resolve()));

    const revoked = await (await post("/core/sessions/revokeOthers", mine, {})).json();
    expect(revoked.status).toBe("Ok");
    expect(revoked.result[0].revoked).toBeGreaterThanOrEqual(1);

    expect((await get("/core/profile", other)).status).toBe(401);
    expect((await get("/core/profile", mine)).status).toBe(200);
    await closed; // the broker's session sweep closes the revoked session's feed connection
    const after = await (await get("/core/sessions", mine)).json();
    expect(after.result).toHaveLength(1);
    expect(after.result[0].current).toBe(true);
  });

  it("POST /wrapper/formtoken/getFeedBack keeps { Rating, Comments } and refuses a bad rating or comment", async () => {
    const token = await b.login("DEMO1");
    const head = { requestCode: "GetFeedBack", key: "k", appVer: "1.0.0", appName: "TAPE", osName: "WEB", LoginId: "DEMO1" };
    const good = await (await post("/wrapper/formtoken/getFeedBack", token, { head, body: { Rating: 4, Comments: "  Fast order window  " } })).json();
    expect(good.status).toBe("Ok");
    expect(good.message).toBe("Success");
    const row = b.broker.db.prepare("SELECT user_id, rating, comments FROM feedback WHERE feedback_id = ?").get(good.result[0].feedbackId);
    expect(row).toEqual({ user_id: "DEMO1", rating: 4, comments: "Fast order window" });

    const zero = await (await post("/wrapper/formtoken/getFeedBack", token, { head, body: { Rating: 0, Comments: "x" } })).json();
    expect(zero.status).toBe("EC975");
    const half = await (await post("/wrapper/formtoken/getFeedBack", token, { head, body: { Rating: 4.5, Comments: "x" } })).json();
    expect(half.status).toBe("EC975");
    const blank = await (await post("/wrapper/formtoken/getFeedBack", token, { head, body: { Rating: 5, Comments: "   " } })).json();
    expect(blank.status).toBe("EC976");
    const long = await (await post("/wrapper/formtoken/getFeedBack", token, { head, body: { Rating: 5, Comments: "a".repeat(501) } })).json();
    expect(long.status).toBe("EC976");
    const noBody = await (await post("/wrapper/formtoken/getFeedBack", token, { Rating: 5, Comments: "flat" })).json();
    expect(noBody.status).toBe("EC900");
  });
});

/** Issue 29, "one clock": the session list reads the broker's clock, as the order book does (it showed the wall's 15:03 beside the book's 10:04). */
describe("active sessions on the broker's clock", () => {
  let b: TestBroker;
  // 10:00 IST on 10 March 2026: far from the wall clock of any day these tests run on.
  const SIM_START = Date.parse("2026-03-10T04:30:00Z");
  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0", SIM_TIME: new Date(SIM_START).toISOString() });
  });
  afterAll(async () => b.stop());

  it("a session's login time is the broker's clock at the login, not the wall clock", async () => {
    const token = await b.login("DEMO1");
    const list = await (await fetch(`${b.url}/core/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
    const mine = (list.result as Array<{ current: boolean; loginTime: string }>).find((r) => r.current)!;
    const at = Date.parse(mine.loginTime);
    // The broker's clock runs at real speed from SIM_START: the login came after it, within the test's run.
    expect(at).toBeGreaterThanOrEqual(SIM_START);
    expect(at).toBeLessThan(SIM_START + 10 * 60_000);
  });
});
