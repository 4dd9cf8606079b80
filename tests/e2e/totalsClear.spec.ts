import type { Locator, Page } from "@playwright/test";
import { expect, palette, signIn, test } from "./fixtures";

/**
 * A positions pane about 90 px tall (the trading preset at 1280×800, its positions pane split down
 * twice): the Total row, stuck to the pane's bottom, rose over the sticky header and the two read
 * over each other. The rule: the header stays on top and the Total at the bottom with the rows
 * scrolling between them; where there is no room for a row between, the Total stays after the
 * last row (it is no longer stuck), so it never covers the header, wherever the pane is scrolled.
 */
test.use({ viewport: { width: 1280, height: 800 } });

interface Box {
  top: number;
  bottom: number;
}

/** The boxes as drawn: the header's first cell (sticky), the Total's first cell (sticky while there is room), the pane's visible body. */
async function boxes(pane: Locator): Promise<{ head: Box; total: Box; view: Box; row: number }> {
  return pane.evaluate((p) => {
    const box = (e: Element | null | undefined): Box => {
      const r = e!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    const body = p.querySelector<HTMLElement>(".pane-body")!;
    const top = body.getBoundingClientRect().top + body.clientTop;
    return {
      head: box(p.querySelector("table thead th")),
      total: box(p.querySelector('[data-testid="positions-totals"] td')),
      view: { top, bottom: top + body.clientHeight },
      row: p.querySelector("table tbody tr")!.getBoundingClientRect().height,
    };
  });
}

async function scrollTo(pane: Locator, y: number): Promise<number> {
  return pane.locator(".pane-body").evaluate((b, to) => {
    b.scrollTop = to;
    return b.scrollTop;
  }, y);
}

/** Two rows' boxes meet when each starts above the other's end (a shared edge is not a meeting). */
const meet = (a: Box, b: Box): boolean => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

async function shortPositionsPane(page: Page): Promise<Locator> {
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Trading");
  const id = await page.locator('.pane[data-view="position"]').getAttribute("data-pane-id");
  // The pane split is the one split again (a split's new pane shows the same view).
  const positions = page.locator(`.pane[data-pane-id="${id}"]`);
  for (let i = 0; i < 2; i += 1) {
    await positions.locator(".pane-title").click();
    await palette(page, "Split pane down");
  }
  await expect(page.locator('.pane[data-view="position"]')).toHaveCount(3);
  await expect(positions.locator('[data-testid="positions-totals"]')).toBeVisible();
  return positions;
}

test("in a positions pane about 90 px tall the Total row never covers the header, wherever the pane is scrolled", async ({ page }) => {
  const pane = await shortPositionsPane(page);
  const height = (await pane.boundingBox())!.height;
  expect(height, "the pane is about 90 px tall").toBeLessThan(110);
  expect(await pane.locator("table tbody tr").count(), "rows enough to scroll").toBeGreaterThanOrEqual(2);

  const max = await pane.locator(".pane-body").evaluate((b) => b.scrollHeight - b.clientHeight);
  expect(max, "the pane scrolls").toBeGreaterThan(0);
  // Every scroll position, a pixel at a time: the Total and the header never overlap.
  const seen: string[] = [];
  let stuck = 0;
  for (let y = 0; y <= max; y += 1) {
    const at = await scrollTo(pane, y);
    // The check runs on the scroll event; the next frame has it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const b = await boxes(pane);
    if (meet(b.head, b.total)) seen.push(`scrolled ${at}: header ${b.head.top.toFixed(1)}-${b.head.bottom.toFixed(1)}, Total ${b.total.top.toFixed(1)}-${b.total.bottom.toFixed(1)}`);
    // Where the header has reached the top and a row's room is left under it, the Total is stuck to the bottom.
    if (b.head.top <= b.view.top + 0.5 && b.view.bottom - b.head.bottom >= b.row + (b.total.bottom - b.total.top)) {
      expect(Math.abs(b.total.bottom - b.view.bottom), `scrolled ${at}: the Total sits at the pane's bottom`).toBeLessThan(1);
      stuck += 1;
    }
  }
  expect(seen).toEqual([]);
  expect(stuck, "somewhere the header is at the top with room for a row, and the Total stuck at the bottom").toBeGreaterThan(0);
});
