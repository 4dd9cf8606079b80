import { defineCall } from "./call";
import { Envelope, NoBody, OneOf, refused, Type, type Static } from "./schema";

/**
 * Market replay (issue 35), Tape's own calls under /core. The broker runs either the live paper
 * market or one replayed day; these start and leave a replay, move its clock and report on it.
 */

export const REPLAY_SPEEDS = [1, 2, 5, 10, 50, 100] as const;

export const ReplayDay = Type.Object({
  date: Type.String({ description: "YYYY-MM-DD" }),
  source: OneOf(["recorded", "imported", "sample"], { description: "The broker's own recording, an imported CSV, or the sample day shipped with Tape" }),
});
export type ReplayDay = Static<typeof ReplayDay>;

export const ReplayState = Type.Object({
  active: Type.Boolean({ description: "Whether the broker is replaying a day" }),
  date: Type.String({ description: 'The day replayed, YYYY-MM-DD; "" when live' }),
  source: Type.String({ description: 'recorded, imported or sample; "" when live' }),
  speed: Type.Number({ description: "1, 2, 5, 10, 50 or 100" }),
  paused: Type.Boolean(),
  ended: Type.Boolean({ description: "The replay clock reached the day's last tick" }),
  start: Type.Number({ description: "The replay's first moment, epoch ms (0 when live)" }),
  end: Type.Number({ description: "The day's last tick, epoch ms (0 when live)" }),
  simTime: Type.Number({ description: "The replay clock, epoch ms" }),
  moving: Type.Boolean({ description: "The tape is being played to the time the clock was moved to (a jump, a step, a restart): the clock stands there, and new orders and modifies are refused (EC757), until it arrives" }),
});
export type ReplayState = Static<typeof ReplayState>;

export const replayDays = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/days",
  tag: "replay",
  summary: "The days that can be replayed: recorded, imported, and the sample day; newest first",
  body: NoBody,
  answer: Envelope(ReplayDay),
});

export const replayState = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/state",
  tag: "replay",
  summary: "Whether a day is being replayed, and its clock",
  body: NoBody,
  answer: Envelope(ReplayState),
});

export const replayStart = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/start",
  tag: "replay",
  summary: "Starts replaying a day: the broker restarts on that day's tape, with replay books of its own",
  description: "EC750 no recording, import or sample of that date; EC751 not a date; EC756 the broker was not started so that it can switch (npm start or npm run replay).",
  body: Type.Object({ date: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", ...refused("EC751") }) }),
  answer: Envelope(Type.Object({ date: Type.String(), switching: Type.Boolean() })),
});

export const replayStop = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/stop",
  tag: "replay",
  summary: "Leaves the replay: the broker restarts on the live paper market (EC752 when no replay runs)",
  body: NoBody,
  answer: Envelope(Type.Object({ switching: Type.Boolean() })),
});

export const replayControl = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/control",
  tag: "replay",
  summary: "Moves the replay clock: a speed, pause, resume, one bar on (paused at the next minute), or a jump to a time of the day",
  description: "EC752 no replay runs; EC753 a speed not 1, 2, 5, 10, 50 or 100; EC754 a time not HH:MM within the day.",
  body: Type.Object({
    action: OneOf(["speed", "pause", "resume", "step", "jump"], refused("EC755")),
    speed: Type.Optional(Type.Number(refused("EC753"))),
    time: Type.Optional(Type.String({ description: "HH:MM, IST", ...refused("EC754") })),
  }),
  answer: Envelope(ReplayState),
});

export const ReplayTrade = Type.Object({
  time: Type.Number({ description: "epoch ms, replay clock" }),
  tradingSymbol: Type.String(),
  exchange: Type.String(),
  token: Type.Number(),
  side: OneOf(["BUY", "SELL"]),
  quantity: Type.Number(),
  price: Type.Number(),
});

export const ReplayReport = Type.Object({
  date: Type.String(),
  trades: Type.Array(ReplayTrade),
  curve: Type.Array(
    Type.Object({
      time: Type.Number({ description: "The replay clock's time: after a jump back, times repeat" }),
      pnl: Type.Number(),
      playedMs: Type.Number({ description: "Time played up to the point, jumps back counted again: never falls (a jump back's landing stands at the jump's)" }),
      jumpedFrom: Type.Optional(Type.Number({ description: "On a jump back's landing (the first point after it, at the time jumped to): the clock's time the jump left" })),
    }),
    { description: "P&L at the end of each minute played, gross of charges, in the order played" },
  ),
  finalPnl: Type.Number(),
  maxDrawdown: Type.Number({ description: "Rupees, the largest fall from a peak while the replay played, each stretch from its own start (a jump back's own change is no fall)" }),
  timeInMarketMs: Type.Number(),
  sessionMs: Type.Number({ description: "The time played, from the replay's start to its clock now, a stretch a jump back replayed counted again" }),
});
export type ReplayReport = Static<typeof ReplayReport>;

export const replayReport = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/report",
  tag: "replay",
  summary: "The replay so far: the user's trades, the P&L curve, maximum drawdown and time in market (EC752 when no replay runs)",
  body: NoBody,
  answer: Envelope(ReplayReport),
});

export const TodayTrade = ReplayTrade;
export const replayMarkers = defineCall({
  method: "POST",
  service: "core",
  path: "v2/replay/markers",
  tag: "replay",
  summary: "The user's own trades of the replayed day in the live paper account, to draw on the chart beside the replay's (Replay today)",
  body: NoBody,
  answer: Envelope(ReplayTrade),
});
