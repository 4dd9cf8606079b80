import { runLine } from "./chartHelpers";
import { api, commandLine, expect, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * Issue 35, "Replay today", keyboard only: a real paper trade of TATAMOTORS (a share no other spec
 * touches), then the palette's "Replay today" restarts the broker on this session's recording; the
 * share's chart draws that trade as a marker at its bar, and lists it in words for a screen
 * reader ("Your trades of the day: Buy 10 at …, HH:MM"). Then back to the live market.
 */
const SHOTS = "/tmp/shots-i35-replay-today";
const SHARE = "TATAMOTORS";

/** HH:MM in IST of an ISO instant (IST is UTC+05:30, no daylight saving). */
const istHm = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(11, 16);
/** A price as a trader reads it, Indian grouping, two decimals (Intl here, not the app's formatter). */
const rupees = (v: number) => new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

test("Replay today: the day's real trade is drawn on the share's chart as a marker, and listed in words", async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  const origin = new URL(baseURL!).origin;
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home");
  await expect(page.getByTestId("sim-clock")).toContainText("paper broker");

  // The share's chart first, so its ticks are in the recording; then a market buy of 10 in the live paper account.
  await runLine(page, `chart ${SHARE}`, "chart.line");
  await expect(page.locator(`[data-testid="chart"][data-symbol="${SHARE}-EQ"]`)).toBeVisible();
  await commandLine(page, `buy ${SHARE} 10`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  type Fill = { tradingSymbol: string; transactionType: string; filledQuantity: number; tradedPrice: number; tradeTime: string };
  let fill: Fill | undefined;
  await expect
    .poll(async () => {
      const book = await api<Fill>(page.request, origin, await token(page), "/core/v2/orders/trades", {});
      fill = book.result.find((t) => t.tradingSymbol.startsWith(SHARE) && t.transactionType === "BUY" && t.filledQuantity === 10);
      return fill !== undefined;
    }, { timeout: 20_000 })
    .toBe(true);
  const words = `Buy 10 at ${rupees(fill!.tradedPrice)}, ${istHm(fill!.tradeTime)}`;
  const label = `B 10 @ ${rupees(fill!.tradedPrice)}`;

  await palette(page, "Replay today");
  const badge = page.getByTestId("replay-badge");
  await expect(badge).toHaveText("REPLAY 1×", { timeout: 180_000 });

  // Paused, on to the trade's minute and one bar past it: the chart then has the trade's bar.
  await page.keyboard.press("Alt+Shift+Space");
  await expect(badge).toHaveText("REPLAY paused · 1×");
  await page.keyboard.press("Alt+Shift+J");
  await expect(page.getByTestId("replay-jump-time")).toBeFocused();
  await page.keyboard.type(istHm(fill!.tradeTime));
  await page.keyboard.press("Enter");
  // The minute's start, or the recording's first tick when it began in that minute.
  const clock = page.getByTestId("sim-clock");
  await expect(clock).toContainText(new RegExp(`replay clock \\S+ ${istHm(fill!.tradeTime)}:\\d\\d IST`));
  // The jump's dialog closes once the broker has answered (the clock may show the minute before that, from its health): keys go to it till then.
  // A jump re-reads the tape up to the minute: under a loaded CI machine it took over the default 10 s once (clean clone of 019cc38).
  await expect(page.getByTestId("replay-jump-time")).toBeHidden({ timeout: 30_000 });
  const before = await clock.innerText();
  await page.keyboard.press("Alt+Shift+N");
  await expect(clock).not.toHaveText(before);

  await runLine(page, `chart ${SHARE}`, "chart.line");
  const chart = page.locator(`.pane-focused [data-testid="chart"][data-symbol="${SHARE}-EQ"]`);
  await expect(chart.getByRole("list", { name: "Your trades of the day" }).getByRole("listitem")).toHaveText([words], { timeout: 30_000 });
  // The marker itself, drawn on the chart at the trade's bar.
  await expect(chart.getByTestId("chart-canvas")).toHaveAttribute("data-marks", label);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/marker-${theme}-1680x1000.png` });
  }
  await palette(page, "Split pane right");
  // Both panes' charts drawn, the trade marked on each, before the picture: the split lays the panes out anew.
  const both = page.locator(`[data-testid="chart"][data-symbol="${SHARE}-EQ"] [data-testid="chart-canvas"]`);
  await expect(both).toHaveCount(2);
  for (const canvas of await both.all()) await expect(canvas).toHaveAttribute("data-marks", label, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/marker-split-light-1680x1000.png` });
  await setTheme(page, "dark");

  await palette(page, "Leave replay");
  await expect(badge).toBeHidden({ timeout: 180_000 });
  await expect(page.getByTestId("sim-clock")).toContainText("paper broker");
});
