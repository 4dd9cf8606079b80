import fs from "node:fs";
import Papa from "papaparse";
import { commandLine, expect, palette, searchAndChoose, setTheme, shareOf, signIn, test } from "./fixtures";

/**
 * Issue 35, market replay in the app, by keyboard: "Replay a day…" restarts the broker on the
 * sample day; the status bar shows REPLAY and the replay clock; the speed, pause and jump keys move
 * it; an order fills in the replay account and the report counts it; "Leave replay" goes back to
 * the live paper market. While it is paused no price dims and the light stays live; an instrument
 * the day has no bars for dims on its own, and an option is priced from its replayed index. Screenshots of the badge and clock, dark and light, full and split.
 */
const SHOTS = "/tmp/shots-i35-replay";

test("replay a day from the palette: REPLAY badge and clock, speed, pause, jump, an order, the report, and back to live", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home");
  await expect(page.getByTestId("sim-clock")).toContainText("paper broker");
  // A GTT in the live account, and its overnight positions: neither belongs to the replay account.
  const quote = await shareOf(page, process.env.TAPE_URL!, "INFY");
  const below = (Math.round((quote.ltp * 0.9) / quote.tickSize) * quote.tickSize).toFixed(2);
  await palette(page, `gtt buy INFY 1 trigger ${below} @ ${below}`);
  await expect(page.getByRole("form", { name: "GTT form" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "GTT form" })).toBeHidden();
  const ordersTab = (name: string) => page.locator('.pane[data-view="orders"] [role="tab"]', { hasText: name });
  await expect(ordersTab("GTT").locator(".tab-count")).not.toHaveText("0");
  const positionRow = (symbol: string | RegExp) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: symbol, exact: true }) }).first();
  await expect(positionRow("CRUDEOIL26DECFUT")).toBeVisible();

  // The live day's NIFTY chain, on screen as the replay starts: its nearest expiry is the live day's.
  const chainPane = page.locator('.pane[data-view="optionchain"]');
  const activeExpiry = chainPane.locator('[data-expiry][aria-pressed="true"]');
  await palette(page, "chain NIFTY");
  await expect(activeExpiry).toHaveAttribute("data-expiry", /^\d{4}-\d\d-\d\d$/);
  const liveExpiry = (await activeExpiry.getAttribute("data-expiry"))!;
  expect(liveExpiry > "2026-11-24").toBe(true);

  await palette(page, "Replay a day");
  const select = page.getByTestId("replay-day-select");
  await expect(select.locator("option", { hasText: "23/11/2026, Tape's sample day" })).toHaveCount(1);
  // Newest first: this broker's own recording of today comes before the sample.
  await select.selectOption("2026-11-23");
  await select.press("Enter");
  await expect(page.getByRole("dialog", { name: "Replay a day" })).toBeHidden();

  // The broker restarts on the day (importing the sample the first time): the badge and the replay clock follow its health.
  const badge = page.getByTestId("replay-badge");
  await expect(badge).toHaveText("REPLAY 1×", { timeout: 180_000 });
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:1\d:\d\d IST/);
  // The chain on screen is asked of the replay's broker again: 23 November's expiries start on Tuesday
  // 24 November (the live day's chain, kept, listed the live day's, and contracts the replayed day's
  // market has not got). The pane keeps the expiry it showed, which the replayed day lists too.
  await expect(chainPane.locator("button[data-expiry]").first()).toHaveAttribute("data-expiry", "2026-11-24");
  await expect(activeExpiry).toHaveAttribute("data-expiry", liveExpiry);
  await palette(page, "Go to Home");

  // The replay account starts the day flat, with no GTT: the live account's overnight positions and
  // GTT are not shown (the GTT count reloads when the feed reconnects to the restarted broker).
  await expect(positionRow("CRUDEOIL26DECFUT")).toHaveCount(0);
  await expect(ordersTab("GTT").locator(".tab-count")).toHaveText("0");

  // A crude oil future has no bars in the sample and no underlying to be priced from: in the
  // watchlist its price dims as stale, and the light stays live (in a replay one silent instrument
  // is a gap in the day; the feed is stale only when none ticks).
  const light = page.getByTestId("feed-light");
  await palette(page, "Go to Watchlist");
  await searchAndChoose(page, "crudeoil", /CRUDEOIL26DECFUT/);
  await palette(page, "Add to watchlist");
  const crude = page.getByTestId("watchlist").locator('[role="row"][data-symbol="CRUDEOIL26DECFUT"]');
  await expect(crude.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true", { timeout: 30_000 });
  await expect(light).toHaveAttribute("data-feed-state", "live");
  // Taken off again: a watchlist is the user's own, mirrored back to the live broker when the replay
  // ends (server/replay/mode.ts), and the watchlist spec starts from DEMO1's empty one.
  await page.keyboard.press("Home");
  await expect(crude).toHaveAttribute("aria-selected", "true");
  await palette(page, "Remove from watchlist");
  await expect(crude).toHaveCount(0);
  // A NIFTY option is priced from the replayed index and ticks with it: the lowest strike's call
  // (deep in the money, so it moves with each move of the index) changes as the day plays, unmarked.
  await palette(page, "chain NIFTY");
  const call = page.locator('.pane[data-view="optionchain"] tr[data-strike]').first().locator('td[data-side="CE"][data-field="ltp"] span');
  await expect(call).toHaveText(/\d/);
  const first = await call.innerText();
  await expect.poll(() => call.innerText(), { timeout: 20_000 }).not.toBe(first);
  await expect(call).not.toHaveAttribute("data-stale", "true");
  await palette(page, "Go to Home");

  await page.keyboard.press("Alt+Shift+F");
  await expect(badge).toHaveText("REPLAY 2×");
  await page.keyboard.press("Alt+Shift+Space");
  await expect(badge).toHaveText("REPLAY paused · 2×");
  // Paused, the prices are the market's at the paused instant, not late: past the 10 s a price takes
  // to dim, the header's NIFTY 50 is not marked stale and the light is live.
  const nifty = page.locator(".pinned-item").filter({ has: page.locator(".pinned-name", { hasText: /^NIFTY 50$/ }) }).locator('[data-field="ltp"]');
  await page.waitForTimeout(12_000);
  await expect(nifty).not.toHaveAttribute("data-stale", "true");
  await expect(light).toHaveAttribute("data-feed-state", "live");
  await page.keyboard.press("Alt+Shift+J");
  await page.getByTestId("replay-jump-time").fill("10:30");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sim-clock")).toContainText("replay clock 23/11/2026 10:30:00 IST");
  await page.keyboard.press("Alt+Shift+N");
  await expect(page.getByTestId("sim-clock")).toContainText("replay clock 23/11/2026 10:31:00 IST");
  // The header's three indices stand at the sample's 10:30 closes (each bar opens at the one before's close), none at its reference price.
  const bars = Papa.parse<Record<string, string>>(fs.readFileSync(new URL("../../server/replay/sample/2026-11-23.csv", import.meta.url), "utf8"), { header: true, skipEmptyLines: true }).data;
  for (const [name, symbol] of [["NIFTY 50", "NIFTY"], ["SENSEX", "SENSEX"], ["NIFTY BANK", "BANKNIFTY"]] as const) {
    const close = Number(bars.find((b) => b.symbol === symbol && b.timestamp === "2026-11-23 10:30")!.close);
    const item = page.locator(".pinned-item").filter({ has: page.locator(".pinned-name", { hasText: new RegExp(`^${name}$`) }) });
    await expect(item.locator('[data-field="ltp"]')).toHaveText(close.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  }

  // An order in the replay account, at the replayed price.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  await page.keyboard.press("Alt+Shift+R");
  await expect(page.getByTestId("replay-report")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("table", { name: "The replay's trades" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("replay-pnl")).toContainText("₹");
  await expect(page.getByTestId("straddle-chart")).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/report-dark-1680x1000.png` });
  await page.keyboard.press("Escape");

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/replay-${theme}-1680x1000.png` });
  }
  await palette(page, "Split pane right");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/replay-split-${theme}-1680x1000.png` });
  }

  await palette(page, "Leave replay");
  await expect(badge).toBeHidden({ timeout: 180_000 });
  await expect(page.getByTestId("sim-clock")).toContainText("paper broker");
});
