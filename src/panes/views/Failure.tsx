import { errorMessage } from "../../core/errorLog";
import { ChunkLoadError } from "../../data/chunkLoad";
import { runCommand } from "../../commands/run";
import "./failure.css";

/**
 * A deploy while the app was open, after the one automatic reload (data/chunkLoad.ts): said
 * plainly, with the way to the new version.
 */
export function UpdatedNotice({ meanwhile }: { meanwhile?: string }) {
  return (
    <div className="failure" role="alert">
      <div className="failure-title">Tape was updated: a file it needs could not be loaded.</div>
      <div className="failure-detail">The page reloaded once and the file is still missing. Reload Tape to load the new version.</div>
      {meanwhile && <div className="failure-detail">{meanwhile}</div>}
      <button type="button" className="btn btn-primary" onClick={() => void runCommand("app.reload")}>
        Reload Tape
      </button>
    </div>
  );
}

/** A pane whose view threw: the error and Reload, in that pane only; the other panes keep working. */
export function PaneFailure({ error, paneId }: { error: unknown; paneId: string }) {
  if (error instanceof ChunkLoadError) return <UpdatedNotice />;
  return (
    <div className="failure" role="alert">
      <div className="failure-title">This pane stopped</div>
      <code className="failure-error">{errorMessage(error)}</code>
      <div className="failure-detail">The other panes keep working. Reload pane shows it again (also in the palette).</div>
      <button type="button" className="btn btn-primary" onClick={() => void runCommand("pane.reload", { paneId })}>
        Reload pane
      </button>
    </div>
  );
}

/**
 * The whole page failed, or (`meanwhile` given) a layer over panes that still work, shown floating
 * above the status bar with what does not work until a reload.
 */
export function AppFailure({ error, meanwhile }: { error: unknown; meanwhile?: string }) {
  const body =
    error instanceof ChunkLoadError ? (
      <UpdatedNotice meanwhile={meanwhile} />
    ) : (
      <div className="failure" role="alert">
        <div className="failure-title">Tape stopped</div>
        <code className="failure-error">{errorMessage(error)}</code>
        <div className="failure-detail">Orders already sent are with the broker. Reload Tape to start it again.</div>
        {meanwhile && <div className="failure-detail">{meanwhile}</div>}
        <button type="button" className="btn btn-primary" onClick={() => void runCommand("app.reload")}>
          Reload Tape
        </button>
      </div>
    );
  return <div className={meanwhile ? "failure-floating" : "failure-page"}>{body}</div>;
}
