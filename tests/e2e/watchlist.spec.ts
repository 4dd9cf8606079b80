import { expect, openPalette, ownBroker, palette, searchAndChoose, signIn, test } from "./fixtures";

// Its own broker: it starts from DEMO1's empty watchlist, which any spec earlier in a shared worker may fill.
const broker = ownBroker();

test("watchlist by keyboard: add INFY and a NIFTY option, live ticks, depth on d, sort, rename, delete, reload keeps it", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = page.getByTestId("watchlist");
  await expect(wl).toBeVisible();
  await expect(wl.getByText("This watchlist is empty")).toBeVisible();
  const rows = wl.locator('[role="row"][data-symbol]');

  // INFY through `/` and the palette's "Add to watchlist"; the option through `/` and the + key.
  // A watchlist toast names the scrip and the list (core/watchlist/messages.ts).
  await expect(page.getByTestId("wl-name")).not.toHaveText("");
  const listName = (await page.getByTestId("wl-name").textContent()) ?? "";
  await searchAndChoose(page, "infy", /INFY-EQ/);
  await palette(page, "Add to watchlist");
  await expect(page.getByText(`INFY-EQ added to ${listName}`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await searchAndChoose(page, "nifty ce", /NIFTY/);
  await page.keyboard.press("Shift+Equal");
  await expect(rows).toHaveCount(2);
  const option = rows.nth(1);
  await expect(option).toHaveAttribute("data-symbol", /^NIFTY.*CE$/);
  await expect(wl).toContainText("2/50");

  // Prices tick (TICK_HZ of the broker): both LTP cells change, and a changed price flashes (the
  // cell is lit up or down for a moment; what it was lit is recorded in the page, the flash being brief).
  for (const r of [rows.nth(0), option]) {
    const ltp = r.locator('[data-field="ltp"]');
    await ltp.evaluate((el: HTMLElement & { flashes?: string[] }) => {
      const seen: string[] = (el.flashes = []);
      new MutationObserver(() => void (el.dataset.flash && seen.push(el.dataset.flash))).observe(el, { attributes: true, attributeFilter: ["data-flash"] });
    });
    const before = await ltp.innerText();
    await expect.poll(() => ltp.innerText(), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => ltp.evaluate((el: HTMLElement & { flashes?: string[] }) => el.flashes!), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^(up|down)$/));
  }

  // Cursor to the first row (Home), depth on d for INFY.
  await page.keyboard.press("End");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("d");
  const depth = page.getByTestId("depth");
  await expect(depth).toBeVisible();
  await expect(depth).toContainText("INFY-EQ");
  // The depth pane took the focus (issue 28); back to the watchlist, pane 1 of the Trading layout.
  await page.keyboard.press("Alt+1");

  // Sort Exc puts NSEEQ before NSEFO; A-Z puts INFY before NIFTY; pressing again reverses. Save the order.
  await palette(page, "Watchlist: sort A-Z");
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", "INFY-EQ");
  await palette(page, "Watchlist: sort A-Z");
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", /^NIFTY/);
  // A row moved by hand makes an order no sort made: the A-Z mark goes (it claimed the order it no longer shows), the order stays.
  const az = wl.getByRole("button", { name: /^A-Z/ });
  await expect(az).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Home");
  await palette(page, "Watchlist: move row down");
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(az).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("End");
  await palette(page, "Watchlist: move row up");
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", /^NIFTY/);
  await expect(az).toHaveAttribute("aria-pressed", "false");
  await palette(page, "Watchlist: save order as custom order");
  await expect(page.getByText(`${listName} sorted: its order is saved`)).toBeVisible();

  // Rename: over 40 characters the broker's message, then a good name.
  await palette(page, "Rename watchlist");
  const name = page.getByRole("textbox", { name: "Watchlist name" });
  await expect(name).toBeFocused();
  await page.keyboard.type("x".repeat(41));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Market watch name cannot exceed 40 characters")).toBeVisible();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Tape favourites");
  await page.keyboard.press("Enter");
  await expect(name).toBeHidden();
  await expect(page.getByTestId("wl-name")).toHaveText("Tape favourites");

  // Delete the option (first row after the reversed sort) with -.
  await page.keyboard.press("Home");
  await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
  const optionSymbol = (await rows.nth(0).getAttribute("data-symbol")) ?? "";
  await page.keyboard.press("Minus");
  await expect(page.getByText(`${optionSymbol} deleted from Tape favourites`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", "INFY-EQ");
  await page.screenshot({ path: "/tmp/watchlist.png" });

  // The predefined list: not editable, so its editing commands are not offered.
  await page.keyboard.press("BracketRight");
  await expect(page.getByTestId("wl-name")).not.toHaveText("Tape favourites");
  await expect(rows.first()).toBeVisible();
  await openPalette(page);
  await page.keyboard.type("Rename watchlist");
  // Not offered: listed greyed, with why; Enter would run nothing (Palette.tsx).
  await expect(page.locator('[cmdk-item][data-blocked]', { hasText: "Rename watchlist" })).toBeVisible();
  await expect(page.locator('[cmdk-item]:not([data-blocked])', { hasText: "Rename watchlist" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.keyboard.press("BracketLeft");

  // Reload: the list and its name are the broker's.
  await page.reload();
  await expect(page.getByTestId("wl-name")).toHaveText("Tape favourites");
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toHaveAttribute("data-symbol", "INFY-EQ");

  // b on the row under the cursor opens the order window for it; Esc closes it.
  await page.keyboard.press("b");
  const orderWindow = page.getByRole("dialog").filter({ hasText: "INFY" });
  await expect(orderWindow).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(orderWindow).toBeHidden();

  // The full-screen watchlist with the mini chart of the row under the cursor.
  await palette(page, "Go to Full-screen Watchlist");
  const full = page.getByTestId("fullwl");
  await expect(full).toBeVisible();
  await expect(full.getByTestId("mini-chart")).toContainText("INFY-EQ");
  await page.screenshot({ path: "/tmp/fullwl.png" });
});
