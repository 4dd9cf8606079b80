import type { Page } from "@playwright/test";
import { api, commandLine, expect, openPalette, palette, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 29, "Order window", at 1280x800 and 1680x1000 in the dark and the light theme, keyboard only:
 * Alt+B flips BUY/SELL, the best bid and ask sit beside the LTP, a modify opens on the price, the
 * segment's quantity presets (Alt+Q), above the freeze quantity the slices' margin with the slices
 * as information, an equity-only account told at opening that it cannot trade F&O, and a feature
 * in beta (EC876) said before its form is filled.
 */
const SHOTS = "/tmp/shots-i29-window";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;
const THEMES = ["dark", "light"] as const;

const win = (page: Page) => page.getByRole("form", { name: "Order window" });

/** A buy of INFY resting 10% under the market, placed through the API: the order `m` modifies. */
async function restingInfyBuy(page: Page): Promise<void> {
  const bearer = await token(page);
  const infy = await shareOf(page, "", "INFY");
  const { ltp, tickSize } = infy;
  const price = Number((Math.floor((ltp * 0.9) / tickSize) * tickSize).toFixed(2));
  const r = await api(page.request, "", bearer, "/core/v2/orders", {
    exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderComplexity: "REGULAR",
    orderType: "LIMIT", price, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
  });
  expect(r.status).toBe("Ok");
}

test("the order window: flip key, bid/ask, presets, modify on the price, slices as information, at both sizes and themes", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "DEMO1", "/main/orders");
  await restingInfyBuy(page);
  const orderRow = page.locator('[data-view="orders"] tr[data-order-no]:has-text("INFY")').first();
  await expect(orderRow).toBeVisible();

  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await setTheme(page, theme);
      const tag = `${size.width}x${size.height}-${theme}`;

      // A new order opens on the quantity; the segment's presets (equity 1/10/50/100 shares) are buttons, Alt+Q climbs them.
      await commandLine(page, "buy INFY 10 @ 1");
      await expect(win(page).getByRole("group", { name: "Quantity presets" }).getByRole("button")).toHaveText(["1", "10", "50", "100"]);
      await page.keyboard.press("Alt+q");
      await expect(page.locator("#ow-quantity")).toHaveValue("50");
      await page.keyboard.press("Alt+q");
      await expect(page.locator("#ow-quantity")).toHaveValue("100");

      // The best bid and ask beside the LTP, live from the feed: prices, never 0.
      await expect(win(page).getByTestId("ow-bid")).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 20_000 });
      await expect(win(page).getByTestId("ow-ask")).toHaveText(/^[\d,]+\.\d{2}$/);
      const bid = Number((await win(page).getByTestId("ow-bid").innerText()).replace(/,/g, ""));
      const ask = Number((await win(page).getByTestId("ow-ask").innerText()).replace(/,/g, ""));
      expect(bid).toBeGreaterThan(0);
      expect(ask).toBeGreaterThanOrEqual(bid);

      // Alt+B from inside the quantity field flips the side, and nothing typed: the title, the side and the submit say SELL.
      await expect(page.locator("#ow-quantity")).toBeFocused();
      await page.keyboard.press("Alt+b");
      await expect(page.getByRole("dialog", { name: /^Sell INFY/ })).toBeVisible();
      await expect(win(page).getByTestId("ow-submit")).toContainText("Sell");
      await expect(page.locator("#ow-quantity")).toHaveValue("100");
      await page.screenshot({ path: `${SHOTS}/window-${tag}.png` });
      await page.keyboard.press("Alt+b");
      await expect(page.getByRole("dialog", { name: /^Buy INFY/ })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(win(page)).toBeHidden();

      // Above NIFTY's freeze quantity of 1800: the margin is the three slices', the slice line is information, not a warning.
      await commandLine(page, "buy NIFTY ATM+15 CE 5400");
      const slices = win(page).getByTestId("ow-slices");
      await expect(slices).toContainText("goes out as 3 slices (1800 + 1800 + 1800)");
      await expect(slices).toHaveAttribute("data-kind", "info");
      await expect(win(page).getByTestId("ow-margin")).toHaveText(/^₹[\d,]+\.\d{2}$/, { timeout: 15_000 });
      await expect(win(page).getByTestId("ow-margin-basis")).toContainText("The 3 slices: 3 × 1800 at ₹");
      // Information reads in the muted colour of the theme, as the basis line does, never the amber accent.
      const colour = await slices.evaluate((el) => getComputedStyle(el).color);
      const muted = await win(page).getByTestId("ow-margin-basis").evaluate((el) => getComputedStyle(el).color);
      expect(colour).toBe(muted);
      // F&O presets are lots.
      await expect(win(page).getByRole("group", { name: "Quantity presets" }).getByRole("button").first()).toHaveText("1 lot");
      await page.screenshot({ path: `${SHOTS}/slices-${tag}.png` });
      await page.keyboard.press("Escape");
      await expect(win(page)).toBeHidden();

      // m on the resting order: the window opens with the focus on the price, its figure selected to retype.
      await orderRow.click();
      await page.keyboard.press("m");
      await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
      await expect(page.locator("#ow-price")).toBeFocused();
      expect(await page.locator("#ow-price").evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart! === el.value.length)).toBe(true);
      // A modify keeps its side: Alt+B says why in the status line and changes nothing.
      await page.keyboard.press("Alt+b");
      await expect(page.getByTestId("status-line")).toContainText("A modify keeps its side (BUY)");
      await page.screenshot({ path: `${SHOTS}/modify-${tag}.png` });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeHidden();
    }
  }
});

test("an equity-only account is told at opening that it cannot trade F&O, and a beta feature before its form, at both sizes and themes", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await setTheme(page, theme);
      await openPalette(page);
      await page.keyboard.type("buy NIFTY ATM CE 75");
      await expect(page.locator('[data-command="order.line"]')).toBeVisible();
      await page.keyboard.press("Enter");
      // Said in place of the form: no field to fill, the reason and the code the broker would answer.
      const refusal = page.getByTestId("ow-account-refusal");
      await expect(refusal).toContainText("Your account cannot trade F&O on NSEFO. It trades NSEEQ, BSEEQ.");
      await expect(refusal).toContainText("EC076");
      await expect(page.locator("#ow-quantity")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/equity-only-${size.width}x${size.height}-${theme}.png` });
      await page.keyboard.press("Escape");
      await expect(refusal).toBeHidden();
      // Its own segment opens the form as before.
      await commandLine(page, "buy INFY 1 @ 1");
      await page.keyboard.press("Escape");
      await expect(win(page)).toBeHidden();

      // A feature in beta (EC876; DEMO2 is BETA_LOCKED out of SIP) is said before its form is filled: no SIP form opens.
      await palette(page, "SIP: create");
      await expect(page.getByTestId("beta-dialog")).toContainText("SIP (systematic investment plans)");
      await expect(page.getByRole("dialog", { name: "Create SIP" })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/beta-${size.width}x${size.height}-${theme}.png` });
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("beta-dialog")).toBeHidden();
    }
  }
});
