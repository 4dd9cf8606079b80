import { signOut } from "../../data/api/signOut";
import { navigate } from "../../data/nav";
import { openOverlay, userMenu$ } from "../../data/stores/ui";
import type { Command } from "../types";

export const sessionCommands: Command[] = [
  {
    // The header's profile menu (Profile, Reports, Need Help, Settings, Sign out), for the keyboard: the button is reachable with Tab too.
    id: "user.menu",
    title: "Open user menu",
    group: "Session",
    keys: ["alt+u"],
    keywords: ["profile", "account", "user", "menu"],
    when: (ctx) => ctx.clientCode !== undefined,
    run: () => {
      userMenu$.open.set(true);
    },
  },
  {
    id: "session.changePassword",
    title: "Change password",
    group: "Session",
    keywords: ["password", "security"],
    when: (ctx) => ctx.clientCode !== undefined,
    run: () => openOverlay({ kind: "changePassword" }),
  },
  {
    id: "session.signOut",
    title: "Sign out",
    group: "Session",
    keywords: ["logout", "log out"],
    when: (ctx) => ctx.clientCode !== undefined,
    // The spec's logout dialog: a confirmation, whose accept runs the command below.
    run: () => openOverlay({ kind: "confirm", title: "Sign out", lines: ["Sign out of Tape on this device?"], confirmLabel: "Sign out", commandId: "session.signOut.confirmed" }),
  },
  {
    id: "session.signOut.confirmed",
    title: "Sign out now",
    group: "Session",
    hidden: true,
    when: (ctx) => ctx.clientCode !== undefined,
    run: async () => {
      await signOut();
      navigate("/", { replace: true });
    },
  },
];
