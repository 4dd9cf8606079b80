import { useSelector } from "@legendapp/state/react";
import { Palette } from "../../commands/Palette";
import { overlay$ } from "../../core/stores/ui";
import { ConfirmDialog } from "./ConfirmDialog";
import { KeymapDialog } from "./KeymapDialog";
import { OrderWindowDialog } from "../orderWindow/OrderWindow";
import { OrderInfoDialog } from "../orders/OrderInfoDialog";
import { GttForm } from "../gtt/GttForm";
import { InstrumentSearch } from "../search/InstrumentSearch";
import { DormantDialog, RiskDisclosureDialog } from "./ProfileDialogs";

/** The one overlay on top of the workspace, if any. */
export function Overlays() {
  const o = useSelector(() => overlay$.top.get());
  switch (o.kind) {
    case "palette":
      return <Palette initial={o.initial} />;
    case "keymap":
      return <KeymapDialog />;
    case "search":
      return <InstrumentSearch />;
    case "confirm":
      return <ConfirmDialog title={o.title} lines={o.lines} confirmLabel={o.confirmLabel} commandId={o.commandId} args={o.args} />;
    case "orderWindow":
      return <OrderWindowDialog />;
    case "orderInfo":
      return <OrderInfoDialog orderNo={o.orderNo} />;
    case "gtt":
      return <GttForm init={o.init} />;
    case "dormant":
      return <DormantDialog />;
    case "riskDisclosure":
      return <RiskDisclosureDialog />;
    default:
      return null;
  }
}
