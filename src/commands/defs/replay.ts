import { REPLAY_SPEEDS } from "../../core/wire/replay";
import { openOverlay } from "../../data/stores/ui";
import { beginReplay, endReplay, inReplay, jumpReplay, setReplaySpeed, stepReplayBar, stepReplaySpeed, todayOnBroker, toggleReplayPause } from "../../data/stores/replay";
import { submitDialog } from "../form";
import { command } from "../types";
import type { CommandContext } from "../types";
import { signedIn } from "../when";

/**
 * Market replay (issue 35): start a replay of a recorded, imported or sample day, move its clock
 * (speeds 1x to 100x, pause, one bar on, jump to a time), see its report, and leave it. The
 * broker restarts on the day (server/replay); the status bar shows REPLAY and its clock.
 */
/** Undefined when a replay runs (the registry's "available"), else why not. */
const replaying = (ctx: CommandContext): string | undefined => (!signedIn(ctx) ? "Sign in first" : inReplay() ? undefined : "No replay is running: Replay a day… starts one");
const KEYWORDS = ["replay", "practise", "bar replay", "market replay", "simulate"];

export const replayCommands = [
  command({
    id: "replay.start",
    title: "Replay a day…",
    group: "Replay",
    keywords: [...KEYWORDS, "recorded", "imported", "history"],
    when: signedIn,
    run: () => openOverlay({ kind: "replayDay" }),
  }),
  command({
    id: "replay.start.submit",
    title: "Replay: start the chosen day",
    group: "Replay",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { date: string }) => submitDialog("replayDay", () => beginReplay(a.date)),
  }),
  command({
    id: "replay.today",
    title: "Replay today (this session's recording, your trades on the chart)",
    group: "Replay",
    keywords: [...KEYWORDS, "today", "re-trade", "my day"],
    // Inside a replay the broker's day is the replayed one: said, rather than "not available in Chart".
    whyNot: (ctx) => (!signedIn(ctx) ? "Sign in first" : inReplay() ? "A replay is running: its day is the broker's today. Leave replay first, or Replay a day… and choose today's recording" : undefined),
    run: () => void beginReplay(todayOnBroker()),
  }),
  command({
    id: "replay.pause",
    title: "Replay: pause / resume",
    group: "Replay",
    // Alt+Shift+Space, a player's play/pause: Alt+Shift+P is the pane's own window (issue 32).
    keys: ["alt+shift+space"],
    keywords: KEYWORDS,
    whyNot: replaying,
    run: () => void toggleReplayPause(),
  }),
  command({
    id: "replay.step",
    title: "Replay: step one bar (on to the next minute, paused)",
    group: "Replay",
    keys: ["alt+shift+n"],
    keywords: [...KEYWORDS, "next bar", "step"],
    whyNot: replaying,
    run: () => void stepReplayBar(),
  }),
  command({
    id: "replay.faster",
    title: "Replay: faster (1×, 2×, 5×, 10×, 50×, 100×)",
    group: "Replay",
    keys: ["alt+shift+f"],
    keywords: [...KEYWORDS, "speed"],
    whyNot: replaying,
    run: () => void stepReplaySpeed(1),
  }),
  command({
    id: "replay.slower",
    title: "Replay: slower",
    group: "Replay",
    keys: ["alt+shift+s"],
    keywords: [...KEYWORDS, "speed"],
    whyNot: replaying,
    run: () => void stepReplaySpeed(-1),
  }),
  ...REPLAY_SPEEDS.map((speed) =>
    command({
      id: `replay.speed.${speed}`,
      title: `Replay at ${speed}×`,
      group: "Replay",
      keywords: [...KEYWORDS, "speed", `${speed}x`],
      whyNot: replaying,
      run: () => void setReplaySpeed(speed),
    }),
  ),
  command({
    id: "replay.jump",
    title: "Replay: jump to a time…",
    group: "Replay",
    keys: ["alt+shift+j"],
    keywords: [...KEYWORDS, "go to", "time"],
    whyNot: replaying,
    run: () => openOverlay({ kind: "replayJump" }),
  }),
  command({
    id: "replay.jump.submit",
    title: "Replay: jump",
    group: "Replay",
    hidden: true,
    // The dialog opens only in a replay; the broker refuses a jump outside one (EC752), shown in the dialog.
    when: signedIn,
    run: (_ctx, a: { time: string }) => submitDialog("replayJump", () => jumpReplay(a.time)),
  }),
  command({
    id: "replay.report",
    title: "Replay report: trades, P&L curve, drawdown, time in market",
    group: "Replay",
    keys: ["alt+shift+r"],
    keywords: [...KEYWORDS, "report", "pnl", "drawdown"],
    whyNot: replaying,
    run: () => openOverlay({ kind: "replayReport" }),
  }),
  command({
    id: "replay.stop",
    title: "Leave replay (back to the live paper market)",
    group: "Replay",
    keywords: [...KEYWORDS, "exit", "stop", "live"],
    whyNot: replaying,
    run: () => void endReplay(),
  }),
];
