import type { Segment } from "../../core/types/exchange";
import * as wire from "../../core/wire/risk";
import { send } from "./send";

/** The risk desk's calls (issue 33, server/risk/routes.ts; schemas in src/core/wire/risk.ts). */
export type { KillSwitchRow } from "../../core/wire/risk";

export const getKillSwitches = () => send(wire.killSwitches, { body: {} });
export const turnOnKillSwitch = (segment: Segment, hours: number) => send(wire.turnOnKillSwitch, { body: { segment, hours } });

export type { LimitsRow } from "../../core/wire/risk";
export const getLossLimits = () => send(wire.lossLimits, { body: {} });
export const setLossLimits = (l: { maxLoss: number; maxOrders: number; maxPositionValue: number; squareOff: boolean }) => send(wire.setLossLimits, { body: l });
