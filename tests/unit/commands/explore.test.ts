import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { exploreEntries, exploreName } from "../../../src/commands/explore";
import { commandContext } from "./context";
import { MAIN_CHILDREN } from "../../../src/core/rules/routes";

const signedIn = commandContext("explore");

/** "Explore (Products, More): the way into every page and tool of the app, by keyboard, with one line each." */
describe("Explore's entries, derived from the command registry", () => {
  const products = exploreEntries("Products", signedIn);
  const more = exploreEntries("More", signedIn);

  it("lists every page of /main but Explore itself, once, in one of its two tabs", () => {
    const ids = [...products, ...more].map((c) => c.id);
    for (const page of MAIN_CHILDREN.filter((p) => p !== "explore")) expect(ids.filter((id) => id === `nav.${page}`)).toHaveLength(1);
    expect(ids).not.toContain("nav.explore");
  });

  it("puts the markets under Products and the account pages and tools under More", () => {
    expect(products.map(exploreName)).toEqual(["Baskets", "Chart", "ETF & Gold Bonds", "F&O Gainers & Losers", "Ideas", "Invest Equity", "Option Chain", "Strategy (options desk)"]);
    expect(more.map((c) => c.id)).toEqual(expect.arrayContaining(["nav.orders", "nav.holdings", "search.instrument", "palette.open", "keymap.show"]));
  });

  it("gives each entry one line on what it does", () => {
    for (const c of [...products, ...more]) expect(c.explore?.line).toMatch(/^[A-Z].+\.$/);
  });

  it("lists nothing on the login page, where no page can be opened", () => {
    expect(exploreEntries("Products", { ...signedIn, clientCode: undefined })).toEqual([]);
    expect(registry.get("explore.open")?.keys).toEqual(["enter"]);
  });
});
