import type { Locator } from "@playwright/test";

/**
 * What is clipped in a pane: each shown element matched by `cells` whose text is wider than its box
 * (scrollWidth), whose shown text runs out of its box, or whose box lies past the pane body's edges.
 * Its text is that of its shown text nodes, not words only a screen reader reads (.sr-only, off
 * screen by design). Each is named "tag[column or field side] "text"", then what is wrong with it.
 * One measure for every fit spec (fitClips, chainBasketsFit).
 */
export function clipped(pane: Locator, cells: string): Promise<string[]> {
  return pane.evaluate((p, selector) => {
    const body = p.querySelector(".pane-body")!.getBoundingClientRect();
    const out: string[] = [];
    for (const el of Array.from(p.querySelectorAll<HTMLElement>(selector))) {
      if (el.offsetParent === null || el.textContent === "") continue;
      const box = el.getBoundingClientRect();
      const text = { left: Infinity, right: -Infinity };
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.parentElement || n.parentElement.closest(".sr-only") || n.parentElement.getClientRects().length === 0 || !n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        text.left = Math.min(text.left, r.left);
        text.right = Math.max(text.right, r.right);
      }
      const name = `${el.tagName.toLowerCase()}[${el.dataset.col ?? el.dataset.field ?? ""}${el.dataset.side ? ` ${el.dataset.side}` : ""}] "${el.textContent}"`;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${name} wider than its cell`);
      else if (text.right > box.right + 1 || text.left < box.left - 1) out.push(`${name} runs out of its cell`);
      if (box.right > body.right + 1 || box.left < body.left - 1) out.push(`${name} past the pane's edge`);
    }
    return out;
  }, cells);
}
