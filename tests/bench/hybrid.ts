import { decryptRequest, decryptResponse, encryptRequest, encryptResponse, forgeRsaOaep, keyIdOf, type RsaOaep } from "../../src/core/crypto/hybrid.js";
import { generateKeyPair } from "../../src/data/crypto/keyPair.js";
import { nativeRsaOaep } from "../../server/auth/nativeRsa.js";
import { webDecryptResponse, webEncryptRequest } from "../../src/data/crypto/webHybrid.js";
import { startBrokerProcess } from "../support/brokerProcess.js";
import { buildBenchPage, withChromium } from "./browserFps.js";
import { serveWatchlistBench } from "./wlbench/serve.js";
import { fmt, report, stats } from "./util.js";

/**
 * Cost of one encrypted auth round (seal request, open it, seal answer, open it) with each RSA
 * backend, and the client's two paths: WebCrypto where crypto.subtle exists, node-forge where not
 * (the broker's side native in both).
 *
 * Then the login in headless Chromium on loopback (issue 18: password Enter to the OTP stage at
 * most 150 ms): the real app (the watchlist bench page with no feeder, tests/bench/wlbench) and a
 * broker of its own; DEMO1 (or DEMO2) is typed, then the password (a key every 120 ms), and the page times from the Enter
 * keydown's timeStamp to the first task after the frame that shows the OTP stage. The calls made
 * in between (resource timing) are printed to say what the time went on.
 */
export async function run(): Promise<void> {
  const [client, server] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  const kid = keyIdOf(client.publicKeyPem);
  const payload = { userId: "DEMO1", password: "Tape@2026", deviceId: "0123456789abcdef", versionNo: "A.0.0.1", appName: "TAPE", osName: "WEB" };
  const keyOf = (k: string) => (k === kid ? client.publicKeyPem : undefined);
  const round = (rsa: RsaOaep) => {
    const opened = decryptRequest(encryptRequest(payload, kid, server.publicKeyPem, rsa), server.privateKeyPem, keyOf, rsa);
    decryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, rsa), client.privateKeyPem, rsa);
  };
  for (const [name, rsa, n] of [["node-forge", forgeRsaOaep, 20], ["native", nativeRsaOaep, 500]] as const) {
    round(rsa);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) round(rsa);
    const ms = (performance.now() - t0) / n;
    console.log(`${name.padEnd(10)} ${ms.toFixed(2)} ms per round (2 RSA-OAEP private operations), ${n} rounds`);
  }
  // The client's half on WebCrypto, the broker's half native: what a browser with crypto.subtle costs.
  const webRound = async () => {
    const opened = decryptRequest(await webEncryptRequest(payload, kid, server.publicKeyPem), server.privateKeyPem, keyOf, nativeRsaOaep);
    await webDecryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, nativeRsaOaep), client.privateKeyPem);
  };
  const forgeClientRound = () => {
    const opened = decryptRequest(encryptRequest(payload, kid, server.publicKeyPem, forgeRsaOaep), server.privateKeyPem, keyOf, nativeRsaOaep);
    decryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, nativeRsaOaep), client.privateKeyPem, forgeRsaOaep);
  };
  const time = async (n: number, fn: () => unknown) => {
    await fn();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - t0) / n;
  };
  const web = await time(200, webRound);
  const forgeClient = await time(20, forgeClientRound);
  console.log(`client on WebCrypto, broker native: ${web.toFixed(2)} ms per round; client on node-forge, broker native: ${forgeClient.toFixed(2)} ms per round`);
  await loginInChromium();
  report("crypto", { figure: `WebCrypto client ${fmt(web, 2)} ms per round (node-forge client ${fmt(forgeClient, 1)} ms)`, meets: true, ratio: `${fmt(forgeClient / web, 0)}x faster than node-forge` });
}

/** The broker locks a user's password login past 10 attempts in 15 minutes: nine each of two demo users. */
const USERS = ["DEMO1", "DEMO2"];
const LOGINS_EACH = 9;
const TARGET_LOGIN_MS = 150;

/** Installed on the login page: the next Enter in the password stage is timed to the painted OTP stage. */
const TIME_PASSWORD_ENTER = `(() => {
  const w = window;
  w.__login = null;
  const onKey = (e) => {
    if (e.key !== "Enter" || !document.querySelector('[data-stage="password"]')) return;
    removeEventListener("keydown", onKey, true);
    const t0 = e.timeStamp;
    const done = () => requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        const calls = performance.getEntriesByType("resource").filter((r) => r.startTime >= t0).map((r) => ({ path: new URL(r.name).pathname, ms: r.duration }));
        w.__login = { ms: performance.now() - t0, calls };
      };
      ch.port2.postMessage(0);
    });
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-stage="otp"]')) return;
      seen.disconnect();
      done();
    });
    seen.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-stage"] });
  };
  addEventListener("keydown", onKey, true);
})()`;

async function loginInChromium(): Promise<void> {
  const bench = await buildBenchPage("wlbench");
  const broker = await startBrokerProcess();
  try {
    await withChromium(bench, async (browser) => {
      const context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
      const page = await context.newPage();
      await serveWatchlistBench(page, bench, 0, ["/"]);
      const took: number[] = [];
      const calls = new Map<string, number[]>();
      for (let i = 0; i < USERS.length * LOGINS_EACH; i++) {
        await page.goto("/");
        await page.evaluate(() => localStorage.clear());
        await page.reload();
        await page.locator('[data-stage="mobile"]').waitFor();
        await page.keyboard.type(USERS[i % USERS.length]!);
        await page.keyboard.press("Enter");
        await page.locator('[data-stage="password"]').waitFor();
        await page.evaluate(TIME_PASSWORD_ENTER);
        // At a fast typist's pace: what the app does while a password is typed is part of the design.
        await page.keyboard.type("Tape@2026", { delay: 120 });
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => (window as unknown as { __login: unknown }).__login !== null).catch(async (e: unknown) => {
          await page.screenshot({ path: "/tmp/login-fail.png" });
          throw e;
        });
        const r = (await page.evaluate(() => (window as unknown as { __login: unknown }).__login)) as { ms: number; calls: { path: string; ms: number }[] };
        // The first login warms the page's code paths and the broker's statements: left out of the figure.
        if (i === 0) continue;
        took.push(r.ms);
        for (const c of r.calls) calls.set(c.path, [...(calls.get(c.path) ?? []), c.ms]);
      }
      const s = stats(took);
      const during = [...calls.entries()].map(([p, ms]) => `${p} median ${fmt(stats(ms).median, 1)} ms`).join(", ");
      console.log(`login in Chromium, password Enter to the OTP stage painted, ${took.length} logins: median ${fmt(s.median, 1)} ms, p95 ${fmt(s.p95, 1)} ms, max ${fmt(s.max, 1)} ms; calls in between: ${during}`);
      report("loginOtp", { figure: `median ${fmt(s.median, 0)} ms, p95 ${fmt(s.p95, 0)} ms (${took.length} logins)`, meets: s.p95 <= TARGET_LOGIN_MS });
    });
  } finally {
    await broker.stop();
  }
}
