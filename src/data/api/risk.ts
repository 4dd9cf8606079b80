import type { Segment } from "../../core/types/exchange";
import * as wire from "../../core/wire/risk";
import { send } from "./send";

/** The risk desk's calls (issue 33, server/risk/routes.ts; schemas in src/core/wire/risk.ts). */
export type { KillSwitchRow } from "../../core/wire/risk";

export const getKillSwitches = () => send(wire.killSwitches, { body: {} });
export const turnOnKillSwitch = (segment: Segment, hours: number) => send(wire.turnOnKillSwitch, { body: { segment, hours } });
