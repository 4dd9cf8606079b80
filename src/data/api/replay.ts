import * as wire from "../../core/wire/replay";
import { send } from "./send";

/** Market replay's calls (issue 35, server/replay/routes.ts; schemas in src/core/wire/replay.ts). */
export type { ReplayDay, ReplayReport, ReplayState } from "../../core/wire/replay";

export const getReplayDays = () => send(wire.replayDays, { body: {} });
export const getReplayState = () => send(wire.replayState, { body: {} });
export const startReplay = (date: string) => send(wire.replayStart, { body: { date } });
export const stopReplay = () => send(wire.replayStop, { body: {} });
/**
 * The broker answers a jump or a step once it has played the tape up to the new time, answering
 * other calls meanwhile: a jump across a long recording takes longer than the usual 15 s.
 */
const PLAYING_MS = 120_000;
export const controlReplay = (body: { action: "speed" | "pause" | "resume" | "step" | "jump"; speed?: number; time?: string }) =>
  send(wire.replayControl, { body }, body.action === "jump" || body.action === "step" ? { timeout: PLAYING_MS } : {});
export const getReplayReport = () => send(wire.replayReport, { body: {} });
export const getReplayMarkers = () => send(wire.replayMarkers, { body: {} });
