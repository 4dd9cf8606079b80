import { describe, expect, it } from "vitest";
import { isMobileWidth, pathOfPage, queryOfTabs, resolveRoute, tabsFromQuery } from "../../../src/core/rules/routes";
import { isSessionValid } from "../../../src/core/rules/session";

describe("routes (access-and-surroundings section 2)", () => {
  it.each(["/home", "/orders", "/main/nope", "/popoutchart", "/main/orders"])("'With no session, any non-root path goes back to /': %s", (p) => {
    expect(resolveRoute(p, false, 1600)).toEqual({ kind: "redirect", to: "/" });
  });

  it("/ without a session is the login page", () => {
    expect(resolveRoute("/", false, 1600)).toEqual({ kind: "login" });
  });

  it.each(["/nowhere", "/main/nowhere", "/orders", "/main/home/extra"])("'Any other path redirects to /home when a session exists': %s", (p) => {
    expect(resolveRoute(p, true, 1600)).toEqual({ kind: "redirect", to: "/home" });
  });

  it.each(["home", "orders", "position", "holdings", "funds", "explore", "settings", "equity", "etf", "optionchain", "ideas", "chart", "fullwl"])(
    "/main/%s is a page of the shell",
    (child) => {
      expect(resolveRoute(`/main/${child}?tab=1`, true, 1600)).toEqual({ kind: "page", page: child });
    },
  );

  it("'On a window wider than 900 px, the /watchlist path redirects to /dashboard'", () => {
    expect(resolveRoute("/main/watchlist", true, 901)).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(resolveRoute("/main/watchlist", true, 900)).toEqual({ kind: "page", page: "watchlist" });
    expect(resolveRoute("/dashboard", true, 1600)).toEqual({ kind: "page", page: "watchlist" });
  });

  it("/home, /popoutchart and /main resolve", () => {
    expect(resolveRoute("/home", true, 1600)).toEqual({ kind: "page", page: "home" });
    expect(resolveRoute("/popoutchart", true, 1600)).toEqual({ kind: "popoutchart" });
    expect(resolveRoute("/main", true, 1600)).toEqual({ kind: "redirect", to: "/main/home" });
    expect(pathOfPage("home")).toBe("/home");
    expect(pathOfPage("orders")).toBe("/main/orders");
  });

  it("'A mobile view is a window width under 1024 px'", () => {
    expect(isMobileWidth(1023)).toBe(true);
    expect(isMobileWidth(1024)).toBe(false);
  });

  it("'Pages such as orders have a default query of tab 0 and sub-tab 0'; the query round-trips", () => {
    expect(queryOfTabs({ tab: 0, subTab: 0 })).toBe("?tab=0&subTab=0");
    expect(tabsFromQuery("?tab=3&subTab=1")).toEqual({ tab: 3, subTab: 1 });
    expect(tabsFromQuery("?tab=-1&subTab=x")).toEqual({});
  });
});

describe("session validity (access-and-surroundings section 5)", () => {
  it.each([
    ["tok", "DEMO1", true],
    ["tok", null, false],
    [null, "DEMO1", false],
    ["null", "DEMO1", false],
    ["tok", "undefined", false],
    ["", "DEMO1", false],
  ])("token %j and client code %j -> %j", (t, c, valid) => {
    expect(isSessionValid(t, c)).toBe(valid);
  });
});
