import { alphanumericWithSpaceOnly } from "../../core/rules/inputRestrictions";
import { useState } from "react";
import { BASKET_NAME_MAX } from "../../core/rules/basket";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/** Create or rename a basket. The broker checks the name (1 to 40 characters, unique) and its message is shown. */
export function BasketNameDialog({ basketId, name }: { basketId?: number; name: string }) {
  const [value, setValue] = useState(name);
  const over = value.trim().length > BASKET_NAME_MAX;
  return (
    <Modal title={basketId === undefined ? "New basket" : "Rename basket"}>
      <CommandForm dialog="basketName" call={{ commandId: "basket.name.submit", args: { ...(basketId !== undefined ? { basketId } : {}), name: value } }} submit={basketId === undefined ? "Create" : "Rename"}>
        <label className="login-field">
          <span>Name</span>
          <input data-autofocus aria-label="Basket name" value={value} onChange={(e) => setValue(alphanumericWithSpaceOnly(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <p className={over ? "field-error" : "muted"}>
          {value.trim().length}/{BASKET_NAME_MAX} characters
        </p>
      </CommandForm>
    </Modal>
  );
}
