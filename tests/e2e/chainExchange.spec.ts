import { expect, signIn, test } from "./fixtures";
import { chainLine, chainPanes } from "./chainFit";

/**
 * `chain USDINR` opened BSE's currency options (BSECURR) while a trader's USDINR26DECFUT is NSECURR,
 * and nothing in the chain said which exchange (an explorer's finding). The chain now opens NSE's
 * (src/core/rules/chainExchange.ts: NSE first, MCX for commodities), its header names the exchange,
 * and `chain USDINR BSE` asks for BSE's.
 */
test("chain USDINR opens NSE's currency options and says so; chain USDINR BSE opens BSE's", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/optionchain");
  await chainLine(page, "chain USDINR");
  const pane = chainPanes(page).first();
  await expect(pane.getByTestId("optionchain")).toHaveAttribute("data-symbol", "USDINR");
  await expect(pane.getByTestId("chain-exchange")).toHaveText("NSECURR");
  await chainLine(page, "chain USDINR BSE");
  await expect(pane.getByTestId("chain-exchange")).toHaveText("BSECURR");
  await page.screenshot({ path: "/tmp/shots/fundsfx/chain-usdinr-bse.png" });
  // Back to NSE's by asking; and NIFTY's header names NSEFO.
  await chainLine(page, "chain USDINR NSE");
  await expect(pane.getByTestId("chain-exchange")).toHaveText("NSECURR");
  await page.screenshot({ path: "/tmp/shots/fundsfx/chain-usdinr-nse.png" });
  await chainLine(page, "chain NIFTY");
  await expect(pane.getByTestId("optionchain")).toHaveAttribute("data-symbol", "NIFTY");
  await expect(pane.getByTestId("chain-exchange")).toHaveText("NSEFO");
});
