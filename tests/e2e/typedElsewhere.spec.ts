import type { Page } from "@playwright/test";
import { contractOf, expect, ownBroker, runLine, setTheme, signIn, test } from "./fixtures";
import { chainLine, chainPanes } from "./chainFit";

/**
 * Two places that read an instrument as the rest of the app does. `gtt buy GOLD…FUT` finds the
 * contract where it is listed (MCXCOMM, as the order window and `chart` find it) and then asks GTT
 * of that exchange: "GTT is unavailable on ... MCXCOMM" and "a GTT type falls back to Regular for
 * commodity segments" (trading-core.md), so the order window opens on the MCX contract. And
 * `chain USDINR BSE`'s OI build-up reads BSECURR's history, the options the chain shows.
 * A broker of this file's own; screenshots 1680x1000 dark and light under /tmp/shots/typed/.
 */
// TICK_HZ=0: nothing moves while the test reads the chain against the broker.
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots/typed";

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
}

test("gtt buy GOLD…FUT with no exchange: found on MCXCOMM, where GTT falls back to a Regular order on that contract", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const gold = await contractOf(page, broker.url, { searchText: "GOLD", exchange: "MCXCOMM", pick: (h) => h.insType === "FUTCOM" && /^GOLD\d/.test(h.tradingSymbol) });
  const at = Math.round(gold.ltp);
  await runLine(page, `gtt buy ${gold.tradingSymbol} 1 trigger ${at} @ ${at}`, "gtt.line");
  await expect(page.getByText("GTT is not available on MCXCOMM: opening a Regular order", { exact: true })).toBeVisible();
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow.locator(".ow-symbol")).toHaveText(gold.tradingSymbol);
  await expect(ow.locator(".ow-head .muted").first()).toHaveText("MCXCOMM");
  // Where it was found, as the order window's own lookup says it (core/search/typedSymbol.ts pickContractAcross).
  await expect(ow.getByTestId("ow-resolved")).toContainText(`Found on MCXCOMM (also on BSECOMM: type BSECOMM:${gold.tradingSymbol} for it)`);
  // Not the GTT form on NSEFO's nothing.
  await expect(page.getByText(`No instrument "${gold.tradingSymbol}" on NSEFO`)).toHaveCount(0);
  await shots(page, "gtt-bare-gold");
});

test("chain USDINR BSE: the OI build-up column reads BSECURR's history, the options the chain shows", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/optionchain", broker.url);
  await chainLine(page, "chain USDINR BSE");
  const pane = chainPanes(page).first();
  await expect(pane.getByTestId("chain-exchange")).toHaveText("BSECURR");
  const chain = pane.getByTestId("optionchain");
  await expect(chain.locator("tr[data-strike]").first()).toBeVisible();
  await chain.getByTestId("chain-scroll").focus();
  // The build-up's answers as the page gets them (asked again every 15 s while shown): the cells are read against the latest.
  type Row = { exchange: string; strike: number; optionType: string; windows: Array<{ minutes: number; buildUp: string }> };
  let latest: Row[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/core/v2/oi-history")) void r.json().then((b: { result: Row[] }) => (latest = b.result), () => undefined);
  });
  // u: build-up over 5 minutes; Alt+m: the chain maximised, so the column is shown, not folded.
  const asked = page.waitForResponse((r) => r.url().includes("/core/v2/oi-history"));
  await page.keyboard.press("u");
  const answer = await asked;
  // The history asked is the chain's own exchange's: NSECURR's and BSECURR's USDINR options carry the same tokens, and quote apart.
  expect(new URL(answer.url()).searchParams.get("exchange")).toBe("BSECURR");
  expect(new Set(((await answer.json()) as { result: Row[] }).result.map((r) => r.exchange))).toEqual(new Set(["BSECURR"]));
  await page.keyboard.press("Alt+m");
  await expect(pane.getByTestId("chain-build-up")).toContainText("Build-up 5m");
  const read = chain.locator('td[data-field="buildUp"][data-build-up]');
  await expect(read.first()).toHaveText(/^(LB|SB|SC|LU|Flat) [+-]?[\d,]+(\.\d\dK|\.\d\dL)?$/);
  // Each cell's reading is its strike and side's 5-minute window in that answer.
  const mismatches = async () => {
    const expected = new Map(latest.map((r) => [`${r.strike}|${r.optionType}`, r.windows.find((w) => w.minutes === 5)!.buildUp]));
    const shown = await read.evaluateAll((cells) => cells.map((c) => [c.closest("tr")!.getAttribute("data-strike"), c.getAttribute("data-side"), c.getAttribute("data-build-up")] as const));
    return shown.length === 0 ? ["none shown"] : shown.filter(([strike, side, b]) => expected.get(`${Number(strike)}|${side}`) !== b).map((x) => x.join(" "));
  };
  await expect.poll(mismatches).toEqual([]);
  await shots(page, "chain-usdinr-bse-build-up");
});
