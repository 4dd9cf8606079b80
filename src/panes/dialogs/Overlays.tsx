import { useSelector } from "@legendapp/state/react";
import { Palette } from "../../commands/Palette";
import { overlay$ } from "../../data/stores/ui";
import { ConfirmDialog } from "./ConfirmDialog";
import { KeymapDialog } from "./KeymapDialog";
import { AddFundsDialog } from "../portfolio/AddFundsDialog";
import { ConvertPositionDialog } from "../portfolio/ConvertPositionDialog";
import { PositionInfoDialog } from "../portfolio/PositionInfoDialog";
import { OrderWindowDialog } from "../orderWindow/OrderWindow";
import { OrderInfoDialog } from "../orders/OrderInfoDialog";
import { GttForm } from "../gtt/GttForm";
import { InstrumentSearch } from "../search/InstrumentSearch";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { RenameWatchlistDialog } from "../watchlist/RenameDialog";
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
    case "convertPosition":
      return <ConvertPositionDialog position={o.position} />;
    case "positionInfo":
      return <PositionInfoDialog position={o.position} />;
    case "addFunds":
      return <AddFundsDialog />;
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
    case "changePassword":
      return <ChangePasswordDialog />;
    case "renameWatchlist":
      return <RenameWatchlistDialog mwId={o.mwId} name={o.name} />;
    default:
      return null;
  }
}
