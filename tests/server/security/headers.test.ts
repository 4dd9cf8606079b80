import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/**
 * Issue 12 item 7: the app is served with a CSP that allows no inline or foreign script and
 * connects only to its own origin and its feed, nosniff, no referrer, and no framing; a source
 * map left in the built folder is not served.
 */
describe("security headers", () => {
  let b: TestBroker;
  let host: string;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-static-"));
    fs.mkdirSync(path.join(staticDir, "assets"));
    fs.writeFileSync(path.join(staticDir, "index.html"), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    fs.writeFileSync(path.join(staticDir, "assets", "app.js"), "console.log(1);\n//# sourceMappingURL=app.js.map\n");
    fs.writeFileSync(path.join(staticDir, "assets", "app.js.map"), '{"version":3,"sources":["../src/secret.ts"],"mappings":"AAAA"}');
    b = await startBroker({ STATIC_DIR: staticDir });
    host = new URL(b.url).host;
  });
  afterAll(async () => {
    await b.stop();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([["/"], ["/home"], ["/assets/app.js"]])("serves %s with the CSP and the other headers", async (p) => {
    const res = await fetch(`${b.url}${p}`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // No inline script, no eval, no other origin.
    expect(csp.get("script-src")).toEqual(["'self'"]);
    // Its own origin and the feed on the same host and port (ws:// beside http://).
    expect(csp.get("connect-src")).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    // The feed client's keep-alive timer runs in a worker made from a blob: (mqtt.js, worker-timers).
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends nosniff, no-referrer and DENY on API answers and errors too", async () => {
    for (const p of ["/health", "/core/profile", "/core/no/such"]) {
      const res = await fetch(`${b.url}${p}`);
      expect([p, res.headers.get("x-content-type-options"), res.headers.get("referrer-policy"), res.headers.get("x-frame-options")]).toEqual([p, "nosniff", "no-referrer", "DENY"]);
    }
  });

  it("does not serve a source map left in the built folder", async () => {
    const res = await fetch(`${b.url}/assets/app.js.map`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("mappings");
  });

  it("keeps a page's own stricter CSP (the SSO demo vendor page)", async () => {
    const res = await fetch(`${b.url}/sso-demo/callback?authCode=x`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
