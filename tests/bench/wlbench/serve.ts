import type { Page } from "@playwright/test";
import { ISOLATED, serveBenchPage, type BenchPage, type DevSession } from "../browserFps";
import type { Layout } from "../../../src/core/workspace/tree";
import { benchList } from "./rows";

/**
 * The watchlist bench page in place of the app at each of `appPaths`, and the app's watchlist
 * call answered with `rows` synthetic scrips (the broker caps a list at 50; the page's feeder
 * ticks these tokens).
 */
export async function serveWatchlistBench(page: Page, bench: BenchPage, rows: number, appPaths: string[]): Promise<void> {
  const list = JSON.stringify({ status: "Ok", message: "Success", result: [benchList(rows)] });
  await serveBenchPage(page, bench);
  for (const p of appPaths) await page.route((url) => url.pathname === p, (route) => route.fulfill({ path: `${bench.outDir}/index.html`, headers: ISOLATED }));
  await page.route("**/core/marketWatch/getAllMwScripsDetails", (route) => route.fulfill({ status: 200, contentType: "application/json", body: list }));
}

/** Saves `layout` as the signed-in user's, where the app loads it from on the next page load. */
export async function saveLayout(page: Page, session: DevSession, layout: Layout): Promise<void> {
  await page.evaluate(({ key, layout }) => localStorage.setItem(key, JSON.stringify(layout)), { key: `layout.${session.clientCode}`, layout });
}
