import type { BrowserContext } from "@playwright/test";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { startTestCluster } from "../support/mosquittoProcess";
import { expect, signIn, test } from "./fixtures";

/**
 * Issue 36, "Done when": the app runs against an edge of a bridged Mosquitto cluster (its own
 * core, two edges and a paper broker, started here: the worker's broker is the embedded one);
 * that edge is killed; the feed light goes down, the app reconnects to the other edge by itself
 * (no reload) and the watchlist ticks again with frames from it. A missing Mosquitto fails this
 * spec (startTestCluster throws): CI installs it (.ci/run).
 */
test.describe("the feed on a bridged Mosquitto cluster", () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let broker: BrokerProcess;
  let context: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    cluster = await startTestCluster(2);
    // One tick a second is enough to see ticks; the whole market crosses every bridge.
    broker = await startBrokerProcess({ ...cluster.brokerEnv, TICK_HZ: "1" });
    context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
  });
  test.afterAll(async () => {
    await context?.close();
    await broker?.stop();
    await cluster?.stop();
  });

  test("kills the app's edge: the light goes down, and the watchlist ticks again from the other edge without a reload", async () => {
    test.setTimeout(180_000);
    const page = await context.newPage();
    const edgeUrls = cluster.edges.map((e) => e.process.wsUrl);
    const framesFrom = new Map<string, number>(edgeUrls.map((u) => [u, 0]));
    const edgeOf = (url: string) => edgeUrls.find((u) => url.startsWith(u));
    page.on("websocket", (ws) => {
      const edge = edgeOf(ws.url());
      if (edge) ws.on("framereceived", () => framesFrom.set(edge, framesFrom.get(edge)! + 1));
    });
    let loads = 0;
    page.on("load", () => loads++);
    await signIn(page, "DEMO1", "/dashboard");
    const loadsAfterSignIn = loads;

    const light = page.locator(".feed-light");
    const watchlist = page.locator('.pane[data-view="watchlist"]');
    await watchlist.click();
    await page.keyboard.press("BracketRight");
    const ltp = watchlist.locator('[role="row"][data-symbol]').first().locator('[data-field="ltp"]');
    await expect(ltp).toBeVisible();
    const first = await ltp.innerText();
    await expect.poll(() => ltp.innerText(), { timeout: 30_000 }).not.toBe(first);
    await expect(light).toHaveAttribute("data-feed-state", "live", { timeout: 30_000 });

    // The edge the app is on: the one its frames come from.
    const own = [...framesFrom].find(([, n]) => n > 0)?.[0];
    expect(own).toBeDefined();
    const other = edgeUrls.find((u) => u !== own)!;
    expect(framesFrom.get(other)).toBe(0);
    const member = cluster.edges.find((e) => e.process.wsUrl === own)!;
    // Every state the light takes, recorded as it changes: the app fails over within about a
    // second (src/feed/failover.ts), so a down state may be shorter than an assertion's polling.
    await light.evaluate((el) => {
      const states: string[] = [];
      (window as unknown as { feedStates: string[] }).feedStates = states;
      new MutationObserver(() => states.push(el.getAttribute("data-feed-state") ?? "")).observe(el, { attributes: true, attributeFilter: ["data-feed-state"] });
    });
    member.process.child.kill("SIGKILL");
    await member.process.exited();

    await expect.poll(() => page.evaluate(() => (window as unknown as { feedStates: string[] }).feedStates.some((s) => s !== "live")), { timeout: 30_000 }).toBe(true);
    // Back by itself, on the other edge.
    await expect(light).toHaveAttribute("data-feed-state", "live", { timeout: 60_000 });
    await expect.poll(() => framesFrom.get(other), { timeout: 30_000 }).toBeGreaterThan(0);
    const after = await ltp.innerText();
    await expect.poll(() => ltp.innerText(), { timeout: 30_000 }).not.toBe(after);
    expect(loads).toBe(loadsAfterSignIn);
    await page.close();
  });
});
