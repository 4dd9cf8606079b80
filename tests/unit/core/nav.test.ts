import { afterEach, describe, expect, it, vi } from "vitest";
import { installNavigator, navigate } from "../../../src/data/nav";

describe("navigation", () => {
  afterEach(() => vi.useRealTimers());

  it("'Leaving /fullwl is delayed by 350 ms.'", () => {
    vi.useFakeTimers();
    const went: string[] = [];
    installNavigator((to) => went.push(to), () => "/main/fullwl");
    navigate("/main/orders");
    vi.advanceTimersByTime(349);
    expect(went).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(went).toEqual(["/main/orders"]);
  });

  it("other routes change at once, and a newer navigation replaces a pending one", () => {
    vi.useFakeTimers();
    const went: string[] = [];
    let at = "/home";
    installNavigator((to) => went.push(to), () => at);
    navigate("/main/funds");
    expect(went).toEqual(["/main/funds"]);
    at = "/main/fullwl";
    navigate("/main/orders");
    navigate("/main/holdings");
    vi.advanceTimersByTime(400);
    expect(went).toEqual(["/main/funds", "/main/holdings"]);
  });
});
