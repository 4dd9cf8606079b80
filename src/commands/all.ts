import { alertCommands, alertLineParser } from "./defs/alerts";
import { aliasCommands, aliasLineParser } from "./defs/aliases";
import { basketCommands, basketLineParser } from "./defs/baskets";
import { chainCommands, chainLineParser } from "./defs/chain";
import { chartCommands, chartLineParser } from "./defs/chart";
import { chartGridCommands, chartGridLineParser } from "./defs/chartGrid";
import { chartOrderCommands } from "./defs/chartOrders";
import { chartDrawingCommands } from "./defs/chartDrawings";
import { chartIndicatorCommands, chartIndicatorLineParser } from "./defs/chartIndicators";
import { columnCommands } from "./defs/columns";
import { discoverCommands } from "./defs/discover";
import { powerCommands } from "./defs/power";
import { gttCommands, gttLineParser } from "./defs/gtt";
import { ideaCommands } from "./defs/ideas";
import { layoutCommands } from "./defs/layout";
import { workspaceCommands, workspaceLineParser } from "./defs/workspaces";
import { listCommands } from "./defs/lists";
import { loginCommands } from "./defs/login";
import { marketCommands } from "./defs/market";
import { navigationCommands } from "./defs/navigation";
import { portfolioCommands } from "./defs/portfolio";
import { profileCommands } from "./defs/profile";
import { recoveryCommands } from "./defs/recovery";
import { riskCommands } from "./defs/risk";
import { deskCommands } from "./defs/desk";
import { depthCommands } from "./defs/depth";
import { replayCommands } from "./defs/replay";
import { orderCommands } from "./defs/orders";
import { orderWindowCommands } from "./defs/orderWindow";
import { sessionCommands } from "./defs/session";
import { settingsCommands } from "./defs/settings";
import { savedStrategyLineParser, strategyCommands, strategyLineParser } from "./defs/strategy";
import { viewCommands } from "./defs/view";
import { watchlistCommands } from "./defs/watchlist";
import { describeDraft, isOrderCommand, parseOrderCommand } from "./grammar/order";
import { assertKeymapSound } from "./keymap";
import { registerLineParser, type CommandLineParser } from "./lineParsers";
import { registry } from "./registry";

export { registry };

/**
 * Every area's command file is listed here and registered into the one registry; ids.ts reads the
 * ids and argument types off this list.
 */
export const ALL_COMMANDS = [
  ...viewCommands,
  ...listCommands,
  ...columnCommands,
  ...navigationCommands,
  ...layoutCommands,
  ...workspaceCommands,
  ...sessionCommands,
  ...loginCommands,
  ...profileCommands,
  ...settingsCommands,
  ...marketCommands,
  ...portfolioCommands,
  ...orderCommands,
  ...orderWindowCommands,
  ...gttCommands,
  ...watchlistCommands,
  ...basketCommands,
  ...ideaCommands,
  ...chainCommands,
  ...strategyCommands,
  ...chartCommands,
  ...chartOrderCommands,
  ...chartDrawingCommands,
  ...chartIndicatorCommands,
  ...chartGridCommands,
  ...depthCommands,
  ...discoverCommands,
  ...alertCommands,
  ...powerCommands,
  ...aliasCommands,
  ...recoveryCommands,
  ...riskCommands,
  ...deskCommands,
  ...replayCommands,
];
for (const c of ALL_COMMANDS) registry.register(c);

/** "buy INFY 10 @ 1500 ..." opens the order window pre-filled (grammar/order.ts). */
const orderLineParser: CommandLineParser = {
  id: "order",
  heading: "Order",
  claims: isOrderCommand,
  parse: (input) => {
    const p = parseOrderCommand(input);
    // The line as typed goes along: the palette gets it back if the window cannot open (issue 28).
    return p.ok ? { ok: true, title: `Open order window: ${describeDraft(p.draft)}`, commandId: "order.line", args: { draft: p.draft, typed: input } } : p;
  },
};
// The palette's command line: every area's parser, tried in this order.
registerLineParser(basketLineParser);
registerLineParser(gttLineParser);
registerLineParser(chartIndicatorLineParser);
// Before the chart line: "chart grid 4" is a grid, not a chart of GRID.
registerLineParser(chartGridLineParser);
registerLineParser(chartLineParser);
registerLineParser(alertLineParser);
registerLineParser(orderLineParser);
registerLineParser(chainLineParser);
registerLineParser(strategyLineParser);
registerLineParser(savedStrategyLineParser);
registerLineParser(workspaceLineParser);
// After the built-in words: an alias can never take "buy" or "basket" (src/core/rules/alias.ts).
registerLineParser(aliasLineParser);

// A default-key collision is a programming error: fail at start-up, not on a trader's keypress.
assertKeymapSound(registry.all());
