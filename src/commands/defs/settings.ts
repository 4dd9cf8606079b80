import type { DefaultExchange } from "../../core/search/defaultExchange";
import type { Segment } from "../../core/types/exchange";
import type { Pcode } from "../../core/types/orderWindow";
import { refreshMarketStatus } from "../../data/stores/marketStatus";
import { setDefaultProduct, setSetting, settingNow } from "../../data/stores/settings";
import { enableTotpWith, sendTotpSetupOtp, signOutOtherSessions, submitTotpSetupOtp } from "../../data/stores/security";
import { goTo } from "../goTo";
import { notify } from "../../core/notify";
import { rebind, resetKeymap } from "../keymapStore";
import { command } from "../types";
import { signedIn } from "../when";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { toggleSaid, type OnOffSetting } from "../../core/rules/settingToggles";

/** Settings at a tab: the route opens (or focuses) its pane, and a pane already there turns to the tab too. */
function openSettingsAt(tab: number): void {
  goTo("settings", { tab, subTab: 0 });
}


/**
 * Flips an on/off setting and says its new state: a toggle run from the palette changes nothing on
 * screen by itself. It flips the value in force (another window may have changed it since this
 * one's screen was drawn), so what it says is what now holds.
 */
function toggleSetting(setting: OnOffSetting): void {
  const on = !settingNow(setting);
  setSetting(setting, on);
  sayInStatusLine(toggleSaid(setting, on));
}

export const settingsCommands = [
  command({
    id: "settings.security",
    title: "Settings: Security",
    group: "Settings",
    keywords: ["password", "authenticator", "totp", "2fa", "two factor", "otp", "sessions", "devices"],
    when: signedIn,
    run: () => openSettingsAt(1),
  }),
  command({
    id: "settings.markets",
    title: "Settings: Markets",
    group: "Settings",
    keywords: ["market status", "default exchange", "default product", "amo"],
    when: signedIn,
    run: () => openSettingsAt(2),
  }),
  command({
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
  }),
  command({
    id: "settings.stickOw.toggle",
    // The spec's words ("keep the order window open"), not the field's name, which is no trader's word.
    title: "Toggle: keep the order window open after placing",
    group: "Settings",
    keywords: ["stick", "sticky", "order window", "close"],
    run: () => toggleSetting("stickOw"),
  }),
  command({
    id: "settings.notifications.toggle",
    title: "Toggle order notifications",
    group: "Settings",
    keywords: ["toast", "silent", "quiet"],
    run: () => toggleSetting("isShowNotifications"),
  }),
  command({
    id: "settings.defaultExchange.set",
    title: "Set the default exchange for search",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { exchange: DefaultExchange }) => setSetting("defaultExchange", a.exchange),
  }),
  command({
    // undefined: back to "as last used".
    id: "settings.defaultProduct.set",
    title: "Set a segment's default product",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { segment: Segment; product: Pcode | undefined }) => setDefaultProduct(a.segment, a.product),
  }),
  command({
    id: "market.status.refresh",
    title: "Refresh market status",
    group: "Settings",
    keywords: ["market status", "amo", "exchange open"],
    when: signedIn,
    run: () => refreshMarketStatus(),
  }),
  command({
    // Settings › Security: totpGenerate from inside the app, "an OTP is requested".
    id: "totp.setup.start",
    title: "Set up authenticator (TOTP)",
    group: "Settings",
    keywords: ["totp", "authenticator", "2fa", "two factor", "otp"],
    when: signedIn,
    run: async () => {
      openSettingsAt(1);
      await sendTotpSetupOtp();
    },
  }),
  command({
    // The set-up's OTP boxes, once full: the QR and the secret to scan.
    id: "totp.setup.otp",
    title: "Authenticator set-up: verify the OTP",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { code: string }) => submitTotpSetupOtp(a.code),
  }),
  command({
    // The authenticator's first code: registerTotp, and it is on.
    id: "totp.setup.enable",
    title: "Authenticator set-up: enable with its code",
    group: "Settings",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { code: string }) => enableTotpWith(a.code),
  }),
  command({
    id: "keymap.rebind",
    title: "Rebind a key",
    group: "Settings",
    hidden: true,
    run: (_ctx, a: { commandId: string; key: string }) => {
      const r = rebind(a.commandId, a.key);
      if (!r.ok) notify({ kind: "danger", text: r.reason });
    },
  }),
  command({
    id: "keymap.reset",
    title: "Reset all keys to defaults",
    group: "Settings",
    keywords: ["keymap", "shortcuts"],
    run: () => resetKeymap(),
  }),
];
