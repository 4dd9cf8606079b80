import { RunningClock } from "../core/rules/feedHealth";
import { brokerClock$ } from "../data/stores/brokerClock";

/**
 * The clock the feed stamps frames and counts silences with (core/rules/feedHealth.ts,
 * RunningClock): the device's, standing still while the broker says its market's clock stands
 * (a replay paused or ended: speed 0). Each health answer tells it, so a pause is seen within a
 * check (a second), well inside the 5 s the light waits.
 */
const clock = new RunningClock();
brokerClock$.onChange(({ value }) => clock.observe((value.speed ?? 1) > 0, value.at || Date.now()));

export const feedNow = (): number => clock.now(Date.now());
