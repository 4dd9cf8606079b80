import type { PresetForm, TemplateForm } from "../../core/rules/deskForms";
import { presetLabel } from "../../core/rules/orderPresets";
import { presetOfWindow } from "../../core/rules/presetWindow";
import { quantityFromShown } from "../../core/rules/orderWindow";
import { notify } from "../../core/notify";
import { loadDesk, removePreset, removeTemplate, savePresetForm, saveTemplateForm, storePreset } from "../../data/stores/desk";
import { orderWindow$ } from "../../data/stores/orderWindow";
import { openOverlay } from "../../data/stores/ui";
import { submitDialog } from "../form";
import { command } from "../types";
import { all, orderWindowTakesKeys, signedIn } from "../when";

/** The order window shows an order of a contract (not loading, not refused). */
const windowWithContract = () => orderWindow$.contract.peek() !== null && !orderWindow$.loading.peek();

/**
 * Issue 33: order presets and bracket templates, kept per user by the broker. Each is edited in its
 * dialog; the window's values can be kept as its instrument's preset in one command.
 */
export const deskCommands = [
  command({
    id: "desk.presets",
    title: "Order presets…",
    group: "Risk",
    keywords: ["preset", "default quantity", "amount", "offset", "ticks", "validity", "target", "stop", "b", "s", "order window"],
    when: signedIn,
    run: async () => {
      openOverlay({ kind: "orderPresets" });
      await loadDesk(true);
    },
  }),
  command({
    id: "desk.presets.save",
    title: "Order presets: save",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, f: PresetForm) => submitDialog("orderPresets", () => savePresetForm(f)),
  }),
  command({
    id: "desk.presets.delete",
    title: "Order presets: delete",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { key: string }) => submitDialog("orderPresets", () => removePreset(a.key)),
  }),
  command({
    // Alt+K ("keep"): live in the window's fields like Alt+B and Alt+Q; the palette reaches it too
    // where the window is a pane (the palette would close the window's overlay).
    id: "desk.presets.keepWindow",
    keys: ["alt+k"],
    scope: "orderWindow",
    title: "Order presets: keep this window's values as the instrument's preset",
    group: "Risk",
    keywords: ["preset", "save", "remember", "order window", "default"],
    when: all(signedIn, orderWindowTakesKeys),
    whyNot: () => (windowWithContract() ? undefined : "The order window is still loading its contract"),
    run: async () => {
      const { contract, state, bracket } = orderWindow$.peek();
      if (!contract) return;
      const sent = quantityFromShown(contract.exchange, state.quantity, contract.lotSize);
      const row = presetOfWindow(state, contract, sent, bracket);
      const kept = await storePreset(row);
      if (kept === true) {
        orderWindow$.preset.set(presetLabel(row.key));
        notify({ kind: "success", text: `Order preset of ${presetLabel(row.key)} kept` });
      } else notify({ kind: "danger", text: kept });
    },
  }),
  command({
    id: "desk.brackets",
    title: "Bracket templates…",
    group: "Risk",
    keywords: ["bracket", "template", "scale out", "targets", "stop", "break-even", "oco", "with"],
    when: signedIn,
    run: async () => {
      openOverlay({ kind: "bracketTemplates" });
      await loadDesk(true);
    },
  }),
  command({
    id: "desk.brackets.save",
    title: "Bracket templates: save",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, f: TemplateForm) => submitDialog("bracketTemplates", () => saveTemplateForm(f)),
  }),
  command({
    id: "desk.brackets.delete",
    title: "Bracket templates: delete",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { name: string }) => submitDialog("bracketTemplates", () => removeTemplate(a.name)),
  }),
  command({
    id: "orderWindow.dropBracket",
    title: "Order window: send without the bracket template",
    group: "Orders",
    keywords: ["bracket", "template", "remove", "without"],
    when: all(signedIn, orderWindowTakesKeys),
    whyNot: () => (orderWindow$.bracket.peek() ? undefined : "This order carries no bracket template"),
    run: () => {
      orderWindow$.bracket.set(undefined);
    },
  }),
];
