import { useEffect, useRef, type ReactNode } from "react";
import { groupIndian } from "../../core/format";
import { commodityInfoRows } from "../../core/rules/commodityInfo";
import { fundsRefusalFigures } from "../../core/rules/fundsRefusal";
import { orderWindow$, type OrderWindowDialog } from "../../data/stores/orderWindow";
import type { ChargesBreakdown } from "../../core/types/orderWindow";
import { surveillanceText } from "../../commands/orderWindow";
import { runCommand } from "../../commands/run";
import { KeyHint } from "../views/KeyHint";

/**
 * A prompt's Back / Not now: what its Esc does (back to the window, which stays open). Never bare
 * "Cancel": in Tape that word is an order's, a GTT's, an alert's or a SIP's ("Cancel order"), and
 * a dialog's Esc button says what Esc does there (Close, Back, Not now, No).
 */
const back = () => void runCommand("orderWindow.prompt.back");

/**
 * The order window's own prompts: charges, insufficient margin with the add-funds prompt, the
 * AMO confirmation and the ASM/GSM surveillance confirmation. Esc closes the prompt, not the window.
 */
export function WindowDialog({ dialog }: { dialog: OrderWindowDialog }) {
  switch (dialog.kind) {
    case "charges":
      return <ChargesPrompt />;
    case "insufficient":
      return (
        <Prompt title="Insufficient margin">
          <p>{dialog.message}</p>
          <MarginLine message={dialog.message} />
          <p>Add funds to place this order?</p>
          <Actions>
            <button type="button" className="btn" onClick={back}>
              Not now <KeyHint command="orderWindow.prompt.back" />
            </button>
            <button type="button" className="btn btn-primary" data-primary autoFocus onClick={() => void runCommand("orderWindow.addFunds")}>
              Add funds <KeyHint command="orderWindow.prompt.accept" />
            </button>
          </Actions>
        </Prompt>
      );
    case "amo":
      return (
        <Prompt title="Market is closed">
          <p>The market for this exchange is closed. Place this as an after-market order (AMO), as the window shows it? It goes to the exchange when the market opens.</p>
          <Actions>
            <button type="button" className="btn" onClick={back}>
              Back <KeyHint command="orderWindow.prompt.back" />
            </button>
            <button type="button" className="btn btn-primary" data-primary autoFocus onClick={() => void runCommand("orderWindow.amo.accept")}>
              Place AMO <KeyHint command="orderWindow.prompt.accept" />
            </button>
          </Actions>
        </Prompt>
      );
    case "asm":
      return <AsmPrompt />;
    case "commodityInfo":
      return <CommodityInfoPrompt />;
  }
}

/** The commodity info dialog: the contract's specification before a first order in it this session. */
function CommodityInfoPrompt() {
  const contract = orderWindow$.contract.peek();
  return (
    <Prompt title={`Contract specification: ${contract?.symbol ?? ""}`}>
      <table className="grid kv" data-testid="commodity-info">
        <tbody>
          {(contract ? commodityInfoRows(contract) : []).map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Actions>
        <button type="button" className="btn btn-primary" data-primary autoFocus onClick={back}>
          Got it <KeyHint command="orderWindow.prompt.accept" />
        </button>
      </Actions>
    </Prompt>
  );
}

function AsmPrompt() {
  const contract = orderWindow$.contract.peek();
  return (
    <Prompt title="Surveillance measure">
      <p>{contract ? surveillanceText(contract) : ""}</p>
      <Actions>
        <button type="button" className="btn" onClick={() => void runCommand("orderWindow.asm.answer", { accepted: false })}>
          No <KeyHint command="orderWindow.prompt.back" />
        </button>
        <button type="button" className="btn btn-primary" data-primary autoFocus onClick={() => void runCommand("orderWindow.asm.answer", { accepted: true })}>
          Yes, continue <KeyHint command="orderWindow.prompt.accept" />
        </button>
      </Actions>
    </Prompt>
  );
}

const CHARGE_ROWS: Array<[keyof ChargesBreakdown, string]> = [
  ["turnover", "Turnover"],
  ["brokerage", "Brokerage"],
  ["stt", "STT"],
  ["exchangeTransactionCharges", "Exchange transaction charges"],
  ["sebiFees", "SEBI fees"],
  ["stampDuty", "Stamp duty"],
  ["gst", "GST"],
  ["total", "Total charges"],
];

function ChargesPrompt() {
  const charges = orderWindow$.state.charges.peek();
  return (
    <Prompt title="Charges">
      <table className="grid kv">
        <tbody>
          {CHARGE_ROWS.map(([k, label]) => (
            <tr key={k}>
              <td>{label}</td>
              <td className="num">₹{groupIndian(charges?.[k] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Actions>
        <button type="button" className="btn" data-primary autoFocus onClick={back}>
          Back <KeyHint command="orderWindow.prompt.back" />
        </button>
      </Actions>
    </Prompt>
  );
}

/** The window's figures, unless the broker's message says the same ones (the window took them: commands/orderWindowMargin.ts adoptRefusalFigures). */
function MarginLine({ message }: { message: string }) {
  const margin = orderWindow$.margin.peek();
  const broker = fundsRefusalFigures(message);
  if (!margin || (broker?.required === margin.required && broker.available === margin.available)) return null;
  return (
    <p>
      Required ₹{groupIndian(margin.required)}, available ₹{groupIndian(margin.available)}.
    </p>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <footer className="modal-actions">{children}</footer>;
}

/**
 * A prompt's Esc is the orderWindow.prompt.back command and its Enter orderWindow.prompt.accept
 * (defs/orderWindow.ts), whatever button has the focus; its buttons run commands too. The focus
 * starts on the button marked Enter (data-primary), so that what looks pressed is what Enter does.
 */
function Prompt({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus goes back where it was (a field of the window) when the prompt closes, so the next
    // Esc closes the window and the next Enter submits again.
    const previous = document.activeElement as HTMLElement | null;
    (ref.current?.querySelector<HTMLElement>("[data-primary]") ?? ref.current?.querySelector<HTMLElement>("button"))?.focus();
    return () => {
      const back = previous && previous.isConnected ? previous : document.getElementById("ow-quantity");
      back?.focus();
    };
  }, []);
  return (
    <div ref={ref} className="ow-prompt" role="alertdialog" aria-label={title}>
      <header className="ow-prompt-title">{title}</header>
      {children}
    </div>
  );
}
