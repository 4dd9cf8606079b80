import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthApi } from "../../../src/data/api/auth.js";
import { seedDemoAccounts } from "../../../server/accounts.js";
import { openDb, type Db } from "../../../server/db.js";
import { issueSession, revokeAllSessions, userOfToken } from "../../../server/sessions.js";
import { addUser, authApi, clientKeyPair, controlClock, latestCode, signIn } from "../authHelpers.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * The guard reads a token's session once and keeps it (server/sessions.ts). DESIGN.md section 5:
 * 401 for a bad or expired token; issue 3: "After logout, the old token is refused". So every
 * way a session ends must refuse its token on the very next call, even one the guard has just
 * let through (and so holds), and expiry is still judged on each call.
 */
describe("a session the guard has already read", () => {
  let b: TestBroker;
  let api: AuthApi;
  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0" });
    api = authApi(b, clientKeyPair());
    controlClock(b);
  });
  afterAll(async () => b.stop());

  const profileStatus = async (token: string) => (await fetch(`${b.url}/core/profile`, { headers: { authorization: `Bearer ${token}` } })).status;

  it("is refused by the next call after logout", async () => {
    const user = addUser(b);
    const token = await signIn(b, api, user);
    expect(await profileStatus(token)).toBe(200);
    expect(await profileStatus(token)).toBe(200);
    expect((await api.logout(token, user)).status).toBe("Ok");
    expect(await profileStatus(token)).toBe(401);
  });

  it("is refused by the next call after 'end every other session'; the session that ended them goes on", async () => {
    const user = addUser(b);
    const kept = await signIn(b, api, user);
    const other = await signIn(b, api, user);
    expect(await profileStatus(other)).toBe(200);
    const res = await fetch(`${b.url}/core/sessions/revokeOthers`, { method: "POST", headers: { authorization: `Bearer ${kept}` } });
    expect(((await res.json()) as { status: string }).status).toBe("Ok");
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(kept)).toBe(200);
  });

  it("is refused by the next call after a password reset (the sessions opened with the old password end with it)", async () => {
    const user = addUser(b);
    const token = await signIn(b, api, user);
    expect(await profileStatus(token)).toBe(200);
    expect((await api.forgotPassword(user)).status).toBe("Ok");
    expect((await api.verifyForgotPassword(user, await latestCode(b, user), "01011990")).status).toBe("Ok");
    expect((await api.resetPassword(user, "New@pass1", "d")).status).toBe("Ok");
    expect(await profileStatus(token)).toBe(401);
  });
});

describe("userOfToken", () => {
  let dir: string;
  let db: Db;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-sessions-"));
    db = openDb(dir);
    seedDemoAccounts(db, new Date());
  });
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it("refuses a token it has read once it has expired (24 hours after issue, by wall time)", () => {
    const issued = Date.parse("2026-11-23T04:00:00.000Z");
    vi.spyOn(Date, "now").mockReturnValue(issued);
    const token = issueSession(db, "DEMO1", new Date(issued));
    expect(userOfToken(db, token)).toBe("DEMO1");
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-24T04:00:00.000Z"));
    expect(userOfToken(db, token)).toBe("DEMO1");
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-24T04:00:00.001Z"));
    expect(userOfToken(db, token)).toBeUndefined();
  });

  it("refuses every token of a user whose sessions all ended, and no one else's", () => {
    const a = issueSession(db, "DEMO1", new Date());
    const b = issueSession(db, "DEMO1", new Date());
    const other = issueSession(db, "DEMO2", new Date());
    expect([userOfToken(db, a), userOfToken(db, b), userOfToken(db, other)]).toEqual(["DEMO1", "DEMO1", "DEMO2"]);
    revokeAllSessions(db, "DEMO1");
    expect([userOfToken(db, a), userOfToken(db, b), userOfToken(db, other)]).toEqual([undefined, undefined, "DEMO2"]);
  });

  it("is the broker's only way a session is written: no other file of server/ writes the sessions table", () => {
    const root = path.resolve(__dirname, "../../../server");
    const writers: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".ts") && /\b(?:UPDATE|INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|DELETE\s+FROM)\s+sessions\b/i.test(fs.readFileSync(p, "utf8"))) writers.push(path.relative(root, p));
      }
    };
    walk(root);
    // migrations.ts creates and alters the table (ALTER is not a write of a row).
    expect(writers).toEqual(["sessions.ts"]);
  });
});
