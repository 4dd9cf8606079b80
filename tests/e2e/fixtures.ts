import { test as base, expect, type APIRequestContext, type APIResponse, type Page, type Route } from "@playwright/test";
import { isModifiableStatus } from "../../src/core/rules/orderStatus";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { BARE_CANCEL_BINDING, watchDismissWords } from "./dismissWords";

/**
 * Signs a demo user in through the paper broker's /dev/session and stores the session as the
 * app does, so tests of the shell start on a signed-in workspace without replaying a login.
 * `origin` names a broker of the test's own (empty: the worker's own, of the fixture below).
 */
export async function signIn(page: Page, userId = "DEMO1", path = "/home", origin = ""): Promise<void> {
  const res = await page.request.post(`${origin}/dev/session`, { data: { userId } });
  const body = (await res.json()) as { result: Array<{ accessToken: string; clientCode: string; clientName: string }> };
  const s = body.result[0]!;
  await page.goto(`${origin}/`);
  await page.evaluate((v) => {
    localStorage.clear();
    localStorage.setItem("clientCode", v.clientCode);
    localStorage.setItem("accessToken", v.accessToken);
    localStorage.setItem("clientName", v.clientName);
  }, s);
  await page.goto(`${origin}${path}`);
  // Keys are bound once the workspace has rendered: wait for it, so the first key press is not lost.
  await expect(page.locator(".workspace .pane").first()).toBeVisible();
}

// ---- login through the UI, with the OTP the paper broker writes to /dev/outbox ----------------

/** The newest OTP sent to the user, waiting for one sent after `after` when given. */
export async function latestCode(page: Page, userId: string, after?: string, origin = ""): Promise<string> {
  for (;;) {
    const rows = (await (await page.request.get(`${origin}/dev/outbox?userId=${userId}`)).json()) as Array<{ code: string; at: string }>;
    if (rows[0] && (!after || rows[0].at > after)) return rows[0].code;
    await page.waitForTimeout(100);
  }
}

export async function lastAt(page: Page, userId: string, origin = ""): Promise<string> {
  const rows = (await (await page.request.get(`${origin}/dev/outbox?userId=${userId}`)).json()) as Array<{ at: string }>;
  return rows[0]?.at ?? "";
}

export const stage = (page: Page, name: string) => page.locator(`[data-stage="${name}"]`);

export async function typeUserAndPassword(page: Page, userId: string, password: string): Promise<void> {
  await expect(stage(page, "mobile")).toBeVisible();
  await page.keyboard.type(userId);
  await page.keyboard.press("Enter");
  await expect(stage(page, "password")).toBeVisible();
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

/** Logs in through the form with the password and the OTP the broker sent; `origin` names a broker of the test's own ("" for the worker's). */
export async function loginWithOtp(page: Page, userId: string, password = "Tape@2026", origin = ""): Promise<void> {
  const before = await lastAt(page, userId, origin);
  await typeUserAndPassword(page, userId, password);
  await expect(page.locator('[data-stage="otp"] .otp-box').first()).toBeFocused();
  await page.keyboard.type(await latestCode(page, userId, before, origin));
}

// ---- the broker's API with the signed-in user's token, and the order window from the palette ---

export async function token(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem("accessToken") ?? "");
}

/** The calls that only read (a book, positions, a search): sent again once if the socket is reset under them. */
const READS = /\/(orders\/book|orders\/trades|positions|holdings|limits|search|security\/info|contractChain)$/;

/** A request the broker's socket was reset under (a kept-alive socket it was closing): the one failure a read is asked again after. */
const resetUnder = (err: unknown): boolean => /ECONNRESET|socket hang up/.test(String(err));

export async function api<T>(request: APIRequestContext, base: string, bearer: string, p: string, data: unknown): Promise<{ status: string; message: string; result: T[] }> {
  // Connection: close: the broker closes an idle kept-alive socket after 5 s, and Node's client (unlike a
  // browser) does not retry a POST it sent down a socket closed under it (power.spec's ECONNRESET, once).
  const send = () => request.post(`${base}${p}`, { data, headers: { Authorization: `Bearer ${bearer}`, Connection: "close" } });
  let res;
  try {
    res = await send();
  } catch (err) {
    // A read reset under it (strategyFills.spec's book poll, once in a CI run) is asked again; a call that
    // may have changed something (an order) is not, so a test never places twice.
    if (!READS.test(p) || !resetUnder(err)) throw err;
    res = await send();
  }
  return (await res.json()) as { status: string; message: string; result: T[] };
}

/**
 * A routed read passed on to the broker (route.fetch) by a test that rewrites its answer. Playwright's
 * client sends it down a kept-alive socket, which the broker may be closing after its 5 s idle, and
 * does not send it again as a browser would (strategyFills.spec's margin check met `read ECONNRESET` in
 * a clean-clone CI): a read reset under it is fetched once more. Only for reads: never an order.
 */
export async function fetchRead(route: Route): Promise<APIResponse> {
  try {
    return await route.fetch();
  } catch (err) {
    if (!resetUnder(err)) throw err;
    return route.fetch();
  }
}

/** A contract as the broker's search finds it and its security info prices it. */
export interface Contract {
  token: number;
  tradingSymbol: string;
  ltp: number;
  tickSize: number;
  lotSize: number;
}

export interface SearchHit {
  token: number;
  tradingSymbol: string;
  symbol: string;
  insType: string;
  exchange: string;
}

/**
 * The contract the broker's search finds for `searchText` on `exchange` (NSEEQ unless named),
 * `pick` choosing among the hits (the first by default), with its security info. `origin` names
 * the broker ("" for the page's own).
 */
export async function contractOf(page: Page, origin: string, find: { searchText: string; exchange?: string; pick?: (h: SearchHit) => boolean }): Promise<Contract> {
  const bearer = await token(page);
  const exchange = find.exchange ?? "NSEEQ";
  const hits = await api<SearchHit>(page.request, origin, bearer, "/core/search", { searchText: find.searchText, exchange: [exchange], pageSize: 50 });
  const hit = find.pick ? hits.result.find(find.pick) : hits.result[0];
  if (!hit) throw new Error(`the broker's search found no ${exchange} contract for "${find.searchText}"`);
  const info = await api<Contract>(page.request, origin, bearer, "/core/v2/security/info", { exchange, token: hit.token });
  return { ...info.result[0]!, token: hit.token };
}

/** An NSE share by its symbol. */
export const shareOf = (page: Page, origin: string, symbol: string): Promise<Contract> =>
  contractOf(page, origin, { searchText: symbol, pick: (h) => h.symbol === symbol && h.insType === "EQ" });

export async function orderBook(page: Page, base: string): Promise<Array<{ orderNo: string; orderStatus: string; price: number; tradingSymbol: string }>> {
  const env = await api<{ orderNo: string; orderStatus: string; price: number; tradingSymbol: string }>(page.request, base, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

/**
 * Cancels the signed-in user's working orders. A worker's specs share one broker, so a test that counts the
 * pending tab starts from none (earlier specs leave their resting orders, as a trader's day would).
 */
export async function cancelWorking(page: Page, base: string): Promise<void> {
  await page.request.delete(`${base}/core/v2/orders/cancelAll`, { data: {}, headers: { Authorization: `Bearer ${await token(page)}` } });
  await expect.poll(async () => (await orderBook(page, base)).filter((o) => isModifiableStatus(o.orderStatus)).length).toBe(0);
}

/**
 * Opens the palette with Ctrl+K and waits until its input has the focus. Keys typed before that go to the page
 * (in the full run some were lost, or ran the page's own single-key commands), so every test that types into the
 * palette opens it here (or through `palette` / `commandLine`).
 */
export async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
}

/**
 * A paper broker of one spec file's own, where the worker's shared one would not do: a file that
 * counts its rows, needs a clean layout, or a clock or tick rate of its own (`env`). Started before
 * the file's first test and stopped after its last (`perTest`: around each test). Call it at the
 * file's top; read `.url` inside a test.
 */
export function ownBroker(env: Record<string, string> = {}, { perTest = false } = {}): { readonly url: string } {
  let running: BrokerProcess | undefined;
  const start = async () => {
    running = await startBrokerProcess(env);
  };
  const stop = async () => {
    await running?.stop();
    running = undefined;
  };
  // A failed test prints what its broker said (its log's last lines): a broker that stopped answering is
  // otherwise a mystery in a CI log (the clean-clone CI of 26248be, replayChart.spec, after "Replay a day…").
  const tell = (testInfo: { status?: string; expectedStatus: string }) => {
    if (running && testInfo.status !== testInfo.expectedStatus) console.error(`\n--- its broker's log, last lines ---\n${running.output().split("\n").slice(-60).join("\n")}\n---`);
  };
  if (perTest) {
    test.beforeEach(start);
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its first argument's pattern
    test.afterEach(async ({}, testInfo) => {
      tell(testInfo);
      await stop();
    });
  } else {
    test.beforeAll(start);
    // eslint-disable-next-line no-empty-pattern -- as above
    test.afterEach(({}, testInfo) => tell(testInfo));
    test.afterAll(stop);
  }
  return {
    get url(): string {
      if (!running) throw new Error("ownBroker: its url is read inside a test, once the broker has started");
      return running.url;
    },
  };
}

/**
 * "Replay a day…" from the palette, the day chosen in its list and Enter: the broker restarts replaying it. The
 * caller waits for what it needs of the replay (its clock, its badge, the dialog gone).
 */
export async function startReplay(page: Page, date: string): Promise<void> {
  await palette(page, "Replay a day");
  const select = page.getByTestId("replay-day-select");
  await select.selectOption(date);
  await select.press("Enter");
}

/** Runs a palette command by its title, as a keyboard user does (the palette takes keys once its input has focus). */
export async function palette(page: Page, title: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(title);
  await page.keyboard.press("Enter");
}

/**
 * Opens the instrument search with `/` and waits until its box has the focus. Keys typed before that
 * go to the page (in a full run "nifty ce" lost its words and chose the NIFTY index), as with the palette.
 */
export async function openSearch(page: Page): Promise<void> {
  await page.keyboard.press("/");
  await expect(page.getByRole("dialog", { name: "Search instrument" }).getByRole("combobox", { name: "Search instrument" })).toBeFocused();
}

/** `/`, the text, Enter on the first result (which must match `expected`); answers that result's label. */
export async function searchAndChoose(page: Page, text: string, expected: RegExp): Promise<string> {
  await openSearch(page);
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  await page.keyboard.type(text);
  const first = dialog.locator('[role="option"]').first();
  await expect(first).toContainText(expected);
  const label = await first.innerText();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  return label;
}

/** Types an order line in the palette and waits for the order window it opens. */
export async function commandLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeVisible();
  await expect(page.locator("#ow-quantity")).toBeFocused();
}

/**
 * Types `text` in the palette and runs it once the palette's first line is `commandId`: a command
 * line's read-back (basket.line, alert.line, gtt.line) or a command found by its title.
 */
export async function runLine(page: Page, text: string, commandId: string): Promise<void> {
  await openPalette(page);
  const p = page.getByRole("dialog", { name: "Command palette" });
  await page.keyboard.type(text);
  await expect(p.locator("[cmdk-item]").first()).toHaveAttribute("data-command", commandId);
  await page.keyboard.press("Enter");
  await expect(p).toBeHidden();
}

/** DEMO1 at 1680x1000 in the Trading layout, the Baskets view opened in the orders' pane (~820 px): where the baskets' fit specs start. */
export async function basketsInOrdersPane(page: Page, origin: string): Promise<void> {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", origin);
  await palette(page, "Layout: Trading");
  await page.locator('.pane[data-view="orders"] .pane-title').click();
  await runLine(page, "Baskets", "basket.open");
}

/**
 * Closes the one pane showing `view` ("orders") as a trader does: a click focuses it, the palette's
 * Close pane closes it; waits until no pane shows it.
 */
export async function closePane(page: Page, view: string): Promise<void> {
  const pane = page.locator(`.workspace .pane[data-view="${view}"]`);
  await expect(pane).toHaveCount(1);
  await pane.click();
  await expect(pane).toHaveClass(/pane-focused/);
  await palette(page, "Close pane");
  await expect(pane).toHaveCount(0);
}

/** Sets an NSE share's price through the paper broker's /dev/price (at `origin`) and checks the broker took it. */
export async function setSharePrice(page: Page, origin: string, symbol: string, price: number): Promise<void> {
  const hits = await api<{ token: number; symbol: string; insType: string }>(page.request, origin, await token(page), "/core/search", { searchText: symbol, exchange: ["NSEEQ"], pageSize: 20 });
  const share = hits.result.find((h) => h.symbol === symbol && h.insType === "EQ")!.token;
  const res = await page.request.post(`${origin}/dev/price`, { data: { exchange: "NSEEQ", token: share, price } });
  expect(((await res.json()) as { result: Array<{ ltp: number }> }).result[0]?.ltp).toBe(price);
}

/** The theme by the app's own key (Alt+T), as a trader switches it; waits until the page wears it. */
export async function setTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.keyboard.press("Alt+t");
  // Where the key went, said when it did not toggle (a clean-clone run once saw Alt+T do nothing after a replay started).
  const where = () =>
    page.evaluate(() => {
      const a = document.activeElement;
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((d) => d.getAttribute("aria-label") ?? d.textContent?.slice(0, 60));
      return `focus on <${a?.tagName.toLowerCase()} ${a?.getAttribute("data-testid") ?? a?.getAttribute("aria-label") ?? a?.className ?? ""}>, dialogs: ${JSON.stringify(dialogs)}, status line: ${document.querySelector('[data-testid="status-line"]')?.textContent ?? ""}`;
    });
  await expect(page.locator("html"), `Alt+T to ${theme}`).toHaveAttribute("data-theme", theme).catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await where()}`);
  });
}

/**
 * Each Playwright worker has a paper broker of its own, started exactly as `npm start` runs it,
 * on port 0 with a fresh DATA_DIR, so spec files run side by side without sharing books. The
 * worker's TAPE_URL and baseURL name it. WIRE_CHECK=1: an answer its schema would change (a field
 * the app reads but the schema lacks) fails the call, so the suite proves the answer schemas whole.
 *
 * Every test's context watches the dialogs its pages open (dismissWords.ts): the test fails if a
 * dialog has a button labelled bare "Cancel", as the order window's AMO prompt had for its Esc.
 */
export const test = base.extend<{ dismissWords: void }, { broker: BrokerProcess }>({
  broker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: this one needs none
    async ({}, use) => {
      const broker = await startBrokerProcess({ WIRE_CHECK: "1", ...(process.env.E2E_SIM_TIME ? { SIM_TIME: process.env.E2E_SIM_TIME } : {}) });
      process.env.TAPE_URL = broker.url;
      await use(broker);
      await broker.stop();
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({ broker }, use) => use(broker.url),
  dismissWords: [
    async ({ context }, use) => {
      const found: string[] = [];
      await context.exposeBinding(BARE_CANCEL_BINDING, (_source, what: string) => void found.push(what));
      await context.addInitScript(watchDismissWords, BARE_CANCEL_BINDING);
      await use();
      expect(found, "a dialog's dismiss button says what Esc does (Close, Back), never bare Cancel").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
