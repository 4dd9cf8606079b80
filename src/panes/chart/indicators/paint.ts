import type { IndicatorSpec } from "../../../core/charts/indicators/spec";
import { lineColours, resolveColour } from "./colours";

/**
 * The colours of a chart's drawn indicators, set again after every change of the set and of the
 * theme: each line's by its order (colours.ts), and an oscillator's level lines (RSI's 30 and 70)
 * in the theme's muted colour. An option is applied only when it differs: applying one redraws.
 */
interface Coloured<O> {
  options(): O;
  applyOptions(o: { color: string }): void;
}

export interface Paintable {
  /** The indicator's plotted lines, in its definition's order. */
  lines: readonly Coloured<{ color?: string }>[];
  /** Its pane's level lines (price lines on its first line). */
  levels: readonly Coloured<{ color: string }>[];
}

export const LEVEL_COLOUR = "--fg-muted";

export function paintIndicators(drawn: readonly Paintable[], specs: readonly IndicatorSpec[], resolve: (c: string) => string = resolveColour): void {
  const level = resolve(LEVEL_COLOUR);
  drawn.forEach((d, i) => {
    const colours = lineColours(specs, i);
    d.lines.forEach((l, line) => {
      const colour = resolve(colours[line] ?? colours[0]!);
      if (l.options().color !== colour) l.applyOptions({ color: colour });
    });
    for (const l of d.levels) if (l.options().color !== level) l.applyOptions({ color: level });
  });
}
