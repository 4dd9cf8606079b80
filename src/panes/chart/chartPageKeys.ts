import { CHART_KEYS } from "../../core/charts/chartKeys";
import type { ChartKeyAction } from "../../core/charts/crosshair";
import { keyOfEvent, normalizeKey } from "../../commands/keyNames";

/**
 * The chart keys on a page that has no command registry (the charts host's full chart page,
 * /charts/tradingview): the same table as the app's chart commands (core/charts/chartKeys.ts),
 * their declared keys read by the keymap's own rules, so `+` is the character from any key.
 * Answers the removal of the listener.
 */
export function bindChartPageKeys(target: Window, act: (action: ChartKeyAction) => void): () => void {
  const byKey = new Map<string, ChartKeyAction>(CHART_KEYS.flatMap((k) => k.keys.map((key) => [normalizeKey(key), k.action] as const)));
  const onKey = (e: KeyboardEvent) => {
    // Typing in a field or a dialog keeps its keys.
    if (e.target instanceof Element && e.target.closest("input, textarea, select, [contenteditable], [role=dialog]")) return;
    const key = keyOfEvent(e);
    const action = key === undefined ? undefined : byKey.get(key);
    if (!action) return;
    e.preventDefault();
    act(action);
  };
  target.addEventListener("keydown", onKey);
  return () => target.removeEventListener("keydown", onKey);
}
