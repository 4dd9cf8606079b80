import { observable } from "@legendapp/state";
import type { DefaultExchange } from "../../core/search/defaultExchange";
import type { Segment } from "../../core/types/exchange";
import type { Pcode } from "../../core/types/orderWindow";
import { KEYS, readString, writeString } from "../storage";
import { readUserItem, userKey } from "../userStorage";
import { toggleSaid, type OnOffSetting } from "../../core/rules/settingToggles";
import { ownedByUser, saveOwn, signedInClient } from "./ownedByUser";
import { sayInStatusLine } from "./statusLine";

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
const themeSaved = (): Theme => (readString(KEYS.theme) === "light" ? "light" : "dark");
export const theme$ = observable<Theme>(themeSaved());
const DEFAULTS: Settings = { stickOw: false, isShowNotifications: true, defaultExchange: "NSE", defaultProduct: {} };
export const settings$ = observable<Settings>({ ...DEFAULTS });
const settingsOf = (client: string | undefined): Settings => ({ ...DEFAULTS, ...(client === undefined ? {} : readUserItem<Partial<Settings>>(client, "settings", {})) });
ownedByUser("settings", () => settings$.peek(), (client) => settings$.set(settingsOf(client)));

/**
 * The settings in force: the signed-in user's as saved, which every window of the browser shares
 * (FINDINGS-26 s6: a window kept acting on its memory after another window turned stickOw off, and
 * its toggle then turned it back "off"). Memory is a copy of them for the screen; a change is made to
 * what is saved, not to this window's copy. Nobody signed in: this window's own, kept nowhere.
 */
function settingsInForce(): Settings {
  const client = signedInClient();
  return client === undefined ? settings$.peek() : settingsOf(client);
}

/** One setting as in force now, whichever window of the browser changed it last. */
export function settingNow<K extends keyof Settings>(key: K): Settings[K] {
  return settingsInForce()[key];
}

export function setTheme(t: Theme): void {
  theme$.set(t);
  writeString(KEYS.theme, t);
}

export function toggleTheme(): void {
  setTheme(themeSaved() === "dark" ? "light" : "dark");
}

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const next = { ...settingsInForce(), [key]: value };
  settings$.set(next);
  saveOwn("settings", next);
}

/** One segment's default product; undefined goes back to "as last used". */
export function setDefaultProduct(segment: Segment, pcode: Pcode | undefined): void {
  const next = { ...settingNow("defaultProduct") };
  if (pcode) next[segment] = pcode;
  else delete next[segment];
  setSetting("defaultProduct", next);
}

/**
 * A setting or the theme saved by another window of this browser takes effect here at once, as
 * the layout does (workspace.ts): the storage event, which the browser raises in every other window
 * of the origin. Read back from storage rather than the event's value, so two windows changing at
 * once both end on what is saved. An on/off setting turned elsewhere is said here too (as another
 * window's pane is, workspace.ts): it changes what this window's next order does.
 * Answers the way to stop.
 */
export function followOtherWindows(target: Pick<EventTarget, "addEventListener" | "removeEventListener">): () => void {
  const heard = (e: Event) => {
    const key = (e as StorageEvent).key;
    const client = signedInClient();
    if (client !== undefined && key === userKey(client, "settings")) {
      const was = settings$.peek();
      const now = settingsOf(client);
      settings$.set(now);
      const turned = (["stickOw", "isShowNotifications"] as const satisfies readonly OnOffSetting[]).filter((k) => was[k] !== now[k]);
      if (turned.length) sayInStatusLine(`Set in another window: ${turned.map((k) => toggleSaid(k, now[k])).join("; ")}`);
    } else if (key === KEYS.theme) theme$.set(themeSaved());
  };
  target.addEventListener("storage", heard);
  return () => target.removeEventListener("storage", heard);
}

if (typeof window !== "undefined") followOtherWindows(window);
