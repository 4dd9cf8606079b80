import { observable } from "@legendapp/state";
import type { DefaultExchange } from "../../core/search/defaultExchange";
import type { Segment } from "../../core/types/exchange";
import type { Pcode } from "../../core/types/orderWindow";
import { KEYS, readString, writeString } from "../storage";
import { readUserItem } from "../userStorage";
import { ownedByUser, saveOwn } from "./ownedByUser";

export type Theme = "dark" | "light";

/**
 * Settings of access-and-surroundings section 3: theme, stickOw, isShowNotifications; and the
 * Markets tab's defaults (issue 17): the exchange search puts first, and the product a new
 * order opens on per segment (none: the product last used there). The theme is the device's; the
 * settings are the signed-in user's own, kept per client code (data/userStorage.ts says why).
 */
export interface Settings {
  stickOw: boolean;
  isShowNotifications: boolean;
  defaultExchange: DefaultExchange;
  defaultProduct: Partial<Record<Segment, Pcode>>;
}

// Dark by default: a terminal on a trading desk is read for hours, often in a dim room.
export const theme$ = observable<Theme>(readString(KEYS.theme) === "light" ? "light" : "dark");
const DEFAULTS: Settings = { stickOw: false, isShowNotifications: true, defaultExchange: "NSE", defaultProduct: {} };
export const settings$ = observable<Settings>({ ...DEFAULTS });
ownedByUser("settings", () => settings$.peek(), (client) => settings$.set({ ...DEFAULTS, ...(client === undefined ? {} : readUserItem<Partial<Settings>>(client, "settings", {})) }));

export function setTheme(t: Theme): void {
  theme$.set(t);
  writeString(KEYS.theme, t);
}

export function toggleTheme(): void {
  setTheme(theme$.peek() === "dark" ? "light" : "dark");
}

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  settings$[key].set(value as never);
  saveOwn("settings", settings$.peek());
}

/** One segment's default product; undefined goes back to "as last used". */
export function setDefaultProduct(segment: Segment, pcode: Pcode | undefined): void {
  const next = { ...settings$.defaultProduct.peek() };
  if (pcode) next[segment] = pcode;
  else delete next[segment];
  setSetting("defaultProduct", next);
}
