import type { Toast } from "../notify";
import type { SavedOrderNote } from "./sync";

/**
 * What a watchlist toast says (access-and-surroundings section 8, "Market watch messages": deleted,
 * scrip added, sorted, ...; their exact text is not shown). The broker's ECMW message names no scrip
 * and no list ("Scrip added successfully"), and five scrips added read as one toast said five times
 * ("… ×5"). So a toast names the scrip and the list it touched, in the spec's words for what happened:
 *
 *   add:    "{scrip} added to {list}"              refused: "{scrip} not added to {list}: {message}"
 *   delete: "{scrip} deleted from {list}"          refused: "{scrip} not deleted from {list}: {message}"
 *   sort:   "{list} sorted: its order is saved"    refused: "{list} not sorted: {message}"
 *           (the list changed in another browser:  "…; {scrip}, added elsewhere, is row {n}; {scrip} was deleted elsewhere")
 *   rename: "{list} renamed to {new name}"         refused: "{list} not renamed to {name}: {message}"
 *   load:                                          refused: "Watchlists not loaded: {message}"
 *
 * "Failed watchlist operations show the server message": the refusal keeps it whole after the colon.
 * Success is a success toast, a refusal a danger toast.
 */
export type WatchlistEdit =
  | { kind: "add" | "delete"; scrip: string; list: string }
  | { kind: "sort"; list: string; note?: SavedOrderNote }
  | { kind: "rename"; list: string; to: string }
  | { kind: "load" };

function done(e: WatchlistEdit): string {
  switch (e.kind) {
    case "add":
      return `${e.scrip} added to ${e.list}`;
    case "delete":
      return `${e.scrip} deleted from ${e.list}`;
    case "sort":
      return `${e.list} sorted: its order is saved${noted(e.note)}`;
    case "rename":
      return `${e.list} renamed to ${e.to}`;
    case "load":
      return "Watchlists loaded";
  }
}

/** A saved order's word on scrips changed elsewhere (core/watchlist/sync.ts): where the broker keeps each one the trader never saw. */
function noted(n: SavedOrderNote | undefined): string {
  if (!n) return "";
  return [...n.added.map((a) => `; ${a.scrip}, added elsewhere, is row ${a.row}`), ...n.deleted.map((d) => `; ${d} was deleted elsewhere`)].join("");
}

function notDone(e: WatchlistEdit): string {
  switch (e.kind) {
    case "add":
      return `${e.scrip} not added to ${e.list}`;
    case "delete":
      return `${e.scrip} not deleted from ${e.list}`;
    case "sort":
      return `${e.list} not sorted`;
    case "rename":
      return `${e.list} not renamed to ${e.to}`;
    case "load":
      return "Watchlists not loaded";
  }
}

/** The toast of a watchlist edit the broker answered: done, or refused with its message. */
export function watchlistToast(edit: WatchlistEdit, answer: { ok: boolean; message: string }): Toast {
  if (answer.ok) return { kind: "success", text: done(edit) };
  return { kind: "danger", text: answer.message ? `${notDone(edit)}: ${answer.message}` : notDone(edit) };
}
