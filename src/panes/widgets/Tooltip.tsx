import type { ReactNode } from "react";
import "./widgets.css";

/**
 * "Tooltip defaults: placement top with an arrow" (section 9). Shown while its anchor is hovered
 * or holds focus (CSS :hover and :focus-within), so a keyboard user reads it as the mouse user does;
 * its text is also the anchor's accessible description.
 */
export function Tooltip({ id, text, children }: { id: string; text: string; children: ReactNode }) {
  return (
    <span className="tooltip-anchor">
      {children}
      <span className="tooltip tooltip-top" role="tooltip" id={id}>
        {text}
      </span>
    </span>
  );
}
