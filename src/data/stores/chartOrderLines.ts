import type { ChartLine } from "../../core/charts/orderLines/lines";
import type { LineSelection, SelectionAction, SelectionStep } from "../../core/charts/orderLines/selection";
import type { Exchange } from "../../core/types/exchange";

/**
 * The order lines of the chart drawn in each pane, as the keys reach them (issue 34, orders on the
 * chart): a chart pane registers how its lines take an action once it is drawn, and unregisters
 * when it goes; the commands of commands/defs/chartOrders.ts act on the focused pane's. Kept apart
 * from chartControls.ts (the crosshair and view keys) so the two grow separately.
 */
export interface OrderLinesControl {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  tickSize: number;
  /** The selection as it stands. */
  selection(): LineSelection;
  /** The lines drawn now. */
  lines(): readonly ChartLine[];
  /** One step of the selection (core/charts/orderLines/selection.ts), drawn; Enter's step carries the modify to send, Tab's past either end the way out. */
  act(action: SelectionAction): Pick<SelectionStep, "send" | "leave">;
  /** The price under the crosshair (the mouse's, or the bar's close the keys put it on); undefined when it is off. */
  crosshairPrice(): number | undefined;
  /** The instrument's last price, 0 when none is known. */
  lastPrice(): number;
}

const controls = new Map<string, OrderLinesControl>();

/** Registers `control` for `paneId`; answers the unregistering (which leaves a newer one alone). */
export function registerOrderLines(paneId: string, control: OrderLinesControl): () => void {
  controls.set(paneId, control);
  return () => {
    if (controls.get(paneId) === control) controls.delete(paneId);
  };
}

export function orderLinesOf(paneId: string | undefined): OrderLinesControl | undefined {
  return paneId === undefined ? undefined : controls.get(paneId);
}
