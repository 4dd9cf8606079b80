import ky, { HTTPError } from "ky";
import { afterEach, describe, expect, it } from "vitest";
import { setResetHandler, setToastSink, type Toast } from "../../../src/core/notify";
import { call, isNoAnswer } from "../../../src/data/api/http";
import { brokerReach$ } from "../../../src/data/stores/brokerReach";
import { UNKNOWN_REACH } from "../../../src/core/rules/brokerReach";

/**
 * "The app recovers from a broker restart or a dropped socket without a reload": a trader is never
 * sent to the login page because the broker was slow to answer. The paper broker's HTTP server
 * answers 408 (EC408, server/http/limits.ts) when a request it accepted was not read within its
 * timeout: a broker starved of CPU just after a restart did so to the orders book, and the app
 * took it as the table's "other 4xx" and signed the trader out (silent.spec's restart, in full runs).
 * A 408 says the request did not arrive in time, nothing of the session: it is no answer, as a timeout.
 */
describe("a request the broker timed out (HTTP 408)", () => {
  let resets = 0;
  afterEach(() => {
    brokerReach$.set(UNKNOWN_REACH);
    setResetHandler(() => {});
    resets = 0;
  });
  // The broker's own answer, as server/http/limits.ts writes it.
  const timedOut = ky.create({
    prefixUrl: "http://broker.invalid",
    retry: 0,
    fetch: async () => new Response(JSON.stringify({ status: "EC408", message: "The request took too long to arrive", result: [] }), { status: 408, headers: { "Content-Type": "application/json" } }),
  });

  it("leaves the session as it is and says the broker did not answer in time", async () => {
    const toasts: Toast[] = [];
    setToastSink((t) => toasts.push(t));
    setResetHandler(() => resets++);
    await expect(call(timedOut, "core/v2/orders/book")).rejects.toThrow(HTTPError);
    expect(resets).toBe(0);
    expect(toasts).toEqual([{ kind: "danger", text: "The broker did not answer in time" }]);
  });

  it("is no answer: an order window says so in its own place, and a resend keeps its client order key", async () => {
    const err = await call(timedOut, "core/v2/orders", { method: "post", noAnswerShownByCaller: true }).catch((e: unknown) => e);
    expect(isNoAnswer(err)).toBe(true);
  });
});
