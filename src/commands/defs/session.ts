import { signOut } from "../../data/api/signOut";
import { navigate } from "../../data/nav";
import { openOverlay, userMenu$ } from "../../data/stores/ui";
import { command } from "../types";
import { signedIn } from "../when";

export const sessionCommands = [
  command({
    // The header's profile menu (Profile, Reports, Need Help, Settings, Sign out), for the keyboard: the button is reachable with Tab too.
    id: "user.menu",
    title: "Open user menu",
    group: "Session",
    keys: ["alt+u"],
    keywords: ["profile", "account", "user", "menu"],
    when: signedIn,
    run: () => {
      userMenu$.open.set(true);
    },
  }),
  command({
    id: "session.changePassword",
    title: "Change password",
    group: "Session",
    keywords: ["password", "security"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "changePassword" });
    },
  }),
  command({
    id: "session.signOut",
    title: "Sign out",
    group: "Session",
    keywords: ["logout", "log out"],
    when: signedIn,
    // The spec's logout dialog: a confirmation, whose accept runs the command below.
    run: () => {
      openOverlay({ kind: "confirm", title: "Sign out", lines: ["Sign out of Tape on this device?"], confirmLabel: "Sign out", commandId: "session.signOut.confirmed" });
    },
  }),
  command({
    id: "session.signOut.confirmed",
    title: "Sign out now",
    group: "Session",
    hidden: true,
    when: signedIn,
    run: async () => {
      await signOut();
      navigate("/", { replace: true });
    },
  }),
];
