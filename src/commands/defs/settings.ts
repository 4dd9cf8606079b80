import { settings$, setSetting } from "../../data/stores/settings";
import { signOutOtherSessions } from "../../data/stores/security";
import { goTo } from "../goTo";
import { notify } from "../../core/notify";
import { rebind, resetKeymap } from "../keymapStore";
import type { Command } from "../types";

/** Settings at a tab: the route opens (or focuses) its pane, and a pane already there turns to the tab too. */
function openSettingsAt(tab: number): void {
  goTo("settings", { tab, subTab: 0 });
}

const signedIn = (ctx: { clientCode: string | undefined }) => ctx.clientCode !== undefined;

export const settingsCommands: Command[] = [
  {
    id: "settings.security",
    title: "Settings: Security",
    group: "Settings",
    keywords: ["password", "authenticator", "totp", "sessions", "devices"],
    when: signedIn,
    run: () => openSettingsAt(1),
  },
  {
    id: "settings.markets",
    title: "Settings: Markets",
    group: "Settings",
    keywords: ["market status", "default exchange", "default product", "amo"],
    when: signedIn,
    run: () => openSettingsAt(2),
  },
  {
    id: "session.signOutOthers",
    title: "Sign out other sessions",
    group: "Session",
    keywords: ["devices", "logout", "revoke"],
    when: signedIn,
    run: async () => {
      const n = await signOutOtherSessions().catch(() => undefined);
      if (n === undefined) return;
      notify({ kind: "success", text: n === 0 ? "No other session was signed in" : `Signed out ${n} other ${n === 1 ? "session" : "sessions"}` });
    },
  },
  {
    id: "settings.stickOw.toggle",
    title: "Toggle keep order window open (stickOw)",
    group: "Settings",
    keywords: ["stick", "order window"],
    run: () => setSetting("stickOw", !settings$.stickOw.peek()),
  },
  {
    id: "settings.notifications.toggle",
    title: "Toggle order notifications",
    group: "Settings",
    keywords: ["toast", "isShowNotifications"],
    run: () => setSetting("isShowNotifications", !settings$.isShowNotifications.peek()),
  },
  {
    id: "keymap.rebind",
    title: "Rebind a key",
    group: "Settings",
    hidden: true,
    run: (_ctx, args) => {
      const a = args as { commandId: string; key: string } | undefined;
      if (!a) return;
      const r = rebind(a.commandId, a.key);
      if (!r.ok) notify({ kind: "danger", text: r.reason });
    },
  },
  {
    id: "keymap.reset",
    title: "Reset all keys to defaults",
    group: "Settings",
    keywords: ["keymap", "shortcuts"],
    run: () => resetKeymap(),
  },
];
