import { observable } from "@legendapp/state";
import { ownedByUser, saveOwn } from "../data/stores/ownedByUser";
import { readUserItem } from "../data/userStorage";
import { readHistory, remember } from "./paletteHistory";

/** The signed-in user's palette lines (data/userStorage.ts): theirs at each sign-in, none for anyone else. */
export const paletteHistory$ = observable<string[]>([]);
ownedByUser("paletteHistory", () => paletteHistory$.peek(), (client) => paletteHistory$.set(client === undefined ? [] : readHistory(readUserItem<unknown>(client, "paletteHistory", []))));

export function rememberLine(line: string): void {
  const next = remember(paletteHistory$.peek(), line);
  paletteHistory$.set(next);
  saveOwn("paletteHistory", next);
}
