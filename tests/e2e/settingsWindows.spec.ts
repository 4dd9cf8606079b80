import fs from "node:fs";
import type { Page } from "@playwright/test";
import { commandLine, expect, orderBook, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-26 s6: window 1 turned "keep the order window open" on; window 2 of the same browser
 * turned it off; window 1 kept acting on "on" (its order window would have stayed open after
 * placing) and its next toggle said "off". Now every window acts on the value saved last, whichever
 * window saved it, and shows it at once. A broker of this file's own: its book counts this file's orders.
 */
const broker = ownBroker();
const SHOTS = "/tmp/shots/settingsWindows";

const statusLine = (page: Page) => page.getByTestId("status-line");
// The toggle by its own name, as a screen reader reads it: the setting's words, its state in aria-pressed.
const keepOpen = (page: Page) => page.getByRole("button", { name: /^Keep the order window open after placing: (on|off)$/ });

test("window B turns keep-open off: window A shows off at once, its next order window closes after placing, and its toggle says on", async ({ page, context }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  await setTheme(page, "dark");
  await runLine(page, "keep order window open", "settings.stickOw.toggle");
  await expect(statusLine(page)).toHaveText("Keep the order window open after placing: on — Esc closes it");
  await palette(page, "Settings: Markets");
  await expect(keepOpen(page)).toHaveText("on");

  // Window B, same browser: it reads "on" and turns it off.
  const b = await context.newPage();
  await b.setViewportSize({ width: 1680, height: 1000 });
  await b.goto(`${broker.url}/main/watchlist`);
  // The windows share the layout: B opens on A's panes, Settings › Markets among them.
  await expect(keepOpen(b)).toHaveText("on");
  await keepOpen(b).click();
  await expect(keepOpen(b)).toHaveText("off");
  await expect(statusLine(b)).toHaveText("Keep the order window open after placing: off — it closes after each order");

  // Window A shows off without a reload or a focus, and says so: it changes what A's next order does.
  await expect(keepOpen(page)).toHaveText("off");
  await expect(keepOpen(page)).toHaveAttribute("aria-pressed", "false");
  await expect(statusLine(page)).toHaveText("Set in another window: Keep the order window open after placing: off — it closes after each order");
  await page.bringToFront();
  await keepOpen(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/a-after-b-off-dark.png` });

  // A's next order follows off: placed, its window closes.
  const before = (await orderBook(page, broker.url)).length;
  await commandLine(page, "buy ITC 1");
  const form = page.getByRole("form", { name: "Order window" });
  await expect(form).toBeVisible();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await orderBook(page, broker.url)).length, { message: "the order reaches the broker" }).toBe(before + 1);
  await expect(form, "the window closes after placing (B turned keep-open off)").toBeHidden();

  // A's toggle flips the value in force (off) and says so: on.
  await runLine(page, "keep order window open", "settings.stickOw.toggle");
  await expect(statusLine(page)).toHaveText("Keep the order window open after placing: on — Esc closes it");
  await expect(keepOpen(page)).toHaveText("on");
  await expect(keepOpen(page)).toHaveAttribute("aria-pressed", "true");
  await expect(keepOpen(b)).toHaveText("on");
  await b.close();
});
