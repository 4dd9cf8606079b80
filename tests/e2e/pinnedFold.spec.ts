import { api, expect, ownBroker, shareOf, signIn, test, token } from "./fixtures";

/**
 * The header with more pins than it has room for: a fourth pin at 1680 px pushed the user menu past the
 * screen's edge (seen in a replay's screenshots). The pins give way first: each is shown whole or not at
 * all, and "+N" names the ones not shown. Its own broker: the pins are nobody else's.
 * Screenshots: /tmp/shots/pinned-fold-*.png (looked at by hand).
 */
const own = ownBroker();

test("more pins than the header holds: the user menu stays on screen, no pin is cut, +N names the ones not shown", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  const t = await token(page);
  for (const [i, name] of ["HDFCBANK", "ITC", "SBIN"].entries()) {
    const share = await shareOf(page, own.url, name);
    expect((await api(page.request, own.url, t, "/core/startbar/add", { exchange: "NSEEQ", token: share.token, position: 3 + i })).status).toBe("Ok");
  }
  // The header reads its pins when the app loads.
  await page.reload();
  for (const width of [1680, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    // Six pins, the most the broker takes (the three indices and three shares), want about 1,300 px: more than either width leaves them.
    await expect(page.locator(".pinned-item")).toHaveCount(6);
    const more = page.getByTestId("pinned-more");
    await expect(more).toBeVisible();
    // What the screen shows, read from the layout alone: a pin shown lies whole inside the strip; the others are below its line.
    const read = async () =>
      page.evaluate(() => {
        const strip = document.querySelector(".pinned-strip")!.getBoundingClientRect();
        const pins = [...document.querySelectorAll<HTMLElement>(".pinned-item")].map((p) => ({ name: p.dataset.symbol!, r: p.getBoundingClientRect() }));
        const user = document.querySelector(".app-header")!.lastElementChild!.getBoundingClientRect();
        return {
          shown: pins.filter((p) => p.r.top < strip.bottom && p.r.bottom > strip.top).map((p) => ({ name: p.name, whole: p.r.left >= strip.left - 0.5 && p.r.right <= strip.right + 0.5 })),
          hidden: pins.filter((p) => p.r.top >= strip.bottom).map((p) => p.name),
          userRight: user.right,
          viewport: window.innerWidth,
        };
      });
    await expect.poll(async () => (await read()).hidden.length, { message: `pins folded at ${width}` }).toBeGreaterThan(0);
    const seen = await read();
    expect(seen.userRight).toBeLessThanOrEqual(seen.viewport);
    expect(seen.shown.length).toBeGreaterThan(0);
    expect(seen.shown.every((p) => p.whole), JSON.stringify(seen.shown)).toBe(true);
    expect(seen.shown.length + seen.hidden.length).toBe(6);
    await expect(more).toHaveText(`+${seen.hidden.length}`);
    await expect(more).toHaveAttribute("title", `No room in the header for ${seen.hidden.join(", ")}`);
    await page.screenshot({ path: `/tmp/shots/pinned-fold-${width}.png`, clip: { x: 0, y: 0, width, height: 60 } });
  }
});
