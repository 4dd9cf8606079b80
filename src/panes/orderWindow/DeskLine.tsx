import { useSelector } from "@legendapp/state/react";
import { templateSummary } from "../../core/rules/presetWindow";
import type { BracketTemplate } from "../../core/rules/bracket";
import { desk$ } from "../../data/stores/desk";

/**
 * Issue 33: which order preset the window opened with ("Preset: INFY", "Preset: Equity") and the
 * bracket template the entry goes with, with its targets and stop; when the order as it now stands
 * cannot carry one (not a regular LIMIT or MARKET order), it says so rather than dropping it quietly.
 */
export function DeskLine({ preset, bracket, takesBracket }: { preset: string | undefined; bracket: string | undefined; takesBracket: boolean }) {
  const template = useSelector(() => desk$.templates.get().find((t) => t.name === bracket));
  return (
    <div className="ow-desk" data-testid="ow-desk">
      {preset && <span data-testid="ow-preset">Preset: {preset}</span>}
      {bracket && (
        <span data-testid="ow-bracket">
          Bracket: {bracket}
          {template ? ` · ${templateSummary(template as BracketTemplate)}` : ""}
          {takesBracket ? "" : " · not sent: a bracket goes on a regular LIMIT or MARKET order"}
        </span>
      )}
    </div>
  );
}
