import { expandAlias, isAliasUse, parseAliasDefinition } from "../../core/rules/alias";
import { notify } from "../../core/notify";
import { aliasMap, aliases$, refreshAliases, removeAlias, storeAlias } from "../../data/stores/aliases";
import { closeOverlay, openOverlay } from "../../data/stores/ui";
import { confirmAliasOrders, fireAliasOrders } from "../aliasRun";
import type { AliasLeg } from "../../core/rules/alias";
import { describeDraft, parseOrderCommand, type OrderDraft } from "../grammar/order";
import type { CommandLineParser } from "../lineParsers";
import { command } from "../types";
import { signedIn } from "../when";


/**
 * The palette's alias lines (issue 19): `alias NAME = ...` defines one; a line starting with an
 * alias's name expands it: one order opens the order window, several one combined confirmation.
 */
export const aliasLineParser: CommandLineParser = {
  id: "alias",
  heading: "Alias",
  claims: (input) => {
    if (!aliases$.loaded.peek()) void refreshAliases();
    return /^\s*alias(\s|$)/i.test(input) || isAliasUse(input, aliasMap());
  },
  parse: (input) => {
    const aliases = aliasMap();
    if (/^\s*alias(\s|$)/i.test(input)) {
      const d = parseAliasDefinition(input, aliases);
      return d.ok ? { ok: true, title: `Save alias ${d.value.name} = ${d.value.body}`, commandId: "alias.save", args: d.value } : { ok: false, word: "alias", message: d.reason };
    }
    const name = input.trim().split(/\s+/)[0]!;
    const lines = expandAlias(input, aliases);
    if (!lines.ok) return { ok: false, word: name, message: lines.reason };
    const drafts: OrderDraft[] = [];
    for (const [i, line] of lines.value.entries()) {
      const p = parseOrderCommand(line);
      if (!p.ok) return { ok: false, word: name, message: `Line ${i + 1} (${line}): ${p.message}` };
      drafts.push(p.draft);
    }
    if (drafts.length === 1) return { ok: true, title: `Open order window: ${describeDraft(drafts[0]!)}`, commandId: "order.line", args: { draft: drafts[0]! } };
    return { ok: true, title: `${name}: ${drafts.map(describeDraft).join("; ")}`, commandId: "alias.run", args: { title: `${name}: ${drafts.length} orders`, drafts, lines: lines.value } };
  },
};

/** An alias as saved: from the palette's `alias NAME = ...`, or a row of the aliases table (`replaces`: the name the row had). */
export interface AliasEdit {
  name: string;
  body: string;
  replaces?: string;
}

export const aliasCommands = [
  command({
    id: "alias.list",
    title: "Command aliases: list, edit and delete",
    group: "Settings",
    keywords: ["alias", "macro", "shortcut", "straddle"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "aliases" });
    },
  }),
  command({
    id: "alias.save",
    title: "Save an alias",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: AliasEdit) => {
      const name = a.name.trim().toLowerCase();
      if (!name || !a.body.trim() || !(await storeAlias({ name, body: a.body }))) return;
      // A renamed alias: the new one is saved first, so a refusal loses nothing.
      if (a.replaces !== undefined && a.replaces !== name) await removeAlias(a.replaces);
      notify({ kind: "success", text: `Alias ${name} saved` });
    },
  }),
  command({
    // The Delete of an alias's row in Settings and the aliases dialog.
    id: "alias.delete",
    title: "Delete an alias",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { name: string }) => {
      if (await removeAlias(a.name)) notify({ kind: "neutral", text: `Alias ${a.name} deleted` });
    },
  }),
  command({
    id: "alias.run",
    title: "Run an alias's orders",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { title: string; drafts: OrderDraft[]; lines: string[] }) => {
      if (a.drafts.length) await confirmAliasOrders(a.title, a.drafts, a.lines);
    },
  }),
  command({
    id: "alias.fire",
    title: "Place an alias's confirmed orders",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { legs: AliasLeg[]; runId: string }) => {
      closeOverlay("aliasConfirm");
      if (a.legs.length) await fireAliasOrders(a.legs, a.runId);
    },
  }),
];
