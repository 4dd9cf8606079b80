import { chromium, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import config from "../../playwright.config";
import { startBrokerProcess } from "../support/brokerProcess";
import type { DevSession } from "./browserFps";
import { fmt, report } from "./util";

/**
 * Initial JavaScript of the login page: every script and module preload that dist/index.html
 * names, gzipped at level 9 as a server would send it. Reads the last `npm run build`; says so
 * when there is none rather than building (a build takes a core for a minute).
 *
 * Then the workspace's first pane, beyond the login page: the broker serves that build, and
 * headless Chromium's network log says which scripts the login page loads (signed out, until its
 * first stage shows) and which a signed-in start loads until the first pane of the workspace has
 * painted; the scripts of the second list not in the first are summed, gzipped the same way. What
 * the rest of the layout's panes load after that is printed too.
 */
export async function run(): Promise<void> {
  const dist = path.resolve("dist");
  const html = path.join(dist, "index.html");
  if (!fs.existsSync(html)) {
    console.log("no dist/index.html: run `npm run build` first");
    return;
  }
  const text = fs.readFileSync(html, "utf8");
  const srcs = [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const bytes = fs.readFileSync(path.join(dist, src.replace(/^\//, "")));
    raw += bytes.length;
    gz += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  console.log(`initial JavaScript of the login page: ${srcs.length} files, ${fmt(raw / 1024, 0)} KB, ${fmt(gz / 1024, 0)} KB gzipped`);
  report("initialJs", { figure: `${fmt(gz / 1024, 0)} KB gzipped (${srcs.length} files, last build)`, meets: gz <= 250 * 1024 });
  await firstPaneJs(dist);
}

const gzipped = (dist: string, pathname: string): number => zlib.gzipSync(fs.readFileSync(path.join(dist, pathname.replace(/^\//, ""))), { level: 9 }).length;

/** The paths of the built scripts `page` requests from now on, as a live set (a blob: worker is made of one of them). */
function scriptsRequested(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && (r.resourceType() === "script" || url.pathname.endsWith(".js"))) seen.add(url.pathname);
  });
  return seen;
}

async function firstPaneJs(dist: string): Promise<void> {
  const broker = await startBrokerProcess({ STATIC_DIR: dist });
  // Inside the try: a browser that fails to start (no Chromium) must not leave the broker running.
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
    const signedOut = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
    const loginPage = await signedOut.newPage();
    const login = scriptsRequested(loginPage);
    await loginPage.goto("/");
    await loginPage.locator("[data-stage]").first().waitFor();

    const session = (await (await signedOut.request.post("/dev/session", { data: { userId: "DEMO1" } })).json()) as { result: DevSession[] };
    const signedIn = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
    // The session is in local storage before the app's first line runs, as after a sign-in.
    await signedIn.addInitScript((s) => {
      localStorage.setItem("clientCode", s.clientCode);
      localStorage.setItem("accessToken", s.accessToken);
      localStorage.setItem("clientName", s.clientName);
    }, session.result[0]!);
    const page = await signedIn.newPage();
    const loaded = scriptsRequested(page);
    await page.goto("/home");
    // The first pane's view has rendered into its body, and a frame has been painted since.
    await page.locator(".workspace .pane .pane-body > *").first().waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    const firstPane = [...loaded].filter((p) => !login.has(p));
    await page.waitForTimeout(3_000);
    const rest = [...loaded].filter((p) => !login.has(p) && !firstPane.includes(p));

    const sum = (paths: string[]) => paths.reduce((a, p) => a + gzipped(dist, p), 0);
    const first = sum(firstPane);
    console.log(
      `the workspace's first pane beyond the login page (${login.size} scripts): ${firstPane.length} more scripts, ${fmt(first / 1024, 0)} KB gzipped ` +
        `(${firstPane.map((p) => `${path.basename(p)} ${fmt(gzipped(dist, p) / 1024, 0)} KB`).join(", ")}); the rest of the layout's panes then load ${rest.length} more, ${fmt(sum(rest) / 1024, 0)} KB gzipped`,
    );
    report("firstPaneJs", { figure: `${fmt(first / 1024, 0)} KB gzipped beyond the login page (${firstPane.length} files, last build)`, meets: first <= 150 * 1024 });
  } finally {
    await browser?.close();
    await broker.stop();
  }
}
