/**
 * Moves the focus out of `inside` (a pane, or any region), as Tab would from its last stop: to the
 * first focusable element after it in the page's order (`forward`), or the last one before it.
 * For a key a region handled itself until its own stops ran out (the chart's order lines, issue
 * 34): the key then goes on as it would anywhere, wrapping round the page as the browser's does.
 * Answers whether something took the focus.
 */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex], [contenteditable="true"]';

export function focusBeyond(inside: Element, direction: "forward" | "backward"): boolean {
  const stops = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !inside.contains(el) && el.getClientRects().length > 0 && !el.closest("[inert]"));
  const after = (el: Element) => (inside.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const ahead = stops.filter(after);
  const behind = stops.filter((el) => !after(el));
  // Wrapping: past the page's last stop, its first (and before the first, the last).
  const next = direction === "forward" ? (ahead[0] ?? behind[0]) : (behind[behind.length - 1] ?? ahead[ahead.length - 1]);
  if (!next) return false;
  next.focus();
  return document.activeElement === next;
}
