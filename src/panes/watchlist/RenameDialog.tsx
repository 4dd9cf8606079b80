import { alphanumericWithSpaceOnly } from "../../core/rules/inputRestrictions";
import { useState } from "react";
import { WATCHLIST_NAME_MAX } from "../../core/watchlist/ecmw";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/**
 * Rename the shown user list. The name is not cut at 40 characters while typing: the broker
 * checks it and its message (ECMW007 and friends) is shown, as for every watchlist failure.
 */
export function RenameWatchlistDialog({ mwId, name }: { mwId: number; name: string }) {
  const [value, setValue] = useState(name);
  const over = value.trim().length > WATCHLIST_NAME_MAX;
  return (
    <Modal title="Rename watchlist">
      <CommandForm dialog="renameWatchlist" call={{ commandId: "watchlist.rename.submit", args: { mwId, name: value } }} submit="Rename">
        <label className="login-field">
          <span>Name</span>
          <input data-autofocus aria-label="Watchlist name" value={value} onChange={(e) => setValue(alphanumericWithSpaceOnly(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <p className={over ? "field-error" : "muted"}>
          {value.trim().length}/{WATCHLIST_NAME_MAX} characters
        </p>
      </CommandForm>
    </Modal>
  );
}
