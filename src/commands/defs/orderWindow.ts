import { orderWindow$ } from "../../data/stores/orderWindow";
import { goTo } from "../goTo";
import { acceptAmo, answerAsm, closeOrderWindow, dismissWindowDialog, flipWindowSide, keepQuantityPreset, nextQuantityPreset, pickQuantityPreset, showCharges } from "../orderWindow";
import { windowChoices } from "../../core/rules/orderWindowChoices";
import { command } from "../types";
import { SWITCH_KEY, takeGroupOffer } from "../orderWindowFollow";
import { all, orderWindowTakesKeys, signedIn } from "../when";

/** The window shows its form: a contract is in and the account may trade it. */
const formShown = () => orderWindow$.contract.peek() !== null && !orderWindow$.loading.peek() && orderWindow$.accountRefusal.peek() === undefined;

/** One of the order window's own prompts (AMO, surveillance, charges, margin, commodity info) is up. */
const promptUp = () => orderWindow$.open.peek() && orderWindow$.dialog.peek() !== null;

/**
 * The order window's buttons other than its submit (defs/orders.ts, orderWindow.submit): close,
 * charges, and the answers to its prompts. Enter and Esc in a prompt are its own.
 */
export const orderWindowCommands = [
  command({
    // Issue 32: Alt+G ("group"), live in the fields like Alt+B; bound nowhere else in Tape nor by Chromium.
    id: "orderWindow.followGroup",
    keys: [SWITCH_KEY.toLowerCase()],
    scope: "orderWindow",
    title: "Order window: switch to the instrument its link group moved to",
    group: "Orders",
    keywords: ["link", "group", "retarget", "follow", "switch", "instrument"],
    when: all(signedIn, orderWindowTakesKeys),
    whyNot: () => (orderWindow$.groupOffer.peek() ? undefined : "The window's link group has not moved to another instrument"),
    run: () => takeGroupOffer(),
  }),
  command({
    // Alt+B, not a bare key: the window's fields take letters and digits as typing (a bare key
    // would type into the price), and a modifier key is live in a field (Hotkeys.tsx worksInFields);
    // B for "buy/sell", and Alt+B is bound nowhere else in Tape nor by Chromium.
    id: "orderWindow.flipSide",
    keys: ["alt+b"],
    scope: "orderWindow",
    title: "Order window: switch between BUY and SELL",
    group: "Orders",
    keywords: ["side", "buy", "sell", "flip", "toggle", "switch"],
    when: all(signedIn, orderWindowTakesKeys),
    whyNot: () => {
      const { contract, state } = orderWindow$.peek();
      if (!contract) return "The order window is still loading its contract";
      // A modify or an exit acts on what exists: its side is the order's or the position's.
      return windowChoices(state, contract).sides.length < 2 ? `A ${state.mode} keeps its side (${state.transactionType})` : undefined;
    },
    run: () => flipWindowSide(),
  }),
  command({
    // Alt+Q ("quantity"): live in the fields like Alt+B; Alt+digits stay the panes' (Alt+N focuses pane N).
    id: "orderWindow.preset.next",
    keys: ["alt+q"],
    scope: "orderWindow",
    title: "Order window: next quantity preset",
    group: "Orders",
    keywords: ["quantity", "preset", "lots", "size"],
    when: all(signedIn, orderWindowTakesKeys, formShown),
    run: () => nextQuantityPreset(),
  }),
  command({
    id: "orderWindow.preset.pick",
    title: "Order window: quantity preset",
    group: "Orders",
    hidden: true,
    when: all(signedIn, orderWindowTakesKeys, formShown),
    run: (_ctx, a: { index: number }) => pickQuantityPreset(a.index),
  }),
  command({
    id: "orderWindow.preset.keep",
    title: "Order window: keep this quantity as a preset",
    group: "Orders",
    keywords: ["quantity", "preset", "save", "lots"],
    when: all(signedIn, orderWindowTakesKeys, formShown),
    run: () => keepQuantityPreset(),
  }),
  command({
    id: "orderWindow.close",
    title: "Close the order window",
    group: "Orders",
    hidden: true,
    when: () => orderWindow$.open.peek(),
    run: () => closeOrderWindow(),
  }),
  command({
    // The charges of the order as the window shows it (POST the charges call with the order built from the window).
    id: "orderWindow.charges",
    title: "Order window: charges of this order",
    group: "Orders",
    keywords: ["brokerage", "stt", "gst", "stamp duty", "charges"],
    when: all(signedIn, orderWindowTakesKeys),
    run: () => showCharges(),
  }),
  command({
    // Esc in a prompt closes the prompt, not the window; to the surveillance question it is "No".
    id: "orderWindow.prompt.back",
    keys: ["escape"],
    scope: "orderWindow",
    title: "Order window: close the question",
    group: "Orders",
    when: promptUp,
    run: async () => {
      if (orderWindow$.dialog.peek()?.kind === "asm") await answerAsm(false);
      else dismissWindowDialog();
    },
  }),
  command({
    // Enter in a prompt does what its button marked Enter says, wherever the focus is within it (it
    // was the focused button's: the margin prompt focused "Not now", so Enter did Not now).
    id: "orderWindow.prompt.accept",
    keys: ["enter"],
    scope: "orderWindowPrompt",
    title: "Order window: answer the question with its Enter button",
    group: "Orders",
    when: promptUp,
    run: async () => {
      const kind = orderWindow$.dialog.peek()?.kind;
      if (kind === "amo") acceptAmo();
      else if (kind === "asm") await answerAsm(true);
      else if (kind === "insufficient") addFunds();
      // Charges and the commodity specification have one button, marked Esc or Enter: back to the window.
      else dismissWindowDialog();
    },
  }),
  command({
    id: "orderWindow.amo.accept",
    title: "Order window: place as an after-market order",
    group: "Orders",
    hidden: true,
    when: () => orderWindow$.dialog.peek()?.kind === "amo",
    run: () => acceptAmo(),
  }),
  command({
    id: "orderWindow.asm.answer",
    title: "Order window: answer the surveillance question",
    group: "Orders",
    hidden: true,
    when: () => orderWindow$.dialog.peek()?.kind === "asm",
    run: (_ctx, a: { accepted: boolean }) => answerAsm(a.accepted),
  }),
  command({
    // "Insufficient margin" offers adding funds: the window closes and the funds page opens.
    id: "orderWindow.addFunds",
    title: "Order window: add funds",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: () => addFunds(),
  }),
];

function addFunds(): void {
  closeOrderWindow();
  goTo("funds");
}
