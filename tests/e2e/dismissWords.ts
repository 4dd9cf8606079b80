/**
 * Issue 29: "'Cancel' is not the label of both closing a dialog and cancelling an order." A dialog's
 * dismiss button says what its Esc does there (Close, Back, Not now, No, Abort); "Cancel order",
 * "Cancel GTT", "Cancel alert", "Cancel SIP" name what they cancel. The fixture in fixtures.ts runs
 * `watchDismissWords` in every page of every test's context, so every dialog any test opens is
 * checked, including the ones a test opens on its way somewhere else.
 */

/** The binding the page reports a bare "Cancel" through (fixtures.ts exposes it). */
export const BARE_CANCEL_BINDING = "__tapeBareCancel";

/**
 * Runs in the page (addInitScript: self-contained, no imports). Watches what is added to the
 * document and what text changes, and reports every button inside a dialog (role dialog or
 * alertdialog) whose label, its key hint (<kbd>) aside, is "Cancel" and nothing else.
 */
export function watchDismissWords(binding: string): void {
  const report = (what: string) => (window as unknown as Record<string, (s: string) => void>)[binding]?.(what);
  const labelOf = (b: Element): string =>
    (
      b.getAttribute("aria-label") ??
      [...b.childNodes]
        .filter((n) => !(n instanceof Element && n.tagName === "KBD"))
        .map((n) => n.textContent ?? "")
        .join("")
    ).trim();
  const check = (b: Element) => {
    const dialog = b.closest('[role="dialog"], [role="alertdialog"]');
    if (dialog && /^cancel$/i.test(labelOf(b))) report(`dialog "${dialog.getAttribute("aria-label") ?? "?"}": ${b.outerHTML}`);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const nodes = r.type === "characterData" ? [r.target.parentElement] : [...r.addedNodes];
      for (const n of nodes) {
        if (!(n instanceof Element)) continue;
        const own = n.closest("button");
        if (own) check(own);
        n.querySelectorAll("button").forEach(check);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}
