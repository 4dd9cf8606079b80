import type { BrowserContext } from "@playwright/test";
import mqtt, { type MqttClient } from "mqtt";
import { orderTopic } from "../../src/core/topics";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { mosquittoInstalled, NO_MOSQUITTO, startTestMosquitto, type TestMosquitto } from "../support/mosquittoProcess";
import { api, commandLine, expect, palette, signIn, test, token } from "./fixtures";

/**
 * Issue 20, "Done when": with Debian's Mosquitto (a real process started here) and a paper
 * broker publishing to it (MQTT_URL), the watchlist ticks with frames from Mosquitto's WebSocket;
 * DEMO2 on Mosquitto directly cannot subscribe to DEMO1's order topic and receives none of its
 * updates; after DEMO1 signs out its live connection is closed and its old password is refused.
 * This spec runs its own broker pair: the worker's own broker (tests/e2e/fixtures.ts) is the embedded one.
 */
test.describe("the feed on Mosquitto", () => {
  test.skip(!mosquittoInstalled(), NO_MOSQUITTO);
  test.describe.configure({ mode: "serial" });

  let m: TestMosquitto;
  let broker: BrokerProcess;
  let context: BrowserContext;
  const clients: MqttClient[] = [];

  test.beforeAll(async ({ browser }) => {
    m = await startTestMosquitto();
    broker = await startBrokerProcess(m.brokerEnv);
    context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
  });
  test.afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await context?.close();
    await broker?.stop();
    await m?.stop();
  });

  /** A feed connection straight to Mosquitto's WebSocket, as the app makes one. */
  async function feedClient(username: string, password: string): Promise<MqttClient> {
    const c = await mqtt.connectAsync(m.mosquitto.wsUrl, { username, password, reconnectPeriod: 0, connectTimeout: 10_000, protocolVersion: 4 });
    clients.push(c);
    return c;
  }
  /** Whether Mosquitto granted a subscription (mqtt.js rejects on a SUBACK of 128). */
  async function granted(c: MqttClient, topic: string): Promise<boolean> {
    try {
      const [g] = await c.subscribeAsync(topic);
      return g !== undefined && g.qos < 128;
    } catch {
      return false;
    }
  }
  /** The CONNACK refusal code of a connect with these credentials (5: not authorised). */
  async function refusal(username: string, password: string): Promise<number | string> {
    try {
      await (await mqtt.connectAsync(m.mosquitto.wsUrl, { username, password, reconnectPeriod: 0, connectTimeout: 10_000, protocolVersion: 4 })).endAsync(true);
      return "connected";
    } catch (err) {
      return (err as { code?: number }).code ?? (err as Error).message;
    }
  }

  test("the watchlist ticks with frames from Mosquitto's WebSocket, and DEMO2 on Mosquitto gets none of DEMO1's order updates", async () => {
    test.setTimeout(120_000);
    const page = await context.newPage();
    const sockets: string[] = [];
    let framesFromMosquitto = 0;
    page.on("websocket", (ws) => {
      sockets.push(ws.url());
      if (ws.url().startsWith(m.mosquitto.wsUrl)) ws.on("framereceived", () => framesFromMosquitto++);
    });
    await signIn(page, "DEMO1", "/dashboard");

    // The predefined NIFTY 50 list; its first row's last price changes.
    const watchlist = page.locator('.pane[data-view="watchlist"]');
    await watchlist.click();
    await page.keyboard.press("BracketRight");
    const ltp = watchlist.locator('[role="row"][data-symbol]').first().locator('[data-field="ltp"]');
    await expect(ltp).toBeVisible();
    const before = await ltp.innerText();
    await expect.poll(() => ltp.innerText(), { timeout: 20_000 }).not.toBe(before);
    // The app learnt the feed's address from the broker: Mosquitto's WebSocket, never the paper broker's /feed.
    expect(sockets.some((u) => u.startsWith(m.mosquitto.wsUrl))).toBe(true);
    expect(sockets.filter((u) => u.startsWith(broker.url.replace(/^http/, "ws")))).toEqual([]);
    expect(framesFromMosquitto).toBeGreaterThan(0);

    // DEMO2, straight on Mosquitto with its own session's credentials.
    const demo2Session = (await (await page.request.post(`${broker.url}/dev/session`, { data: { userId: "DEMO2" } })).json()) as { result: Array<{ accessToken: string }> };
    const demo2Token = demo2Session.result[0]!.accessToken;
    await page.request.get(`${broker.url}/core/feed/config`, { headers: { Authorization: `Bearer ${demo2Token}` } });
    const demo2 = await feedClient("DEMO2", demo2Token);
    expect(await granted(demo2, orderTopic("DEMO1"))).toBe(false);
    expect(await granted(demo2, "prod/updates/order/v1/+")).toBe(false);
    expect(await granted(demo2, "#")).toBe(false);
    expect(await granted(demo2, orderTopic("DEMO2"))).toBe(true);
    const demo2Got: string[] = [];
    demo2.on("message", (topic) => demo2Got.push(topic));

    // DEMO1's own connection (the app's credentials) sees its order updates arrive through Mosquitto.
    const demo1 = await feedClient("DEMO1", await token(page));
    expect(await granted(demo1, orderTopic("DEMO1"))).toBe(true);
    const demo1Got: string[] = [];
    demo1.on("message", (topic, payload) => topic === orderTopic("DEMO1") && demo1Got.push(payload.toString()));

    await commandLine(page, "buy INFY 1");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
    await expect.poll(() => demo1Got.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(demo1Got.some((u) => u.includes("INFY"))).toBe(true);
    // Mosquitto delivers one publisher's messages in order: DEMO2's own update, published after DEMO1's, marks that DEMO1's have been routed.
    const hits = await api<{ token: number; symbol: string; insType: string }>(page.request, broker.url, demo2Token, "/core/search", { searchText: "TCS", exchange: ["NSEEQ"], pageSize: 20 });
    const tcs = hits.result.find((h) => h.symbol === "TCS" && h.insType === "EQ")!;
    const placed = await api(page.request, broker.url, demo2Token, "/core/v2/orders", {
      exchange: "NSEEQ",
      instrumentId: String(tcs.token),
      transactionType: "BUY",
      quantity: 1,
      orderType: "MARKET",
      product: "DELIVERY",
      orderComplexity: "REGULAR",
      validity: "DAY",
      price: 0,
      slTriggerPrice: 0,
      disclosedQuantity: 0,
      marketProtection: 0,
    });
    expect(placed.status).toBe("Ok");
    await expect.poll(() => demo2Got.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new Set(demo2Got)).toEqual(new Set([orderTopic("DEMO2")]));
    await page.close();
  });

  test("after DEMO1 signs out, its live connection to Mosquitto is closed and its old password is refused", async () => {
    const page = await context.newPage();
    await signIn(page, "DEMO1", "/dashboard");
    const appToken = await token(page);
    // The app fetched its feed address, which gave the session its credentials on Mosquitto.
    await expect.poll(async () => refusal("DEMO1", appToken), { timeout: 20_000 }).toBe("connected");
    const live = await feedClient("DEMO1", appToken);
    let closed = false;
    live.on("close", () => (closed = true));

    await palette(page, "Sign out");
    await expect(page.getByRole("dialog", { name: "Sign out" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);

    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    expect(await refusal("DEMO1", appToken)).toBe(5);
    await page.close();
  });
});
