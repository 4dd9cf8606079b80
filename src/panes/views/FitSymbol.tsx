import { keptEnd } from "../../core/rules/fitColumns";

/**
 * A trading symbol drawn so that a cell too narrow for it shortens its head and keeps its end (an
 * option's strike and CE/PE, a future's FUT: src/core/rules/fitColumns.ts). The text reads as the
 * whole symbol; the CSS that shortens the head is the grid's (.sym-head, .sym-keep in styles.css).
 */
export function FitSymbol({ symbol }: { symbol: string }) {
  const { head, keep } = keptEnd(symbol);
  if (!keep) return <span className="sym-head">{symbol}</span>;
  return (
    <>
      <span className="sym-head">{head}</span>
      <span className="sym-keep" data-keep="">
        {keep}
      </span>
    </>
  );
}
