import * as wire from "../../core/wire/replay";
import { send } from "./send";

/** Market replay's calls (issue 35, server/replay/routes.ts; schemas in src/core/wire/replay.ts). */
export type { ReplayDay, ReplayReport, ReplayState } from "../../core/wire/replay";

export const getReplayDays = () => send(wire.replayDays, { body: {} });
export const getReplayState = () => send(wire.replayState, { body: {} });
export const startReplay = (date: string) => send(wire.replayStart, { body: { date } });
export const stopReplay = () => send(wire.replayStop, { body: {} });
export const controlReplay = (body: { action: "speed" | "pause" | "resume" | "step" | "jump"; speed?: number; time?: string }) => send(wire.replayControl, { body });
export const getReplayReport = () => send(wire.replayReport, { body: {} });
export const getReplayMarkers = () => send(wire.replayMarkers, { body: {} });
