import ky from "ky";
import { afterEach, describe, expect, it } from "vitest";
import { setToastSink, type Toast } from "../../../src/core/notify";
import { call } from "../../../src/data/api/http";
import { brokerReach$ } from "../../../src/data/stores/brokerReach";
import { UNKNOWN_REACH } from "../../../src/core/rules/brokerReach";

/**
 * "Network error: shows the error message" (access-and-surroundings section 8), once per outage and in
 * a trader's words: with the broker stopped every pane's refresh failed and toasted the browser's bare
 * "Failed to fetch" (×6), under the workspace's banner that already says the broker is unreachable
 * since when. The call that finds the broker down says it; the calls after it, while it stays down, do not.
 */
describe("a network failure's toast", () => {
  afterEach(() => brokerReach$.set(UNKNOWN_REACH));
  const down = ky.create({ prefixUrl: "http://broker.invalid", retry: 0, fetch: () => Promise.reject(new TypeError("Failed to fetch")) });
  const up = ky.create({ prefixUrl: "http://broker.invalid", retry: 0, fetch: async () => new Response(JSON.stringify({ status: "Ok", message: "Success", result: [] }), { status: 200 }) });

  it("is said once, by the call that finds the broker down, in words around the browser's", async () => {
    const toasts: Toast[] = [];
    setToastSink((t) => toasts.push(t));
    for (let i = 0; i < 3; i++) await expect(call(down, "core/v2/positions")).rejects.toThrow("Failed to fetch");
    expect(toasts).toEqual([{ kind: "danger", text: "The broker is unreachable (Failed to fetch)" }]);
  });

  it("is said again after the broker answered in between (a new outage)", async () => {
    const toasts: Toast[] = [];
    setToastSink((t) => toasts.push(t));
    await expect(call(down, "core/v2/positions")).rejects.toThrow();
    await call(up, "core/v2/positions");
    await expect(call(down, "core/v2/positions")).rejects.toThrow();
    expect(toasts.map((t) => t.text)).toEqual(["The broker is unreachable (Failed to fetch)", "The broker is unreachable (Failed to fetch)"]);
  });
});
