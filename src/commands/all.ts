import { layoutCommands } from "./defs/layout";
import { navigationCommands } from "./defs/navigation";
import { orderCommands } from "./defs/orders";
import { sessionCommands } from "./defs/session";
import { settingsCommands } from "./defs/settings";
import { viewCommands } from "./defs/view";
import { DEFAULT_KEYS, assertKeymapSound } from "./keymap";
import { CommandRegistry } from "./registry";

/** The one registry of the app; every area's command file is listed here. */
export const registry = new CommandRegistry();
for (const c of [...viewCommands, ...navigationCommands, ...layoutCommands, ...sessionCommands, ...settingsCommands, ...orderCommands]) registry.register(c);

// A default-key collision is a programming error: fail at start-up, not on a trader's keypress.
assertKeymapSound(DEFAULT_KEYS, registry.all());
