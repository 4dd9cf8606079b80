import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, resolveKey, type KeyOutcome } from "../../../src/commands/keymap";
import { genericWhyNot } from "../../../src/commands/whyNot";
import type { CommandContext } from "../../../src/commands/types";
import type { GttEntry } from "../../../src/core/types/gtt";
import { gtt$ } from "../../../src/data/stores/gtt";
import { overlay$ } from "../../../src/data/stores/ui";
import { commandContext } from "./context";

/**
 * FINDINGS-26 s4: "`i` on the GTT row does nothing". Issue 28, "Nothing is silent": a key runs its
 * command or says why. On the GTT list, `i` opens the GTT under the cursor's info, a triggered one's too.
 */
function press(key: string, ctx: CommandContext): KeyOutcome {
  return resolveKey(defaultKeymap(registry.all()), registry.all(), key, { view: ctx.focusedView, dialog: ctx.dialog }, (c) => registry.whyNot(c, ctx), (c) => genericWhyNot(c, ctx));
}

const triggered: GttEntry = {
  GTTID: "9", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 10, TriggerType: "OCO", GTTProduct: "D", GTTBuySell: "S",
  EntryPrice1: 1159, Price1: 1160, EntryPrice2: 1119, Price2: 1120, Status: "TRIGGERED", TriggeredLeg: 2, TriggeredPrice: 1120, OrderNo: "251206000123",
};

afterEach(() => {
  gtt$.entries.set([]);
  overlay$.set({ top: { kind: "none" } });
});

describe("i on the GTT list (gtt.info)", () => {
  it("on a triggered GTT's row: runs gtt.info, which opens that GTT's info", async () => {
    gtt$.entries.set([triggered]);
    const ctx = commandContext("orders", { selection: { kind: "gtt", gttId: "9" } });
    const o = press("i", ctx);
    expect(o.kind === "run" ? o.command.id : o).toBe("gtt.info");
    await registry.run("gtt.info", ctx);
    expect(overlay$.top.peek()).toEqual({ kind: "gttInfo", gttId: "9" });
  });
});
