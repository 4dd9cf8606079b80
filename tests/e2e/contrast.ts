import type { Locator } from "@playwright/test";

/**
 * WCAG contrast of a control as it is drawn in the page: a fill or text of alpha a over the surface
 * behind the control, and the control's opacity (its own and its ancestors') over that surface again.
 */

export type Rgba = [number, number, number, number];

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` of alpha `alpha` drawn over an opaque `under`. */
const over = (top: Rgba, under: Rgba, alpha = top[3]): Rgba => [0, 1, 2].map((i) => top[i]! * alpha + under[i]! * (1 - alpha)).concat(1) as Rgba;

interface Drawn {
  fill: Rgba;
  text: Rgba;
  surface: Rgba;
  opacity: number;
}

/** The button's computed colours, the opacity it is drawn with (its own and its ancestors'), and the first opaque surface behind it. */
async function drawn(button: Locator): Promise<Drawn> {
  return button.evaluate((el) => {
    const rgba = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) throw new Error(`not an rgb colour: ${c}`);
      const [r, g, b, a] = m[1]!.split(/[ ,/]+/).map(Number);
      return [r!, g!, b!, a ?? 1];
    };
    const own = getComputedStyle(el);
    let opacity = 1;
    for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    let surface: [number, number, number, number] = [255, 255, 255, 1];
    for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
      const bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg[3] === 1) {
        surface = bg;
        break;
      }
    }
    return { fill: rgba(own.backgroundColor), text: rgba(own.color), surface, opacity };
  });
}

/** The button as drawn: its fill and its label, composited over the surface behind it. */
export async function seen(button: Locator): Promise<{ fill: Rgba; label: Rgba; surface: Rgba }> {
  const d = await drawn(button);
  const fill = over(over(d.fill, d.surface), d.surface, d.opacity);
  const label = over(over(d.text, over(d.fill, d.surface)), d.surface, d.opacity);
  return { fill, label, surface: d.surface };
}

