import { EXTERNAL_PAGES } from "../../data/config";
import { openOverlay } from "../../data/stores/ui";
import { workspace } from "../../data/stores/workspace";
import type { Command, CommandContext } from "../types";

const signedIn = (ctx: CommandContext) => ctx.clientCode !== undefined;

/** "Reports, Need Help … redirect out of the product": a new tab, with no handle back to Tape. */
function openOutside(url: string): void {
  window.open(url, "_blank", "noopener,noreferrer");
}

/** The profile menu's entries that are not settings or sign-out, the feedback dialog and the error log. */
export const profileCommands: Command[] = [
  {
    id: "profile.open",
    title: "Profile",
    group: "Profile",
    keywords: ["account", "bank", "segments", "pan", "nominee", "dp id"],
    when: signedIn,
    run: () => workspace.openView("profile"),
  },
  {
    id: "profile.reports",
    title: "Reports (opens outside Tape)",
    group: "Profile",
    keywords: ["statement", "ledger", "contract note", "back office"],
    when: signedIn,
    run: () => openOutside(EXTERNAL_PAGES.reports),
  },
  {
    id: "profile.help",
    title: "Need Help (opens outside Tape)",
    group: "Profile",
    keywords: ["support", "help desk", "contact"],
    when: signedIn,
    run: () => openOutside(EXTERNAL_PAGES.help),
  },
  {
    id: "feedback",
    title: "Send feedback",
    group: "Profile",
    keywords: ["rating", "comments", "review"],
    when: signedIn,
    run: () => openOverlay({ kind: "feedback" }),
  },
  {
    id: "errors.log",
    title: "Error log",
    group: "Profile",
    keywords: ["errors", "network", "socket", "diagnostics", "log"],
    run: () => openOverlay({ kind: "errorLog" }),
  },
];
