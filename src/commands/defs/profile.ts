import { EXTERNAL_PAGES } from "../../data/config";
import { openOverlay } from "../../data/stores/ui";
import { workspace } from "../../data/stores/workspace";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";


/** "Reports, Need Help … redirect out of the product": a new tab, with no handle back to Tape. */
function openOutside(url: string): void {
  window.open(url, "_blank", "noopener,noreferrer");
}

/** The profile menu's entries that are not settings or sign-out, the feedback dialog and the error log. */
export const profileCommands = [
  command({
    id: "profile.open",
    title: "Profile",
    group: "Profile",
    keywords: ["account", "bank", "segments", "pan", "nominee", "dp id"],
    when: signedIn,
    run: () => workspace.openView("profile"),
  }),
  command({
    id: "profile.reports",
    title: "Reports (opens outside Tape)",
    group: "Profile",
    keywords: ["statement", "ledger", "contract note", "back office"],
    when: signedIn,
    run: () => openOutside(EXTERNAL_PAGES.reports),
  }),
  command({
    id: "profile.help",
    title: "Need Help (opens outside Tape)",
    group: "Profile",
    keywords: ["support", "help desk", "contact"],
    when: signedIn,
    run: () => openOutside(EXTERNAL_PAGES.help),
  }),
  command({
    id: "feedback",
    title: "Send feedback",
    group: "Profile",
    keywords: ["rating", "comments", "review"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "feedback" });
    },
  }),
  command({
    id: "errors.log",
    title: "Error log",
    group: "Profile",
    keywords: ["errors", "network", "socket", "diagnostics", "log"],
    run: () => {
      openOverlay({ kind: "errorLog" });
    },
  }),
];
