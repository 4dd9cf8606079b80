import { useSelector } from "@legendapp/state/react";
import { abbreviate, formatPrice } from "../../core/format";
import type { OptionChainSide } from "../../core/types/optionChain";
import { liveQuote, quoteStore } from "../../feed/session";
import { staleAttr, usePriceStale } from "../views/priceStale";
import type { SideField } from "./columns";

/**
 * The chain's live cells: each observes one field of its contract's quote, so a tick re-renders
 * that cell alone. Until a contract's first frame the broker's figures at load stand in.
 */
const dirClass = (v: number) => (v > 0 ? "up" : v < 0 ? "down" : "");
const signed = (text: string, v: number) => (v > 0 ? `+${text}` : text);

export type LiveField = Exclude<SideField, "iv" | "delta" | "gamma" | "theta" | "vega">;

interface CellProps {
  c: OptionChainSide;
  field: LiveField;
  priority: number;
  className: string;
  side: "CE" | "PE";
}

export function LiveCell({ c, field, priority, className, side }: CellProps) {
  const q = liveQuote(c.exchange, c.token);
  const value = useSelector((): number => {
    const live = q.LastRate.get() > 0;
    switch (field) {
      case "ltp":
        return live ? q.LastRate.get() : c.ltp;
      case "chg":
        return live ? q.chg.get() : c.chg;
      case "volume":
        return live ? q.volume.get() : c.volume;
      case "oi":
        return q.openinterest.get() || c.oi;
      case "oiChg":
        return (q.openinterest.get() || c.oi) - (c.oi - c.oiChg);
      case "bid":
        return quoteStore.depth(c.exchange, c.token).bids[0]?.price.get() || c.bid;
      case "ask":
        return quoteStore.depth(c.exchange, c.token).asks[0]?.price.get() || c.ask;
    }
  });
  const priced = field === "ltp" || field === "chg" || field === "bid" || field === "ask";
  const stale = usePriceStale(priced ? c.exchange : undefined, c.token);
  const text =
    field === "volume" || field === "oi"
      ? abbreviate(value)
      : field === "oiChg"
        ? signed(abbreviate(value), value)
        : field === "chg"
          ? signed(formatPrice(value, c.exchange), value)
          : value > 0
            ? formatPrice(value, c.exchange)
            : "--";
  const tone = field === "chg" || field === "oiChg" ? dirClass(value) : "";
  return (
    <td className={`num ${className} ${tone}`} data-priority={priority} data-field={field} data-side={side} data-stale={staleAttr(stale)}>
      {text}
    </td>
  );
}
