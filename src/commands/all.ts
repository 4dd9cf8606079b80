import { layoutCommands } from "./defs/layout";
import { marketCommands } from "./defs/market";
import { navigationCommands } from "./defs/navigation";
import { portfolioCommands } from "./defs/portfolio";
import { sessionCommands } from "./defs/session";
import { settingsCommands } from "./defs/settings";
import { viewCommands } from "./defs/view";
import { watchlistCommands } from "./defs/watchlist";
import { DEFAULT_KEYS, assertKeymapSound } from "./keymap";
import { CommandRegistry } from "./registry";

/** The one registry of the app; every area's command file is listed here. */
export const registry = new CommandRegistry();
for (const c of [...viewCommands, ...navigationCommands, ...layoutCommands, ...sessionCommands, ...settingsCommands, ...marketCommands, ...portfolioCommands, ...watchlistCommands]) registry.register(c);

// A default-key collision is a programming error: fail at start-up, not on a trader's keypress.
assertKeymapSound(DEFAULT_KEYS, registry.all());
