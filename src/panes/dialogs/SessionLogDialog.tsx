import { useSelector } from "@legendapp/state/react";
import { istTime } from "../../core/time";
import { sessionLog$ } from "../../data/stores/sessionLog";
import { CloseFooter } from "./CloseFooter";
import { Modal } from "./Modal";

const OUTCOME = { sent: "Sent", aborted: "Aborted", "nothing to send": "Nothing to send" } as const;

export function SessionLogDialog() {
  const entries = useSelector(() => sessionLog$.entries.get());
  return (
    <Modal title="Session log: bulk actions" wide>
      <div className="confirm-body session-log" data-testid="session-log">
        {entries.length === 0 ? (
          <p>No bulk action yet in this session.</p>
        ) : (
          entries.map((e) => (
            <section key={e.id} className="session-log-entry" data-outcome={e.outcome}>
              <h4>
                {istTime(new Date(e.at).toISOString())} IST · {e.title} · {OUTCOME[e.outcome]}
              </h4>
              <ul>
                {e.answers.map((a, i) => (
                  <li key={i}>{a}</li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <CloseFooter />
    </Modal>
  );
}
