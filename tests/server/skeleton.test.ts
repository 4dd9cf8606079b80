import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDb, type Db } from "../../server/db.js";
import { migrations } from "../../server/migrations.js";
import { ConfigError } from "../../server/config.js";
import { startBroker, type TestBroker } from "./harness.js";

describe("paper broker skeleton", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker();
  });
  afterAll(async () => b.stop());

  it("answers health in the envelope with the simulated clock", async () => {
    const body = await (await fetch(`${b.url}/health`)).json();
    expect(body.status).toBe("Ok");
    expect(body.message).toBe("Success");
    expect(Number.isNaN(Date.parse(body.result[0].simTime))).toBe(false);
  });

  it("answers an unknown route 404 in the envelope", async () => {
    const res = await fetch(`${b.url}/core/no/such/thing`, { headers: { authorization: `Bearer ${await b.login()}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).status).toBe("EC404");
  });

  it("refuses a protected call without a token with 401", async () => {
    const res = await fetch(`${b.url}/core/profile`);
    expect(res.status).toBe(401);
    expect((await res.json()).status).toBe("EC044");
  });

  it("answers malformed JSON with an EC code, not a 500", async () => {
    const res = await fetch(`${b.url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toMatch(/^EC/);
  });

  it("gives the profile of the signed-in demo user", async () => {
    const token = await b.login("DORMANT1");
    const body = await (await fetch(`${b.url}/core/profile`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(body.result[0].accountStatus).toBe("DORMANT");
  });
});

describe("persistence", () => {
  it("keeps data across a restart and applies migrations once", async () => {
    const applied = (db: Db) => db.prepare("SELECT id, name, applied_at FROM schema_migrations ORDER BY id").all() as Array<{ id: number; name: string; applied_at: string }>;
    const first = await startBroker();
    first.broker.db.prepare("INSERT INTO settings (user_id, key, value) VALUES ('DEMO1', 'theme', 'dark')").run();
    const firstApplied = applied(first.broker.db);
    // The first start applies every migration of server/migrations.ts, none skipped.
    expect(firstApplied.map((m) => m.id)).toEqual(migrations.map((m) => m.id).sort((x, y) => x - y));
    await first.stop(true);
    const second = await startBroker({}, first.dataDir);
    const row = second.broker.db.prepare("SELECT value FROM settings WHERE user_id = 'DEMO1' AND key = 'theme'").get() as { value: string };
    expect(row.value).toBe("dark");
    // The restart applies none again: the rows are the first start's, applied_at included, and
    // one more pass finds nothing to do.
    expect(applied(second.broker.db)).toEqual(firstApplied);
    expect(migrate(second.broker.db)).toBe(0);
    await second.stop();
  });

  it("names an unwritable data folder in a ConfigError", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tape-ro-")), "a-file");
    fs.writeFileSync(file, "x");
    expect(() => openDb(path.join(file, "sub"))).toThrow(ConfigError);
  });
});
