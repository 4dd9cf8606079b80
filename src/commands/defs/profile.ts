import { errorLogText } from "../../core/errorLog";
import { notify } from "../../core/notify";
import { formatDateTime } from "../../core/format";
import { clearErrorLog, errorLog$, noteCopied } from "../../data/stores/errorLog";
import { checkFeedback } from "../../core/rules/feedback";
import { isOk } from "../../data/api/http";
import { sendFeedback } from "../../data/api/profile";
import { EXTERNAL_PAGES } from "../../data/config";
import { submitDialog, type FormOutcome } from "../form";
import { openOverlay } from "../../data/stores/ui";
import { workspace } from "../../data/stores/workspace";
import { command } from "../types";
import { signedIn } from "../when";


/** What the feedback dialog submits: the stars chosen (none yet: undefined) and the comments as typed. */
export interface FeedbackForm {
  rating: number | undefined;
  comments: string;
}

async function sendFeedbackForm(form: FeedbackForm): Promise<FormOutcome> {
  const body = { Rating: form.rating, Comments: form.comments.trim() };
  const verdict = checkFeedback(body);
  if (!verdict.ok) return verdict.message;
  try {
    const answer = await sendFeedback({ Rating: form.rating!, Comments: body.Comments });
    if (!isOk(answer)) return answer.message;
  } catch {
    return "The feedback was not sent: the broker did not answer";
  }
  notify({ kind: "success", text: "Thank you: your feedback was sent" });
  return true;
}

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
    // The feedback dialog's Send: the broker's own rule (core/rules/feedback.ts) first, then the call.
    id: "feedback.send",
    title: "Send the feedback",
    group: "Profile",
    hidden: true,
    when: signedIn,
    run: (_ctx, form: FeedbackForm) => submitDialog("feedback", () => sendFeedbackForm(form)),
  }),
  command({
    id: "errors.log.copy",
    title: "Copy the error log",
    group: "Profile",
    keywords: ["clipboard", "diagnostics"],
    when: () => errorLog$.entries.peek().length > 0,
    run: async () => {
      const entries = errorLog$.entries.peek();
      try {
        await navigator.clipboard.writeText(errorLogText(entries, formatDateTime));
        noteCopied(`${entries.length} ${entries.length === 1 ? "entry" : "entries"} copied`);
      } catch {
        noteCopied("The clipboard refused: select the text below and copy it");
      }
    },
  }),
  command({
    id: "errors.log.clear",
    title: "Clear the error log",
    group: "Profile",
    when: () => errorLog$.entries.peek().length > 0,
    run: () => clearErrorLog(),
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
