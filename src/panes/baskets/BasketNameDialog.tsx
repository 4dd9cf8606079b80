import { alphanumericWithSpaceOnly } from "../../core/rules/inputRestrictions";
import { useState } from "react";
import { runCommand } from "../../commands/run";
import { BASKET_NAME_MAX } from "../../core/rules/basket";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "../dialogs/Modal";

/** Create or rename a basket. The broker checks the name (1 to 40 characters, unique) and its message is shown. */
export function BasketNameDialog({ basketId, name }: { basketId?: number; name: string }) {
  const [value, setValue] = useState(name);
  const over = value.trim().length > BASKET_NAME_MAX;
  return (
    <Modal title={basketId === undefined ? "New basket" : "Rename basket"}>
      <form
        className="confirm-body"
        onSubmit={(e) => {
          e.preventDefault();
          void runCommand("basket.name.submit", { ...(basketId !== undefined ? { basketId } : {}), name: value });
        }}
      >
        <label className="login-field">
          <span>Name</span>
          <input data-autofocus aria-label="Basket name" value={value} onChange={(e) => setValue(alphanumericWithSpaceOnly(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <p className={over ? "field-error" : "muted"}>
          {value.trim().length}/{BASKET_NAME_MAX} characters
        </p>
        <footer className="modal-actions">
          <button type="button" className="btn" onClick={() => closeOverlay("basketName")}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            {basketId === undefined ? "Create" : "Rename"}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
