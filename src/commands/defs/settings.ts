import { settings$, setSetting } from "../../data/stores/settings";
import { notify } from "../../core/notify";
import { rebind, resetKeymap } from "../keymapStore";
import type { Command } from "../types";

export const settingsCommands: Command[] = [
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
