import { observable } from "@legendapp/state";
import { KEYS, readJson, readString, writeJson, writeString } from "../storage";

export type Theme = "dark" | "light";

/** Settings of access-and-surroundings section 3: theme, stickOw, isShowNotifications. */
export interface Settings {
  stickOw: boolean;
  isShowNotifications: boolean;
}

// Dark by default: a terminal on a trading desk is read for hours, often in a dim room.
export const theme$ = observable<Theme>(readString(KEYS.theme) === "light" ? "light" : "dark");
export const settings$ = observable<Settings>({ stickOw: false, isShowNotifications: true, ...readJson<Partial<Settings>>(KEYS.settings, {}) });

export function setTheme(t: Theme): void {
  theme$.set(t);
  writeString(KEYS.theme, t);
}

export function toggleTheme(): void {
  setTheme(theme$.peek() === "dark" ? "light" : "dark");
}

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  settings$[key].set(value as never);
  writeJson(KEYS.settings, settings$.peek());
}
