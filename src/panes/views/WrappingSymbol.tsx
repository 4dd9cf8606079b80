import { keptEnd } from "../../core/rules/fitColumns";

/**
 * A pane header's symbol, whole in any width: a narrow pane cut NATURALGAS26DEC260CE at its edge.
 * It breaks first between its underlying and what tells the contract apart (the strike and CE/PE, a
 * future's FUT: keptEnd), then, narrower still, anywhere (styles.css, `.depth-head .sym`), never
 * hiding a character. Time and sales and market depth share the header.
 */
export function WrappingSymbol({ symbol }: { symbol: string }) {
  const { head, keep } = keptEnd(symbol);
  return (
    <span className="sym">
      {head}
      {keep && <wbr />}
      {keep}
    </span>
  );
}
