import type { Page } from "@playwright/test";

/**
 * Every text a toast shows, as it shows it: react-hot-toast keeps one element per toast id (kind and
 * text), so a second notify of the same text changes that element's text in place ("… ×2") and adds
 * no element. Recording only added elements missed exactly that (the modify's "×2"): the text of
 * every toast is read again on each change under the page, and kept when it is new for that element.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const last = new WeakMap<Element, string>();
    (window as unknown as { toastsShown: string[] }).toastsShown = seen;
    const read = () => {
      for (const el of document.querySelectorAll(".toasts [role='status']")) {
        const text = el.textContent ?? "";
        if (last.get(el) === text) continue;
        last.set(el, text);
        seen.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** What recordToasts recorded so far, in order. */
export const toastsShown = (page: Page) => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
