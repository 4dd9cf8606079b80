import { notify } from "../../core/notify";
import { layoutQuestion } from "../../core/workspace/paneWork";
import { openOverlay } from "../../data/stores/ui";
import { parseWorkspaceLine, type WorkspaceLine } from "../../core/workspace/named";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { deleteSavedWorkspace, duplicateWorkspace, nextWorkspaceName, openWorkspace, refreshWorkspaces, renameSavedWorkspace, saveCurrentWorkspace, workspaces$, type ListSource } from "../../data/stores/workspaces";
import type { CommandLineParser } from "../lineParsers";
import { reopenPaneWindows } from "../../data/paneWindows";
import { workspace } from "../../data/stores/workspace";
import { landCursorsAgain } from "../listCursor";
import { command, type CommandContext } from "../types";
import { signedOut } from "../whyNot";

const tiling = (ctx: CommandContext) => signedOut(ctx) ?? (ctx.mobile ? "A phone shows one pane at a time: workspaces are for the tiling" : undefined);

function title(line: WorkspaceLine): string {
  switch (line.kind) {
    case "save":
      return `Save this layout as workspace ${line.name}`;
    case "open":
      return `Open workspace ${line.name}`;
    case "rename":
      return `Rename workspace ${line.name} to ${line.to}`;
    case "delete":
      return `Delete workspace ${line.name}`;
    case "duplicate":
      return `Duplicate workspace ${line.name} as ${line.to}`;
  }
}

/**
 * The palette's workspace lines (issue 32): `workspace save Morning`, `workspace Morning`,
 * `workspace rename Morning to Open`, `workspace delete Morning`, `workspace duplicate Morning as Evening`.
 */
export const workspaceLineParser: CommandLineParser = {
  id: "workspace",
  heading: "Workspace",
  claims: (input) => {
    if (!workspaces$.loaded.peek()) void refreshWorkspaces();
    return /^\s*workspace(\s|$)/i.test(input);
  },
  parse: (input) => {
    const p = parseWorkspaceLine(input);
    return p.ok ? { ok: true, title: title(p.value), commandId: "workspace.line", args: p.value } : { ok: false, word: p.word, message: p.reason };
  },
};

async function run(line: WorkspaceLine, asked?: { source: ListSource }, accepted = false): Promise<void> {
  switch (line.kind) {
    case "save":
      if (await saveCurrentWorkspace(line.name)) notify({ kind: "success", text: `Workspace ${line.name} saved` });
      return;
    case "open": {
      const why = await openWorkspace(line.name, asked, accepted);
      if (typeof why === "string") notify({ kind: "danger", text: why });
      else if (why) {
        // Panes holding work it does not keep: the layout presets' question (core/workspace/paneWork.ts), Enter opens, Esc keeps.
        const q = layoutQuestion(`Workspace ${why.name}`, why.loses);
        if (q) openOverlay({ kind: "confirm", ...q, commandId: "workspace.open.confirmed", args: { name: why.name } });
      } else {
        sayInStatusLine(`Workspace ${workspaces$.current.peek() ?? line.name}`);
        // Its popped-out panes open in their windows again (the browser may ask once to allow pop-ups).
        reopenPaneWindows();
        // Each list's cursor lands on its group's instrument (FINDINGS-25 s9); a pane whose view changed, when its new list is drawn.
        landCursorsAgain(workspace.allPanes());
      }
      return;
    }
    case "rename":
      if (await renameSavedWorkspace(line.name, line.to)) notify({ kind: "neutral", text: `Workspace ${line.name} is now ${line.to}` });
      return;
    case "delete":
      if (await deleteSavedWorkspace(line.name)) notify({ kind: "neutral", text: `Workspace ${line.name} deleted` });
      return;
    case "duplicate": {
      const why = await duplicateWorkspace(line.name, line.to);
      if (why === undefined) notify({ kind: "success", text: `Workspace ${line.name} copied as ${line.to}` });
      else if (why) notify({ kind: "danger", text: why });
    }
  }
}

export const workspaceCommands = [
  command({
    // What a workspace line runs (the palette reads it: workspaceLineParser).
    id: "workspace.line",
    title: "Workspace: save, open, rename, delete or duplicate",
    group: "Layout",
    hidden: true,
    whyNot: tiling,
    run: (_ctx, line: WorkspaceLine) => run(line),
  }),
  command({
    // The question's Enter: the workspace opened, the panes it closes accepted.
    id: "workspace.open.confirmed",
    title: "Open workspace, the panes it closes accepted",
    group: "Layout",
    hidden: true,
    whyNot: tiling,
    run: (_ctx, a: { name: string }) => run({ kind: "open", name: a.name }, undefined, true),
  }),
  command({
    // Period: the next one, as a slide deck's; Alt like every other layout key.
    id: "workspace.next",
    keys: ["alt+period"],
    title: "Next workspace",
    group: "Layout",
    keywords: ["workspace", "layout", "launchpad", "view", "step"],
    whyNot: tiling,
    run: async () => {
      // The broker's names, asked once; the open that follows uses that answer.
      const { name, source } = await nextWorkspaceName();
      if (name === undefined) return sayInStatusLine(`No workspaces saved yet: type workspace save Morning in Ctrl+K${source ? ` (this browser's list: ${source.fromDevice})` : ""}`);
      await run({ kind: "open", name }, { source });
    },
  }),
  command({
    id: "workspace.help",
    title: "Workspaces: save or open by name (workspace save Morning, workspace Morning)",
    group: "Layout",
    keywords: ["workspace", "save layout", "named layout", "launchpad"],
    whyNot: tiling,
    run: async () => {
      await refreshWorkspaces();
      const names = workspaces$.list.peek().map((w) => w.name);
      sayInStatusLine(names.length ? `Workspaces: ${names.join(", ")}. Type workspace NAME in Ctrl+K to open one` : "No workspaces saved yet: type workspace save Morning in Ctrl+K");
    },
  }),
];
