import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, keyOfEvent, resolveKey } from "../../../src/commands/keymap";
import { genericWhyNot } from "../../../src/commands/whyNot";
import type { ChartKeyAction } from "../../../src/core/charts/crosshair";
import { registerChartControl } from "../../../src/data/stores/chartControls";
import { commandContext } from "./context";

/** What a key does where it is pressed, with a chart drawn in pane p1 when `drawn`. */
function outcome(key: string, view: string) {
  const ctx = commandContext(view, { paneCount: 2, selection: { kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" } });
  const all = registry.all();
  return resolveKey(defaultKeymap(all), all, key, { view, dialog: undefined }, (c) => registry.whyNot(c, ctx), (c) => genericWhyNot(c, ctx));
}
const runs = (key: string, view: string) => {
  const o = outcome(key, view);
  return o.kind === "run" ? o.command.id : o.kind;
};

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

// Issue 29: "In a chart, +/- zoom and arrows pan; the watchlist's + must not fire there." Issue 34:
// arrows move the crosshair, Shift+arrows pan, Home/End first/last bar, a key resets the view.
describe("chart keys", () => {
  it("in a drawn chart: arrows, Shift+arrows, +, -, Home, End and 0 are the chart's", () => {
    const got: ChartKeyAction[] = [];
    unregister = registerChartControl("p1", (a) => got.push(a));
    expect(runs("arrowleft", "chart")).toBe("chart.crosshair.previous");
    expect(runs("arrowright", "chart")).toBe("chart.crosshair.next");
    expect(runs("shift+arrowleft", "chart")).toBe("chart.pan.earlier");
    expect(runs("shift+arrowright", "chart")).toBe("chart.pan.later");
    expect(runs("home", "chart")).toBe("chart.crosshair.first");
    expect(runs("end", "chart")).toBe("chart.crosshair.last");
    expect(runs("minus", "chart")).toBe("chart.zoom.out");
    expect(runs("0", "chart")).toBe("chart.view.reset");
    // + by character: Shift+= on a US board and the keypad's + are one key, the chart's zoom, not "Add to watchlist".
    const shiftEqual = keyOfEvent({ key: "+", code: "Equal", shiftKey: true, ctrlKey: false, altKey: false, metaKey: false })!;
    const keypad = keyOfEvent({ key: "+", code: "NumpadAdd", shiftKey: false, ctrlKey: false, altKey: false, metaKey: false })!;
    expect(runs(shiftEqual, "chart")).toBe("chart.zoom.in");
    expect(runs(keypad, "chart")).toBe("chart.zoom.in");
    // 1 is still the interval.
    expect(runs("1", "chart")).toBe("chart.interval.1m");
  });

  it("running one hands its action to the focused chart", async () => {
    const got: ChartKeyAction[] = [];
    unregister = registerChartControl("p1", (a) => got.push(a));
    const o = outcome("shift+arrowleft", "chart");
    expect(o.kind).toBe("run");
    if (o.kind === "run") await o.command.run(commandContext("chart"), undefined as never);
    expect(got).toEqual([{ kind: "pan", by: -1 }]);
  });

  it("outside a chart the same keys are not the chart's: + adds to the watchlist, Home is the lists'", () => {
    expect(runs("plus", "watchlist")).toBe("watchlist.add");
    expect(runs("arrowleft", "watchlist")).not.toBe("chart.crosshair.previous");
    expect(runs("0", "orders")).not.toBe("chart.view.reset");
  });

  it("a chart still loading says so when a chart key is pressed", () => {
    const o = outcome("minus", "chart");
    expect(o.kind).toBe("cannot");
    if (o.kind === "cannot") expect(o.reason).toBe("Chart: zoom out (more bars): the chart is still drawing its candles");
  });
});
