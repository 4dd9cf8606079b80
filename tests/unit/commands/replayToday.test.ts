import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { brokerClock$ } from "../../../src/data/stores/brokerClock";
import { commandContext } from "./context";

/**
 * "Replay today" inside a replay: the broker's today is then the replayed day, so the command does
 * not run; it says why in the README's words (a day is replayed again with Replay a day…), where it
 * said "not available in Chart", as if the pane were the reason.
 */
describe("Replay today", () => {
  const today = registry.all().find((c) => c.id === "replay.today")!;
  afterEach(() => brokerClock$.mode.set(""));

  it("runs on the live market; inside a replay says a replay is running and how to replay today", () => {
    const ctx = commandContext("chart");
    brokerClock$.mode.set("sim");
    expect(registry.whyNot(today, ctx)).toBeUndefined();
    brokerClock$.mode.set("replay");
    expect(registry.whyNot(today, ctx)).toBe("A replay is running: its day is the broker's today. Leave replay first, or Replay a day… and choose today's recording");
    expect(registry.whyNot(today, commandContext("chart", { clientCode: undefined }))).toBe("Sign in first");
  });
});
