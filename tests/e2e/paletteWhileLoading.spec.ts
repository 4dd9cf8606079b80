import { expect, ownBroker, signIn, test } from "./fixtures";

/**
 * Ctrl+K pressed while the app loads opens the palette once the app is up. The project CI of
 * 19ea3ab found no palette after a reload and Ctrl+K (cursorInView.spec): the app's keys are bound
 * by <Hotkeys/>'s effect, which runs after React's first commit, and a key pressed between the
 * page's script running and that effect reached no listener (on a CPU slowed 6 times the gap was
 * 0.3 to 0.7 s after the page's load event, and Ctrl+K fell in it 4 times in 5). Nothing closed a
 * palette once opened: pressed after the binding, it opened once the dialogs' chunk came and stayed.
 * A broker of this file's own, with no ticks.
 */
const broker = ownBroker({ TICK_HZ: "0" });

test("a Ctrl+K that comes before the app's keys are bound opens the palette once they are", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // At DOMContentLoaded the page's script has run and React has not yet drawn the shell (its first
  // commit is a task later), so no key is bound: the press comes then, every time. A page's own
  // event, since a key Playwright sends may come before or after the binding.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { pressedBeforeShell: boolean }).pressedBeforeShell = document.querySelector(".app-loading, .workspace") === null;
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "k", code: "KeyK", ctrlKey: true, bubbles: true, cancelable: true }));
    });
  });
  await page.reload();
  await expect(page.locator("[cmdk-input]"), "the palette opened by the Ctrl+K pressed while loading").toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { pressedBeforeShell: boolean }).pressedBeforeShell), "pressed before the shell was drawn").toBe(true);
  // It stays open once the workspace is up (nothing after the load closes it), and takes what is typed.
  await expect(page.getByTestId("sim-clock")).toBeVisible();
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("Layout: Trading");
  await expect(page.locator("[cmdk-input]")).toHaveValue("Layout: Trading");
});

test("Ctrl+K pressed right after a reload on a CPU slowed 6 times opens the palette, three reloads out of three", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  try {
    for (let i = 0; i < 3; i += 1) {
      // As soon as the page's script has run: before the keys' binding about half the time (1 in 2 on this machine).
      await page.reload({ waitUntil: "domcontentloaded" });
      await page.keyboard.press("Control+k");
      const input = page.locator("[cmdk-input]");
      await expect(input, `reload ${i + 1}: the palette opened by the Ctrl+K pressed while loading`).toBeFocused();
      // It stays open once the workspace is up (nothing after the load closes it).
      await expect(page.getByTestId("sim-clock")).toBeVisible();
      await expect(input).toBeFocused();
    }
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
});
