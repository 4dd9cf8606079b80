import { useSelector } from "@legendapp/state/react";
import { Command as Cmdk } from "cmdk";
import { useEffect, useMemo, useState } from "react";
import { loadRecentlyViewed, recent$ } from "../data/stores/recentlyViewed";
import { markKeyStart } from "../data/stores/latency";
import { sayInStatusLine } from "../data/stores/statusLine";
import { closeOverlay } from "../data/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { formatKey } from "./keymap";
import { keysOf } from "./keymapStore";
import { parseCommandLine } from "./lineParsers";
import { step } from "./paletteHistory";
import { paletteHistory$, rememberLine } from "./paletteHistoryStore";
import { paletteEntries } from "./paletteRank";
import { runCall, runCommand, runListed } from "./run";
import type { AnyCommand } from "./types";
import { genericWhyNot } from "./whyNot";

/**
 * The command palette (Ctrl+K): every available command with its keys, ranked as you type
 * (match.ts, not cmdk's filter), run on Enter. Grouped while the input is empty, a flat
 * ranked list once the user types. The instruments recently viewed come first, as a group of
 * their own (those matching the text once the user types); Enter chooses one, like search.
 * ↑ on the empty line recalls the lines run before (paletteHistory.ts).
 */
const RECENT_IN_PALETTE = 8;

export function Palette({ initial, kept }: { initial: string; kept?: string }) {
  const [search, setSearch] = useState(initial);
  const ctx = useMemo(() => currentContext(), []);
  // One pass over the registry: each command's `when` and `whyNot` asked once as the palette opens.
  // Typed text that matches no command available here may name one that exists but cannot run
  // here: it is listed, greyed, with why ("No command matches" read as if it did not exist).
  const [commands, unavailable] = useMemo(() => {
    const listed = registry.all().filter((c) => !c.hidden);
    const can = listed.map((c) => registry.isAvailable(c, ctx));
    return [listed.filter((_, i) => can[i]), listed.filter((_, i) => !can[i])];
  }, [ctx]);
  // Typed text: runnable commands, strong matches that cannot run here (with why) and a line hint, ranked together (paletteRank.ts).
  const entries = useMemo(() => paletteEntries(commands, unavailable, search, (c) => c.whyNot?.(ctx)), [commands, unavailable, search, ctx]);
  const groups = useMemo(() => {
    const m = new Map<string, AnyCommand[]>();
    for (const c of commands) m.set(c.group, [...(m.get(c.group) ?? []), c]);
    return [...m.entries()];
  }, [commands]);

  // Where ↑/↓ stand in the history: undefined while the line is the user's own typing.
  const [recalled, setRecalled] = useState<number | undefined>();
  // The first keystroke of a command line starts its order's latency (issue 19).
  const onType = (next: string) => {
    if (search === "" && next !== "") markKeyStart();
    setRecalled(undefined);
    setSearch(next);
  };
  // The palette closes first: what the command opens takes the keyboard. A typed line is remembered for ↑.
  const choose = (run: () => Promise<boolean>) => {
    rememberLine(search);
    closeOverlay("palette");
    void run();
  };
  const whyBlocked = (c: AnyCommand) => registry.whyNot(c, ctx) ?? genericWhyNot(c, ctx);
  // A command that cannot run here, chosen: nothing runs; the palette closes and the status line
  // says why, where a key that cannot run says it, so the trader reads what to focus.
  const refuse = (why: string) => {
    closeOverlay("palette");
    sayInStatusLine(why, "warn");
  };
  /**
   * ↑ on an empty line, or on a line ↑ brought back, recalls the one before, as a shell does; ↓
   * goes back towards the newest and then the empty line. Once the line is typed on, ↑/↓ move
   * through the list again (where the choices are, while typing).
   */
  const recall = (e: React.KeyboardEvent, dir: "older" | "newer") => {
    const history = paletteHistory$.peek();
    if (history.length === 0 || (recalled === undefined && (search !== "" || dir === "newer"))) return;
    e.preventDefault();
    e.stopPropagation();
    if (recalled === undefined) markKeyStart();
    const next = step(history, recalled ?? history.length, dir);
    setRecalled(next.at === history.length ? undefined : next.at);
    setSearch(next.line);
  };
  // The palette is also a command line: text a registered parser claims ("buy INFY 10 @ 1500",
  // "gtt buy INFY 10 trigger 1400") is read back as the first item, or the error naming the
  // wrong word; Enter runs the parser's command with the parsed arguments.
  const line = parseCommandLine(search);
  const lineMode = line !== undefined;
  useEffect(() => void loadRecentlyViewed(), []);
  const recentAll = useSelector(() => recent$.scrips.get());
  const typed = search.trim().toUpperCase();
  const recent = lineMode ? [] : recentAll.filter((r) => !typed || r.tradingSymbol.toUpperCase().includes(typed) || r.symbol.toUpperCase().includes(typed)).slice(0, RECENT_IN_PALETTE);

  // Before typing the recent instruments lead; once typing, the commands do, so Enter still runs the best command.
  const recentGroup = recent.length > 0 && (
    <Cmdk.Group heading="Recently viewed">
      {recent.map((r) => (
        <Cmdk.Item
          key={`${r.exchange}:${r.token}`}
          value={`recent ${r.exchange}:${r.token}`}
          data-command="instrument.choose"
          data-symbol={r.tradingSymbol}
          onSelect={() => choose(() => runCommand("instrument.choose", { exchange: r.exchange, token: r.token, tradingSymbol: r.tradingSymbol }))}
        >
          <span className="palette-title">{r.tradingSymbol}</span>
          <span className="palette-keys muted">{r.exchange}</span>
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );

  return (
    // cmdk's own parts inside our overlay rather than its Radix dialog: one modal mechanism for
    // every overlay, so focus moves predictably from the palette to what a command opens next.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop closes the palette; the keyboard closes it with Esc
    <div className="palette-overlay" onMouseDown={(e) => e.target === e.currentTarget && closeOverlay("palette")}>
    <Cmdk
      label="Command palette"
      className="palette"
      role="dialog"
      aria-modal="true"
      aria-label="Command palette"
      shouldFilter={false}
      loop
      onKeyDown={(e) => {
        // The palette's Enter runs its choice and nothing else: React flushes the palette's closing
        // before the key reaches the app's hotkeys, which would run the new page's Enter command too.
        if (e.key === "Enter") e.stopPropagation();
        if (e.key === "ArrowUp" && !e.altKey && !e.ctrlKey) recall(e, "older");
        if (e.key === "ArrowDown" && !e.altKey && !e.ctrlKey) recall(e, "newer");
        if (e.key === "Escape") {
          // Its Esc closes the palette only: an edited order window it was opened over comes back (commands/orderWindow.ts underPalette), not closed by the same key.
          e.preventDefault();
          e.stopPropagation();
          closeOverlay("palette");
        }
      }}
    >
      <Cmdk.Input value={search} onValueChange={onType} placeholder="Type a command…" autoFocus />
      {kept && search === initial && (
        <div className="palette-kept" role="alert" data-testid="palette-kept">
          {kept}
        </div>
      )}
      <Cmdk.List>
        {!lineMode && !entries.some((e) => e.kind === "blocked") && <Cmdk.Empty>No command matches “{search}”.</Cmdk.Empty>}
        {!typed && recentGroup}
        {line && (
          <Cmdk.Group heading={line.heading}>
            {line.ok ? (
              <Cmdk.Item value={`${line.parser} ${search}`} data-command={line.commandId} onSelect={() => choose(() => runCall(line))}>
                <span className="palette-title">{line.title}</span>
                <span className="palette-keys">
                  <kbd>Enter</kbd>
                </span>
              </Cmdk.Item>
            ) : (
              <Cmdk.Item value={`${line.parser}-error ${search}`} disabled data-command={`${line.parser}.line.error`}>
                <span className="palette-title palette-error" role="alert">
                  {line.message}
                </span>
              </Cmdk.Item>
            )}
          </Cmdk.Group>
        )}
        {lineMode
          ? null
          : search.trim()
            ? entries.map((e) =>
                e.kind === "command" ? (
                  <Item key={e.command.id} command={e.command} onSelect={() => choose(() => runListed(e.command))} />
                ) : e.kind === "blocked" ? (
                  // Selectable, so Enter on the verb's own command (ranked first) picks it rather than
                  // skipping to the next runnable one: it runs nothing and the status line says why, as its key would.
                  <Cmdk.Item key={e.command.id} value={`blocked ${e.command.id}`} onSelect={() => refuse(whyBlocked(e.command))} data-command={e.command.id} data-blocked="">
                    <span className="palette-title muted">{e.command.title}</span>
                    <span className="palette-why muted">{whyBlocked(e.command)}</span>
                  </Cmdk.Item>
                ) : (
                  // Enter puts the verb on the line: the trader goes on typing the rest.
                  <Cmdk.Item key="line-hint" value={`hint ${e.verb}`} data-command="palette.lineHint" onSelect={() => setSearch(`${e.verb} `)}>
                    <span className="palette-title">
                      Type a line: <kbd>{e.example}</kbd>
                    </span>
                  </Cmdk.Item>
                ),
              )
            : groups.map(([group, cmds]) => (
                <Cmdk.Group key={group} heading={group}>
                  {cmds.map((c) => (
                    <Item key={c.id} command={c} onSelect={() => choose(() => runListed(c))} />
                  ))}
                </Cmdk.Group>
              ))}
        {typed && recentGroup}
      </Cmdk.List>
    </Cmdk>
    </div>
  );
}

function Item({ command: c, onSelect }: { command: AnyCommand; onSelect: () => void }) {
  return (
    <Cmdk.Item value={c.id} onSelect={onSelect} data-command={c.id}>
      <span className="palette-title">{c.title}</span>
      <span className="palette-keys">
        {keysOf(c.id).map((k) => (
          <kbd key={k}>{formatKey(k)}</kbd>
        ))}
      </span>
    </Cmdk.Item>
  );
}
