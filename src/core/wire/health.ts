import { defineCall } from "./call";
import { Envelope, OneOf, Type } from "./schema";

/** GET /health: the broker is up, and its simulated clock (the app's feed light asks once a second). */
export const health = defineCall({
  method: "GET",
  service: "",
  path: "health",
  tag: "health",
  summary: "The broker is up; its clock",
  answer: Envelope(
    Type.Object({
      up: Type.Boolean(),
      simTime: Type.String({ description: "The broker's clock, ISO instant" }),
      clockMode: OneOf(["real", "fixed", "next-open", "replay"], { description: "SIM_TIME=real, a fixed SIM_TIME start, the next open (the default), or a replayed day's clock (issue 35)" }),
      clockSpeed: Type.Optional(Type.Number({ description: "How fast the clock runs against the wall clock: 1 live, the replay's speed, 0 while a replay stands (paused, moving to another time, or at the day's end)" })),
      replaySpeed: Type.Optional(Type.Number({ description: "In replay mode, the speed the replay is set to, paused or not: what resume plays at (clockSpeed is 0 while it stands)" })),
      replayMoving: Type.Optional(Type.Boolean({ description: "In replay mode, whether the tape is being played to the time the clock was moved to: the clock stands there until it arrives" })),
      replayEnded: Type.Optional(Type.Boolean({ description: "In replay mode, whether the clock reached the day's last tick: the replay stands there for good (a jump back or another day goes on)" })),
      replayDate: Type.Optional(Type.String({ description: "The day replayed, YYYY-MM-DD, in replay mode" })),
      replayRun: Type.Optional(Type.String({ description: "Which run of that day (a run's books are its own; another run starts with empty ones), in replay mode" })),
    }),
  ),
});
