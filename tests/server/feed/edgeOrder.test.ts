import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeOrder } from "../../../server/feed/edges.js";

/**
 * Issue 36: GET /core/feed/config sends a client code to one edge, spread by client code, and names
 * the others to fail over to; an edge whose admin connection is down is never named first while
 * another is up (it cannot hold the session's credentials now).
 */
describe("edgeOrder", () => {
  it("names every edge once, the ones up first, the same way each time for one client code", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), (code, upFlags) => {
        const edges = upFlags.map((up) => ({ up }));
        const order = edgeOrder(code, edges);
        expect([...order].sort((a, b) => a - b)).toEqual(upFlags.map((_, i) => i));
        const ups = upFlags.filter(Boolean).length;
        expect(order.slice(0, ups).every((i) => upFlags[i])).toBe(true);
        expect(edgeOrder(code, edges)).toEqual(order);
      }),
    );
  });

  it("spreads client codes over the edges", () => {
    const edges = [{ up: true }, { up: true }];
    const firsts = new Set(["DEMO1", "DEMO2", "DEMO3", "X1", "X2", "X3", "AB12", "ZZ9"].map((c) => edgeOrder(c, edges)[0]));
    expect(firsts).toEqual(new Set([0, 1]));
  });

  it("sends every client to the edge that is up when the other is down", () => {
    expect(["DEMO1", "DEMO2", "X1", "ZZ9"].map((c) => edgeOrder(c, [{ up: false }, { up: true }]))).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });
});
