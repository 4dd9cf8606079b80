import type { Locator, Page } from "@playwright/test";
import { api, expect, ownBroker, palette, searchAndChoose, shareOf, signIn, test, token } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";

/**
 * A watchlist across the windows of one browser and across browsers. The explorer's sequence:
 * tabs A and B of one user; B adds MARUTI; A never showed it (nothing was told between tabs). A,
 * sorted, saved its order: it then showed MARUTI 5th while the broker held it last, until a reload
 * moved it. Now an edit answered in one window is told to the others on the windows' shared channel
 * (feed/shared.ts), and a save shows the broker's answer, naming a scrip added elsewhere (another
 * browser, which is told nothing) and where the broker keeps it. A broker of this file's own: a
 * clean list.
 */
const broker = ownBroker();

const symbolsShown = (wl: Locator) => wl.locator('[role="row"][data-symbol]').evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol") ?? ""));

interface Row { tradingSymbol: string; sortingOrder: number }
/** The broker's list of that name, in its saved order (sortingOrder), by symbol. */
async function brokerList(page: Page, name: string): Promise<{ mwId: number; symbols: string[] }> {
  const res = await page.request.get(`${broker.url}/core/marketWatch/getAllMwScripsDetails`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  const body = (await res.json()) as { result: Array<{ mwId: number; mwName: string; scrips: Row[] }> };
  const list = body.result.find((l) => l.mwName === name)!;
  return { mwId: list.mwId, symbols: [...list.scrips].sort((a, b) => a.sortingOrder - b.sortingOrder).map((s) => s.tradingSymbol) };
}

test("an add, a delete and a rename in tab B show in tab A at once; A's saved order is the broker's, a scrip added in another browser named and kept where the broker has it", async ({ page, context }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wlA = await watchlistWith(page);
  const name = (await page.getByTestId("wl-name").textContent()) ?? "";
  const b = await context.newPage();
  await b.goto(`${broker.url}/dashboard`);
  const wlB = b.getByTestId("watchlist");
  await expect(wlB.locator('[role="row"][data-symbol="SBIN-EQ"]')).toBeVisible();

  // B adds MARUTI: A shows it, no reload.
  await b.keyboard.press("Alt+1");
  await searchAndChoose(b, "maruti", /MARUTI-EQ/);
  await palette(b, "Add to watchlist");
  await expect(wlB.locator('[role="row"][data-symbol="MARUTI-EQ"]')).toBeVisible();
  await expect(wlA.locator('[role="row"][data-symbol="MARUTI-EQ"]')).toBeVisible();
  await expect.poll(() => symbolsShown(wlA)).toEqual(["INFY-EQ", "SBIN-EQ", "MARUTI-EQ"]);

  // Another browser (its own session, no shared channel) adds AXISBANK: A is not told.
  const axis = await shareOf(page, broker.url, "AXISBANK");
  const { mwId } = await brokerList(page, name);
  const added = await api(page.request, broker.url, await token(page), "/core/addscrip", { mwId, scrips: [{ exchange: "NSEEQ", token: axis.token }] });
  expect(added.status).toBe("Ok");

  // A sorts A-Z (INFY, MARUTI, SBIN: the rows it knows) and saves that order.
  await page.bringToFront();
  await page.keyboard.press("Alt+1");
  await palette(page, "Watchlist: sort A-Z");
  await expect(wlA.locator('[role="row"][data-symbol]').first()).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect.poll(() => symbolsShown(wlA)).toEqual(["INFY-EQ", "MARUTI-EQ", "SBIN-EQ"]);
  await palette(page, "Watchlist: save order as custom order");
  // The rows A saw take 1, 2, 3; AXISBANK, named in none of them, keeps the place the add gave it: 4th ("scrips not named keep theirs").
  await expect(page.getByText(`${name} sorted: its order is saved; AXISBANK-EQ, added elsewhere, is row 4`)).toBeVisible();
  const saved = ["INFY-EQ", "MARUTI-EQ", "SBIN-EQ", "AXISBANK-EQ"];
  expect((await brokerList(page, name)).symbols).toEqual(saved);
  // A shows what the broker answered (not AXISBANK re-sorted first by a sort the pane just left), and B too.
  await expect.poll(() => symbolsShown(wlA)).toEqual(saved);
  await expect.poll(() => symbolsShown(wlB)).toEqual(saved);
  await expect(wlA.getByRole("button", { name: /^A-Z/ })).toHaveAttribute("aria-pressed", "false");

  // B deletes MARUTI and renames the list: A shows both, no reload.
  await b.bringToFront();
  await b.keyboard.press("Alt+1");
  await cursorOn(b, wlB, "MARUTI-EQ");
  await b.keyboard.press("Minus");
  await expect(wlA.locator('[role="row"][data-symbol="MARUTI-EQ"]')).toHaveCount(0);
  await palette(b, "Rename watchlist");
  await expect(b.getByRole("textbox", { name: "Watchlist name" })).toBeFocused();
  await b.keyboard.press("Control+a");
  await b.keyboard.type("Tabs");
  await b.keyboard.press("Enter");
  await expect(page.getByTestId("wl-name")).toHaveText("Tabs");
  const left = ["INFY-EQ", "SBIN-EQ", "AXISBANK-EQ"];
  await expect.poll(() => symbolsShown(wlA)).toEqual(left);

  // A reload shows the same.
  await page.reload();
  await expect.poll(() => symbolsShown(page.getByTestId("watchlist"))).toEqual(left);
  await expect(page.getByTestId("wl-name")).toHaveText("Tabs");
  await b.close();
});
