import { describe, expect, it, vi } from "vitest";

/**
 * Issue 35, "Speed 1×, 2×, 5×, 10×, 50× and 100×; pause": faster and slower step from the speed the
 * replay is set to, paused or not (a tester paused at 10×, chose 50× and pressed faster: it went to
 * 2×, since the app learnt a speed only from a running clock, whose health answer says 0 while paused).
 * The broker here is a stand-in that keeps its speed and pause as the real one answers them.
 */
const broker = { speed: 1, paused: false, ended: false };
const sent: number[] = [];
const actions: string[] = [];
vi.mock("../../../../src/data/api/replay", async (original) => ({
  ...(await original<object>()),
  controlReplay: async (body: { action: string; speed?: number }) => {
    actions.push(body.action);
    if (body.action === "speed") {
      broker.speed = body.speed!;
      sent.push(body.speed!);
    }
    if (body.action === "pause") broker.paused = true;
    if (body.action === "resume") broker.paused = false;
    return { status: "Ok", message: "Success", result: [{ simTime: 0, speed: broker.speed, paused: broker.paused, ended: broker.ended, moving: false }] };
  },
}));

const { setReplaySpeed, stepReplayBar, stepReplaySpeed, toggleReplayPause } = await import("../../../../src/data/stores/replay");
const { statusLine$ } = await import("../../../../src/data/stores/statusLine");

describe("faster and slower while the replay is paused", () => {
  it("paused at 10×, 50× chosen: faster is 100×; slower from there is 50×, then 10×", async () => {
    await setReplaySpeed(10);
    await toggleReplayPause();
    expect(broker.paused).toBe(true);
    await setReplaySpeed(50);
    await stepReplaySpeed(1);
    expect(sent.at(-1)).toBe(100);
    // At the top it stays there.
    await stepReplaySpeed(1);
    expect(sent.at(-1)).toBe(100);
    await stepReplaySpeed(-1);
    expect(sent.at(-1)).toBe(50);
    await stepReplaySpeed(-1);
    expect(sent.at(-1)).toBe(10);
    expect(broker.paused).toBe(true);
  });
});

describe("at the day's end", () => {
  it("resume and a bar on send nothing and say the day has ended (they said \"Replay resumed\" and nothing moved)", async () => {
    broker.ended = true;
    // The broker's answer to any control says so (as /health's replayEnded does).
    await setReplaySpeed(10);
    actions.length = 0;
    await toggleReplayPause();
    await stepReplayBar();
    expect(actions).toEqual([]);
    expect(statusLine$.peek()?.text).toBe("The replayed day has ended: Replay report shows how it went; jump back to a time, Replay a day…, or Leave replay");
  });
});
