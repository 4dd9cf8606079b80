import { useSelector } from "@legendapp/state/react";
import { useState } from "react";
import { errorLogText, sourceLabel } from "../../core/errorLog";
import { istDateTime } from "../../core/time";
import { clearErrorLog, errorLog$ } from "../../data/stores/errorLog";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "./Modal";

/** The common error log (src/core/errorLog.ts): the last 200 entries, newest first, in India time; Copy puts them on the clipboard. */
export function ErrorLogDialog() {
  const entries = useSelector(() => errorLog$.entries.get());
  const [copied, setCopied] = useState("");
  const copy = () => {
    void navigator.clipboard
      ?.writeText(errorLogText(entries, istDateTime))
      .then(() => setCopied(`${entries.length} ${entries.length === 1 ? "entry" : "entries"} copied`))
      .catch(() => setCopied("The clipboard refused: select the text below and copy it"));
  };
  return (
    <Modal title="Error log" wide>
      <div className="confirm-body error-log">
        {entries.length === 0 ? (
          <p className="muted" role="status">No errors since this page was opened.</p>
        ) : (
          <div className="error-log-list" tabIndex={0} aria-label="Error log entries">
            <table className="grid">
              <thead>
                <tr><th>Time (IST)</th><th>Source</th><th>Message</th></tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={`${e.at}${i}`}>
                    <td className="num">{istDateTime(e.at)}</td>
                    <td>{sourceLabel(e.source)}</td>
                    <td className="error-log-message">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {copied && <p className="muted" role="status">{copied}</p>}
        <footer className="modal-actions">
          <button type="button" className="btn" onClick={() => closeOverlay("errorLog")}>
            Close <kbd>Esc</kbd>
          </button>
          <button type="button" className="btn" disabled={entries.length === 0} onClick={clearErrorLog}>
            Clear
          </button>
          <button type="button" className="btn btn-primary" data-autofocus disabled={entries.length === 0} onClick={copy}>
            Copy
          </button>
        </footer>
      </div>
    </Modal>
  );
}
