import { describe, expect, it } from "vitest";
import { parseQuery } from "../../../src/core/query";

// Read as URLSearchParams reads a query: "+" is a space, %XX escapes decode, the first of a repeated name wins.
describe("a URL query", () => {
  it("reads names and values with or without the leading ?", () => {
    const q = parseQuery("?v=1&appkey=demo%2Dvendor&name=A+B&flag&x=1&x=2");
    expect([q.get("v"), q.get("appkey"), q.get("name"), q.get("flag"), q.get("x"), q.get("missing")]).toEqual(["1", "demo-vendor", "A B", "", "1", null]);
    expect([...q.keys()]).toEqual(["v", "appkey", "name", "flag", "x"]);
    expect(parseQuery("tab=2").get("tab")).toBe("2");
  });
  it("an empty query has no names; a malformed escape stays as written", () => {
    expect([...parseQuery("").keys()]).toEqual([]);
    expect([...parseQuery("?").keys()]).toEqual([]);
    expect(parseQuery("?a=%E0%A4").get("a")).toBe("%E0%A4");
  });
});
