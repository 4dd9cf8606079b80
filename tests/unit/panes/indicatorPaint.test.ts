import { describe, expect, it } from "vitest";
import { readSpecs } from "../../../src/core/charts/indicators/spec";
import { paintIndicators, type Paintable } from "../../../src/panes/chart/indicators/paint";

/**
 * Issue 34: an oscillator's level lines (RSI's 30 and 70) follow the theme like its own lines.
 * They kept the colour of the theme they were drawn in until the indicator was added again.
 * The chart's lines and price lines are stood in for by objects that keep their options.
 */
class Line {
  applied = 0;
  constructor(public color: string) {}
  options() {
    return { color: this.color };
  }
  applyOptions(o: { color: string }) {
    this.color = o.color;
    this.applied++;
  }
}

// The two themes' values of the CSS variables the colours name (styles.css), made up but distinct.
const DARK: Record<string, string> = { "--fg-muted": "#8a8f98", "--blue": "#4c8dff", "--accent": "#f0a020" };
const LIGHT: Record<string, string> = { "--fg-muted": "#5c6370", "--blue": "#1d5fd6", "--accent": "#b86e00" };
/** A drawn indicator as the chart has it: lines and level lines that keep their colour. */
interface Painted extends Paintable {
  lines: Line[];
  levels: Line[];
}
const theme = (vars: Record<string, string>) => (c: string) => vars[c] ?? c;

describe("indicator colours across a theme switch", () => {
  it("RSI 14's 30 and 70 lines take the new theme's muted colour, as its line takes the new accent", () => {
    const specs = readSpecs(["ema 20", "rsi 14"]);
    // EMA 20 is the first one-line indicator (the cycle's first, --blue); RSI the second (--accent).
    const ema: Painted = { lines: [new Line("")], levels: [] };
    const rsi: Painted = { lines: [new Line("")], levels: [new Line(DARK["--fg-muted"]!), new Line(DARK["--fg-muted"]!)] };
    paintIndicators([ema, rsi], specs, theme(DARK));
    expect(rsi.lines[0]!.color).toBe("#f0a020");
    expect(rsi.levels.map((l) => l.color)).toEqual(["#8a8f98", "#8a8f98"]);

    paintIndicators([ema, rsi], specs, theme(LIGHT));
    expect(ema.lines[0]!.color).toBe("#1d5fd6");
    expect(rsi.lines[0]!.color).toBe("#b86e00");
    expect(rsi.levels.map((l) => l.color)).toEqual(["#5c6370", "#5c6370"]);
  });

  it("an option already right is not applied again (applying one redraws the chart)", () => {
    const specs = readSpecs(["rsi 14"]);
    // Alone, RSI is the first one-line indicator: the cycle's first colour, --blue.
    const rsi = { lines: [new Line("#4c8dff")], levels: [new Line("#8a8f98"), new Line("#8a8f98")] };
    paintIndicators([rsi], specs, theme(DARK));
    expect([...rsi.lines, ...rsi.levels].map((l) => l.applied)).toEqual([0, 0, 0]);
  });
});
