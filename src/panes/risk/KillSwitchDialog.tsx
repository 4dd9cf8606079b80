import { useState } from "react";
import { formatDateTime } from "../../core/format";
import { COOLING_OFF_CHOICES, DEFAULT_COOLING_OFF_HOURS, SEGMENT_NAMES } from "../../core/rules/killSwitch";
import type { Segment } from "../../core/types/exchange";
import { brokerNow } from "../../data/stores/brokerClock";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

const hoursLabel = (h: number) => (h === 1 ? "1 hour" : `${h} hours`);

/**
 * The confirmation of a segment's kill switch (issue 33): names the segment, what happens to its
 * open orders, and when it lifts for the period chosen. Enter turns it on (risk.killSwitch.turnOn).
 */
export function KillSwitchDialog({ segment }: { segment: Segment }) {
  const [hours, setHours] = useState<number>(DEFAULT_COOLING_OFF_HOURS);
  const name = SEGMENT_NAMES[segment];
  const now = brokerNow();
  return (
    <Modal title={`Turn on the ${name} kill switch?`}>
      <CommandForm dialog="killSwitch" call={{ commandId: "risk.killSwitch.turnOn", args: { segment, hours } }} submit={`Turn on for ${name}`} testId="kill-switch-form">
        <p>
          Every open <b>{name}</b> order is cancelled now, and every new {name} order is refused until the cooling-off period has passed. It cannot be turned off
          early.
        </p>
        <label className="login-field">
          <span>Cooling-off period</span>
          <select data-autofocus name="hours" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {COOLING_OFF_CHOICES.map((h) => (
              <option key={h} value={h}>
                {hoursLabel(h)}
              </option>
            ))}
          </select>
        </label>
        {now !== undefined && (
          <p className="muted" data-testid="kill-switch-until">
            {name} orders refused until {formatDateTime(now + hours * 3_600_000)} IST (the paper broker's clock).
          </p>
        )}
      </CommandForm>
    </Modal>
  );
}
