import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.js";
import { startBroker, type TestBroker } from "./harness.js";

/**
 * Issue 12, item 3: the /dev routes exist only on a loopback broker in paper mode, answer only
 * requests addressed to the broker itself (DNS rebinding), /dev/session only under the test
 * harness (DEV_SESSION=1), and /dev/outbox only for one named user.
 */
const INFY = { exchange: "NSEEQ", token: 1244 };

function portOf(b: TestBroker): string {
  return new URL(b.url).port;
}

describe("configuration", () => {
  it("dev routes are on for a loopback HOST, off for any other unless DEV_ROUTES=force, off with DEV_ROUTES=off", () => {
    expect(readConfig({}).devRoutes).toBe(true);
    expect(readConfig({ HOST: "localhost" }).devRoutes).toBe(true);
    expect(readConfig({ HOST: "::1" }).devRoutes).toBe(true);
    expect(readConfig({ HOST: "0.0.0.0" }).devRoutes).toBe(false);
    expect(readConfig({ HOST: "192.168.1.20" }).devRoutes).toBe(false);
    expect(readConfig({ HOST: "0.0.0.0", DEV_ROUTES: "force" }).devRoutes).toBe(true);
    expect(readConfig({ DEV_ROUTES: "off" }).devRoutes).toBe(false);
    expect(readConfig({}).devSession).toBe(false);
    expect(readConfig({ DEV_SESSION: "1" }).devSession).toBe(true);
  });
});

describe("a broker configured for a non-loopback HOST", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ HOST: "0.0.0.0" });
  });
  afterAll(async () => b.stop());

  it("has no /dev routes at all", async () => {
    for (const [method, url, body] of [
      ["GET", "/dev/outbox?userId=DEMO1", undefined],
      ["POST", "/dev/session", { userId: "DEMO1" }],
      ["POST", "/dev/price", { ...INFY, price: 1000 }],
    ] as const) {
      const res = await fetch(`${b.url}${url}`, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { status: string }).status).toBe("EC404");
    }
  });
});

describe("a loopback broker", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker();
  });
  afterAll(async () => b.stop());

  it("refuses a request whose Host is not the broker's own (DNS rebinding)", async () => {
    const port = portOf(b);
    for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1:1", `127.0.0.1.evil.example:${port}`]) {
      for (const [method, url, payload] of [
        ["GET", "/dev/outbox?userId=DEMO1", undefined],
        ["POST", "/dev/session", { userId: "DEMO1" }],
        ["POST", "/dev/price", { ...INFY, price: 1000 }],
      ] as const) {
        const res = await b.broker.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${host} ${url}`).toBe(403);
        expect(res.json().status).toBe("EC403");
      }
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await b.broker.app.inject({ method: "GET", url: "/dev/outbox?userId=DEMO1", headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("refuses /dev/outbox without a userId, and gives one user's codes with one", async () => {
    const all = await fetch(`${b.url}/dev/outbox`);
    expect(((await all.json()) as { status: string }).status).toBe("EC400");
    b.broker.db.prepare("INSERT INTO dev_outbox (user_id, channel, code, text, at) VALUES ('DEMO1', 'SMS', '1234', 't', 'a'), ('DEMO2', 'SMS', '5678', 't', 'b')").run();
    const one = (await (await fetch(`${b.url}/dev/outbox?userId=DEMO1`)).json()) as Array<{ userId: string; code: string }>;
    expect(one.map((r) => [r.userId, r.code])).toEqual([["DEMO1", "1234"]]);
  });

  it("has no /dev/session unless the test harness asks for it (DEV_SESSION=1)", async () => {
    const plain = await startBroker({ DEV_SESSION: "" });
    try {
      const res = await fetch(`${plain.url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) });
      expect(res.status).toBe(404);
      // The rest of paper mode stays.
      expect((await fetch(`${plain.url}/dev/outbox?userId=DEMO1`)).status).toBe(200);
    } finally {
      await plain.stop();
    }
    expect(await b.login("DEMO1")).toBeTruthy();
  });
});

describe("npm start on a non-loopback HOST", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-devroutes-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("says on start-up that the dev routes are off", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, HOST: "0.0.0.0", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", STATIC_DIR: "", TICK_HZ: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const on = (buf: Buffer) => {
        out += buf.toString();
        if (/SSO demo vendor/.test(out)) resolve();
      };
      child.stdout.on("data", on);
      child.stderr.on("data", on);
      child.on("exit", () => reject(new Error(out)));
    });
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    expect(out).toContain("Dev routes (/dev/*) are off: HOST 0.0.0.0 is not a loopback address (DEV_ROUTES=force turns them on)");
    expect(out).not.toContain("GET /dev/outbox");
  }, 120_000);
});
