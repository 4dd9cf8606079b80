import * as wire from "../../core/wire/strategies";
import { send } from "./send";

/** Saved strategies of the options desk (issue 31), per user, under /core/v2/strategies (schemas: src/core/wire/strategies.ts). */

export type { SavedStrategy, SavedStrategyLeg, NewStrategyLeg } from "../../core/wire/strategies";

export const listStrategies = () => send(wire.listStrategies, { body: {} });

/** Saves by name, replacing a strategy of that name (case-blind); answers the list. */
export const saveStrategy = (name: string, underlying: string, legs: readonly wire.NewStrategyLeg[]) => send(wire.saveStrategy, { body: { name, underlying, legs: [...legs] } });

export const deleteStrategy = (name: string) => send(wire.deleteStrategy, { body: { name } });
