import { expandAlias, isAliasUse, parseAliasDefinition } from "../../core/rules/alias";
import { notify } from "../../core/notify";
import { aliasMap, aliases$, refreshAliases, storeAlias } from "../../data/stores/aliases";
import { openOverlay } from "../../data/stores/ui";
import { confirmAliasOrders, fireAliasOrders } from "../aliasRun";
import type { AliasLeg } from "../../core/rules/alias";
import { describeDraft, parseOrderCommand, type OrderDraft } from "../grammar/order";
import type { CommandLineParser } from "../lineParsers";
import type { Command, CommandContext } from "../types";

const signedIn = (ctx: CommandContext) => ctx.clientCode !== undefined;

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
    if (drafts.length === 1) return { ok: true, title: `Open order window: ${describeDraft(drafts[0]!)}`, commandId: "order.line", args: { draft: drafts[0] } };
    return { ok: true, title: `${name}: ${drafts.map(describeDraft).join("; ")}`, commandId: "alias.run", args: { title: `${name}: ${drafts.length} orders`, drafts, lines: lines.value } };
  },
};

export const aliasCommands: Command[] = [
  {
    id: "alias.list",
    title: "Command aliases: list, edit and delete",
    group: "Settings",
    keywords: ["alias", "macro", "shortcut", "straddle"],
    when: signedIn,
    run: () => openOverlay({ kind: "aliases" }),
  },
  {
    id: "alias.save",
    title: "Save an alias",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: async (_ctx, args) => {
      const a = args as { name?: string; body?: string } | undefined;
      if (a?.name && a.body && (await storeAlias({ name: a.name, body: a.body }))) notify({ kind: "success", text: `Alias ${a.name} saved` });
    },
  },
  {
    id: "alias.run",
    title: "Run an alias's orders",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: (_ctx, args) => {
      const a = args as { title: string; drafts: OrderDraft[]; lines: string[] } | undefined;
      if (a?.drafts?.length) return confirmAliasOrders(a.title, a.drafts, a.lines);
    },
  },
  {
    id: "alias.fire",
    title: "Place an alias's confirmed orders",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: (_ctx, args) => {
      const a = args as { legs: AliasLeg[]; runId: string } | undefined;
      if (a?.legs?.length) return fireAliasOrders(a.legs, a.runId);
    },
  },
];
