/**
 * The on/off settings of access-and-surroundings section 3 (stickOw, isShowNotifications) by the
 * words a trader reads, never the field's name, and what a toggle says in the status line: the new
 * state and what it means. Run from the palette, a toggle changed nothing on screen (a market order
 * placed with notifications off filled without a word). The theme is left out: it says itself.
 */
export type OnOffSetting = "stickOw" | "isShowNotifications";

/** The spec: "stick order window" (stickOw), "keep the order window open"; it applies after a placement or a modification. */
export const SETTING_LABEL: Record<OnOffSetting, string> = {
  stickOw: "Keep the order window open after placing",
  isShowNotifications: "Order notifications",
};

/** What each state means for the trader, said after it. */
const MEANING: Record<OnOffSetting, { on: string; off: string }> = {
  // trading-core: "After success, the window closes unless stickOw is on."
  stickOw: { on: "Esc closes it", off: "it closes after each order" },
  // Off, updates still reach the book: the Orders pane shows them.
  isShowNotifications: { on: "each order's updates are shown as toasts", off: "orders are shown in the Orders pane only" },
};

/** The status line after a toggle: "Order notifications: off — orders are shown in the Orders pane only". */
export function toggleSaid(setting: OnOffSetting, on: boolean): string {
  return `${SETTING_LABEL[setting]}: ${on ? "on" : "off"} — ${MEANING[setting][on ? "on" : "off"]}`;
}

