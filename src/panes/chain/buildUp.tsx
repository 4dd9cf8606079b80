/* eslint-disable jsx-a11y/no-interactive-element-to-noninteractive-role --
   The chain's rows are blocks with their roles spelt out (see ChainRow.tsx). */
import { useEffect, useState } from "react";
import { formatCount, formatPrice } from "../../core/format";
import { BUILD_UP_SHORT } from "../../core/strategy/chainAnalytics";
import type { OiWindow } from "../../core/strategy/oiWindows";
import type { Exchange } from "../../core/types/exchange";
import { fetchBuildUps, type BuildUps } from "../../data/stores/chainAnalytics";
import type { SideColumn } from "./columns";

/**
 * OI build-up in the chain (issue 31): each contract's OI and price change over the last 5, 15 or
 * 30 minutes as the broker reads them (GET /core/v2/oi-history), asked again every 15 seconds
 * while shown: a minute's figures settle once a minute, so four asks a minute see each change
 * within a quarter of it without asking per tick.
 */
export const BUILD_UP_REFRESH_MS = 15_000;

/** The build-up column, one a side, after OI Chg: priority 3, so a narrow chain keeps LTP and IV (issue 29). */
export const BUILD_UP_COLUMN: SideColumn = { field: "buildUp", title: "Build-up", priority: 3 };

export const BUILD_UP_LEGEND = "LB long build-up (price up, OI up) · SB short build-up (price down, OI up) · SC short covering (price up, OI down) · LU long unwinding (price down, OI down) · Flat: no change; then the OI change in contracts";

/** Each contract's windows by token while `on`; undefined before the first answer (or when off). `exchange`: the chain's own. */
export function useOiBuildUp(symbol: string, expiry: string, exchange: Exchange | undefined, on: boolean, replay: boolean): BuildUps | undefined {
  const [byToken, setByToken] = useState<BuildUps>();
  useEffect(() => {
    setByToken(undefined);
    if (!on) return;
    let live = true;
    const ask = async () => {
      try {
        const got = await fetchBuildUps({ symbol, expiry, exchange }, replay);
        if (live && got) setByToken(got);
      } catch {
        // the transport's failure was already shown; the next ask tries again
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), BUILD_UP_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [symbol, expiry, exchange, on, replay]);
  return byToken;
}

const signed = (text: string, v: number) => (v > 0 ? `+${text}` : text);

/** The words of an OI not known (chainAnalytics.ts oiNotKnown), the title of the dash shown for it. */
export const NO_OI_TITLE = "No OI recorded for this contract in this replay: priced by the model with no trades, its OI and build-up are not known";

/** One side's build-up cell: the short label and the OI change as a count, the reading in full words in its title; a dash where the OI is not known. */
export function BuildUpCell({ w, exchange, side, className }: { w: OiWindow | "no OI" | undefined; exchange: Exchange; side: "CE" | "PE"; className: string }) {
  if (w === "no OI") {
    return (
      <td role="cell" className={`num ${className}`} data-priority={BUILD_UP_COLUMN.priority} data-field="buildUp" data-side={side} data-build-up="no OI" title={NO_OI_TITLE}>
        <span className="chain-val muted">–</span>
      </td>
    );
  }
  const tone = !w || w.priceChange === 0 ? "" : w.priceChange > 0 ? " up" : " down";
  const title = w ? `${w.buildUp} over the last ${w.minutes} minutes: OI ${signed(formatCount(w.oiChange), w.oiChange)}, price ${signed(formatPrice(w.priceChange, exchange), w.priceChange)}` : undefined;
  return (
    <td role="cell" className={`num ${className}`} data-priority={BUILD_UP_COLUMN.priority} data-field="buildUp" data-side={side} data-build-up={w?.buildUp} title={title}>
      {w && (
        <span className={`chain-val${tone}`}>
          <b className="build-up-tag">{BUILD_UP_SHORT[w.buildUp]}</b> {signed(formatCount(w.oiChange), w.oiChange)}
        </span>
      )}
    </td>
  );
}
