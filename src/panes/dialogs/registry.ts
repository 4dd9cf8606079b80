import type { ComponentType } from "react";
import { Palette } from "../../commands/Palette";
import type { Dialogs } from "../../data/stores/dialogs";
import type { DialogId } from "../../data/stores/ui";
import { AlertDialog } from "../alerts/AlertDialog";
import { SipDialog } from "../alerts/SipDialog";
import { BasketLegDialog } from "../baskets/BasketLegDialog";
import { BasketNameDialog } from "../baskets/BasketNameDialog";
import { GttForm } from "../gtt/GttForm";
import { GttInfoDialog } from "../gtt/GttInfoDialog";
import { OrderInfoDialog } from "../orders/OrderInfoDialog";
import { OrderWindowDialog } from "../orderWindow/OrderWindow";
import { AddFundsDialog } from "../portfolio/AddFundsDialog";
import { ConvertPositionDialog } from "../portfolio/ConvertPositionDialog";
import { PositionInfoDialog } from "../portfolio/PositionInfoDialog";
import { KillSwitchDialog } from "../risk/KillSwitchDialog";
import { LossLimitsDialog } from "../risk/LossLimitsDialog";
import { BracketTemplatesDialog } from "../risk/BracketTemplatesDialog";
import { OrderPresetsDialog } from "../risk/OrderPresetsDialog";
import { InstrumentSearch } from "../search/InstrumentSearch";
import { RenameWatchlistDialog } from "../watchlist/RenameDialog";
import { StrategyConfirmDialog, StrategyEntryDialog } from "../strategy/StrategyDialogs";
import { BetaAccessDialog } from "./BetaAccessDialog";
import { AliasConfirmDialog } from "./AliasConfirmDialog";
import { AliasesDialog } from "./AliasesDialog";
import { BulkActionDialog } from "./BulkActionDialog";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { ColumnsDialog } from "./ColumnsDialog";
import { ConfirmDialog } from "./ConfirmDialog";
import { DormantDialog } from "./DormantDialog";
import { ErrorLogDialog } from "./ErrorLogDialog";
import { FeedbackDialog } from "./FeedbackDialog";
import { KeymapDialog } from "./KeymapDialog";
import { LatencyDialog } from "./LatencyDialog";
import { RiskDisclosureDialog } from "./RiskDisclosureDialog";
import { SessionLogDialog } from "./SessionLogDialog";
import { ReplayDayDialog, ReplayJumpDialog, ReplayReportDialog } from "../replay/ReplayDialogs";

/**
 * Every dialog by id. src/data/stores/dialogs.ts declares its id and props (an entry of
 * `Dialogs`); this line shows it. The type makes the two agree: a declared dialog
 * without a line here, or a line without a declaration, does not compile.
 */
export const DIALOGS: { [K in DialogId]: ComponentType<Dialogs[K]> } = {
  palette: Palette,
  keymap: KeymapDialog,
  search: InstrumentSearch,
  confirm: ConfirmDialog,
  killSwitch: KillSwitchDialog,
  lossLimits: LossLimitsDialog,
  orderPresets: OrderPresetsDialog,
  bracketTemplates: BracketTemplatesDialog,
  replayDay: ReplayDayDialog,
  replayJump: ReplayJumpDialog,
  replayReport: ReplayReportDialog,
  convertPosition: ConvertPositionDialog,
  positionInfo: PositionInfoDialog,
  addFunds: AddFundsDialog,
  orderWindow: OrderWindowDialog,
  orderInfo: OrderInfoDialog,
  gtt: GttForm,
  gttInfo: GttInfoDialog,
  dormant: DormantDialog,
  riskDisclosure: RiskDisclosureDialog,
  changePassword: ChangePasswordDialog,
  renameWatchlist: RenameWatchlistDialog,
  basketName: BasketNameDialog,
  basketLeg: BasketLegDialog,
  feedback: FeedbackDialog,
  errorLog: ErrorLogDialog,
  betaAccess: BetaAccessDialog,
  alert: AlertDialog,
  sip: SipDialog,
  bulkAction: BulkActionDialog,
  sessionLog: SessionLogDialog,
  latency: LatencyDialog,
  columns: ColumnsDialog,
  aliases: AliasesDialog,
  aliasConfirm: AliasConfirmDialog,
  strategyEntry: StrategyEntryDialog,
  strategyConfirm: StrategyConfirmDialog,
};
