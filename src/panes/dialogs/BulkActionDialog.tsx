import { useEffect, useState } from "react";
import { BULK_TITLES, planIsEmpty, type BulkPlan } from "../../core/rules/bulkAction";
import { planLines, wasFired } from "../../commands/bulk";
import { runCommand } from "../../commands/run";
import { addSessionLog } from "../../data/stores/sessionLog";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

/** Seconds a bulk action stays armed before anything is sent. */
export const BULK_ARM_SECONDS = 3;

/**
 * Shows what the bulk action will send and counts down; nothing is sent before the count ends
 * unless the trader presses Send now (Enter, bulk.sendNow). Esc (dialog.close) closes the dialog,
 * which aborts: the timer dies with it, and the abort is logged and said in the status line.
 */
export function BulkActionDialog({ plan }: { plan: BulkPlan }) {
  const empty = planIsEmpty(plan);
  const [left, setLeft] = useState(BULK_ARM_SECONDS);
  useEffect(() => {
    if (empty) {
      addSessionLog({ title: BULK_TITLES[plan.kind], outcome: "nothing to send", sent: [], answers: [] });
      return;
    }
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = BULK_ARM_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (remaining > 0) return setLeft(remaining);
      clearInterval(timer);
      void runCommand("bulk.send", plan);
    }, 100);
    return () => {
      clearInterval(timer);
      if (wasFired(plan)) return;
      addSessionLog({ title: BULK_TITLES[plan.kind], outcome: "aborted", sent: [], answers: ["Aborted during the countdown: nothing sent"] });
      sayInStatusLine(`${BULK_TITLES[plan.kind]} aborted: nothing sent`);
    };
  }, [plan, empty]);
  return (
    <Modal title={BULK_TITLES[plan.kind]}>
      <div className="confirm-body bulk-preview" data-testid="bulk-preview">
        {empty ? (
          plan.covered.length > 0 ? (
            // Every position is already being exited by working orders (rules/exitWorking.ts): say by which, send nothing.
            [<p key="none">Nothing to send: working orders already exit every position.</p>, ...plan.covered.map((l, i) => <p key={i}>{l}</p>)]
          ) : (
            <p>Nothing to send: no open orders or positions for this action.</p>
          )
        ) : (
          planLines(plan).map((l, i) => <p key={i}>{l}</p>)
        )}
        {!empty && (
          <p className="bulk-countdown" data-testid="bulk-countdown" aria-live="assertive">
            Sending in {left} s.<KeyHint command="bulk.sendNow">{(k) => <> {k} sends now,</>}</KeyHint>
            <KeyHint command="dialog.close">aborts.</KeyHint>
          </p>
        )}
      </div>
      <footer className="modal-actions">
        {/* A focused Abort keeps Enter: Enter on it aborts, as its label says. */}
        <button type="button" className="btn" data-keep-enter {...(empty ? { "data-autofocus": true } : {})} onClick={() => void runCommand("dialog.close")}>
          {empty ? "Close" : "Abort"} <KeyHint command="dialog.close" />
        </button>
        {!empty && (
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => void runCommand("bulk.sendNow")}>
            Send now <KeyHint command="bulk.sendNow" />
          </button>
        )}
      </footer>
    </Modal>
  );
}
