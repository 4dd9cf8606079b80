import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * A settings toggle run from the palette says its new state in the status line: the explorer
 * toggled order notifications and nothing said whether they were now on or off (a market order
 * then filled silently). Run through the registry, as the palette runs them.
 */
let registry: typeof import("../../../src/commands/all")["registry"];
let statusLine: typeof import("../../../src/data/stores/statusLine");
let settings: typeof import("../../../src/data/stores/settings");

beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  registry = (await import("../../../src/commands/all")).registry;
  statusLine = await import("../../../src/data/stores/statusLine");
  settings = await import("../../../src/data/stores/settings");
  (await import("../../../src/data/stores/session")).startSession({ clientCode: "DEMO1", accessToken: "token-1" });
});

const said = () => statusLine.statusLine$.peek()?.text;
const ctx = commandContext("home");

describe("settings toggles say their new state", () => {
  it("keep the order window open: off by default, so the first toggle turns it on, the second off", async () => {
    // The defaults (data/stores/settings.ts): stickOw false; "after success, the window closes unless stickOw is on".
    expect(settings.settings$.stickOw.peek()).toBe(false);
    await registry.run("settings.stickOw.toggle", ctx);
    expect(settings.settings$.stickOw.peek()).toBe(true);
    expect(said()).toBe("Keep the order window open after placing: on — Esc closes it");
    await registry.run("settings.stickOw.toggle", ctx);
    expect(said()).toBe("Keep the order window open after placing: off — it closes after each order");
  });

  it("order notifications: on by default, so the first toggle turns them off, the second on", async () => {
    expect(settings.settings$.isShowNotifications.peek()).toBe(true);
    await registry.run("settings.notifications.toggle", ctx);
    expect(settings.settings$.isShowNotifications.peek()).toBe(false);
    expect(said()).toBe("Order notifications: off — orders are shown in the Orders pane only");
    await registry.run("settings.notifications.toggle", ctx);
    expect(said()).toBe("Order notifications: on — each order's updates are shown as toasts");
  });
});
