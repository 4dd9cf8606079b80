import { SEGMENT_NAMES, SEGMENTS } from "../../core/rules/killSwitch";
import type { Segment } from "../../core/types/exchange";
import { saveLimits, turnOnSwitch, type LimitsForm } from "../../data/stores/risk";
import { openOverlay } from "../../data/stores/ui";
import { submitDialog } from "../form";
import { command } from "../types";
import { signedIn } from "../when";

/** The risk desk (issue 33): a segment's kill switch from the palette or Settings › Security. */

const KEYWORDS: Record<Segment, string[]> = {
  equity: ["equity", "cash", "nse", "bse", "shares"],
  derivatives: ["f&o", "fo", "futures", "options", "derivatives"],
  currency: ["currency", "cds", "fx"],
  commodity: ["commodity", "mcx", "ncdex"],
};

/** One command per segment, so the palette names the segment before the confirmation does. */
const turnOnCommand = (segment: Segment) =>
  command({
    id: `risk.killSwitch.${segment}`,
    title: `Kill switch: turn on for ${SEGMENT_NAMES[segment]}`,
    group: "Risk",
    keywords: ["kill switch", "stop trading", "cooling off", "risk", ...KEYWORDS[segment]],
    when: signedIn,
    run: () => openOverlay({ kind: "killSwitch", segment }),
  });

export const riskCommands = [
  ...SEGMENTS.map(turnOnCommand),
  command({
    // The confirmation's Enter: the broker cancels the segment's open orders and refuses new ones.
    id: "risk.killSwitch.turnOn",
    title: "Kill switch: turn on",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { segment: Segment; hours: number }) => submitDialog("killSwitch", () => turnOnSwitch(a.segment, a.hours)),
  }),
  command({
    id: "risk.limits",
    title: "Loss limits: set the day's limits and see how far each is from tripping",
    group: "Risk",
    keywords: ["loss limit", "daily loss", "max loss", "max orders", "position value", "risk", "square off"],
    when: signedIn,
    run: () => openOverlay({ kind: "lossLimits" }),
  }),
  command({
    id: "risk.limits.save",
    title: "Loss limits: save",
    group: "Risk",
    hidden: true,
    when: signedIn,
    run: (_ctx, f: LimitsForm) => submitDialog("lossLimits", () => saveLimits(f)),
  }),
];
