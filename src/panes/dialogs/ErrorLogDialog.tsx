import { useSelector } from "@legendapp/state/react";
import { runCommand } from "../../commands/run";
import { sourceLabel } from "../../core/errorLog";
import { formatDateTime } from "../../core/format";
import { errorLog$ } from "../../data/stores/errorLog";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

/** The common error log (src/core/errorLog.ts): the last 200 entries, newest first, in India time; Copy puts them on the clipboard. */
export function ErrorLogDialog() {
  const entries = useSelector(() => errorLog$.entries.get());
  const copied = useSelector(() => errorLog$.copied.get());
  return (
    <Modal title="Error log" wide>
      <div className="confirm-body error-log">
        {entries.length === 0 ? (
          <p className="muted" role="status">No errors since this page was opened.</p>
        ) : (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list the keyboard must reach (WCAG 2.1.1)
          <div className="error-log-list" tabIndex={0} aria-label="Error log entries">
            <table className="grid">
              <thead>
                <tr><th>Time (IST)</th><th>Source</th><th>Message</th></tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={`${e.at}${i}`}>
                    <td className="num">{formatDateTime(e.at)}</td>
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
          <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
            Close <KeyHint command="dialog.close" />
          </button>
          <button type="button" className="btn" disabled={entries.length === 0} onClick={() => void runCommand("errors.log.clear")}>
            Clear
          </button>
          <button type="button" className="btn btn-primary" data-autofocus disabled={entries.length === 0} onClick={() => void runCommand("errors.log.copy")}>
            Copy
          </button>
        </footer>
      </div>
    </Modal>
  );
}
