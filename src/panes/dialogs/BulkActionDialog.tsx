import { useEffect, useRef, useState } from "react";
import { BULK_TITLES, planIsEmpty, type BulkPlan } from "../../core/rules/bulkAction";
import { planLines } from "../../commands/bulk";
import { runCommand } from "../../commands/run";
import { addSessionLog } from "../../data/stores/sessionLog";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "./Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    /** An armed bulk action (issue 19): its preview, then a 3 s countdown that Esc aborts. */
    bulkAction: { plan: BulkPlan };
  }
}

/** Seconds a bulk action stays armed before anything is sent. */
export const BULK_ARM_SECONDS = 3;

/**
 * Shows what the bulk action will send and counts down; nothing is sent before the count ends.
 * Esc (dialog.close) closes the dialog, which aborts: the timer dies with it, and the abort is logged.
 */
export function BulkActionDialog({ plan }: { plan: BulkPlan }) {
  const empty = planIsEmpty(plan);
  const [left, setLeft] = useState(BULK_ARM_SECONDS);
  const fired = useRef(false);
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
      fired.current = true;
      closeOverlay("bulkAction");
      void runCommand("bulk.send", plan);
    }, 100);
    return () => {
      clearInterval(timer);
      if (!fired.current) addSessionLog({ title: BULK_TITLES[plan.kind], outcome: "aborted", sent: [], answers: ["Aborted during the countdown: nothing sent"] });
    };
  }, [plan, empty]);
  return (
    <Modal title={BULK_TITLES[plan.kind]}>
      <div className="confirm-body bulk-preview" data-testid="bulk-preview">
        {empty ? <p>Nothing to send: no open orders or positions for this action.</p> : planLines(plan).map((l, i) => <p key={i}>{l}</p>)}
        {!empty && (
          <p className="bulk-countdown" data-testid="bulk-countdown" aria-live="assertive">
            Sending in {left} s. <kbd>Esc</kbd> aborts.
          </p>
        )}
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" data-autofocus onClick={() => closeOverlay()}>
          {empty ? "Close" : "Abort"} <kbd>Esc</kbd>
        </button>
      </footer>
    </Modal>
  );
}
