import { hasList, moveCursor, putCursorOn } from "../listCursor";
import { command, type CommandContext } from "../types";

/** The row cursor of whichever list the focused pane shows (listCursor.ts): one set of keys for every grid. */
const onList = (ctx: CommandContext) => hasList(ctx.focusedPaneId);
const cursorCommand = <const Id extends string>(id: Id, keys: string[], title: string, to: (at: number, count: number) => number) =>
  command({
  id: `list.cursor.${id}` as const,
  keys,
  title,
  group: "Lists",
  hidden: true,
  when: onList,
  // A key the trader pressed: the row's instrument is chosen for the pane's colour group (listCursor.ts PlacedBy).
  run: (ctx) => moveCursor(ctx.focusedPaneId!, to, "trader"),
  });

export const listCommands = [
  cursorCommand("down", ["j", "arrowdown"], "Next row", (at) => at + 1),
  cursorCommand("up", ["k", "arrowup"], "Previous row", (at) => at - 1),
  cursorCommand("first", ["home"], "First row", () => 0),
  cursorCommand("last", ["end"], "Last row", (_at, n) => n - 1),
  command({
    // A row click: the cursor of that row's pane goes onto the row clicked (by its key: the list
    // may have re-sorted since it was drawn) and the row becomes its selection.
    id: "list.cursor.to",
    title: "Put the cursor on a row",
    group: "Lists",
    hidden: true,
    run: (ctx, a: { key: string; paneId?: string }) => {
      const paneId = a.paneId ?? ctx.focusedPaneId;
      if (paneId) putCursorOn(paneId, a.key, undefined, "trader");
    },
  }),
];
