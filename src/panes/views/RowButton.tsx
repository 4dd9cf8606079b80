import type { CommandCall } from "../../commands/ids";
import { runCall } from "../../commands/run";
import { KeyHint } from "./KeyHint";

/**
 * A row's action for the mouse: it runs the same command as the key it names (that command's key
 * in the keymap, KeyHint), so it stays out of the Tab order (the row cursor and that key are the
 * keyboard's way).
 */
export function RowButton({ label, call }: { label: string; call: CommandCall }) {
  return (
    <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCall(call)}>
      {label} <KeyHint command={call.commandId} />
    </button>
  );
}
