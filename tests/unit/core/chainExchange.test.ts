import { describe, expect, it } from "vitest";
import { chainExchange, chainExchangeOf } from "../../../src/core/rules/chainExchange";

/**
 * The rule (src/core/rules/chainExchange.ts): "NSE first, as for equity derivatives; MCX first for
 * commodities, before NSE's and BSE's commodity segments; BSE after them; NCDEX last", and "the one
 * `asked` names (an exchange code, or its venue) if it lists them, else the first".
 */
describe("which exchange's options a chain shows", () => {
  it("USDINR, listed on NSECURR and BSECURR: NSE's, whichever order the broker lists them in", () => {
    expect(chainExchange(["BSECURR", "NSECURR"])).toBe("NSECURR");
    expect(chainExchange(["NSECURR", "BSECURR"])).toBe("NSECURR");
  });

  it("commodities: MCX before NSE's and BSE's commodity segments; NCDEX last", () => {
    expect(chainExchange(["BSECOMM", "NSECOMM", "MCXCOMM"])).toBe("MCXCOMM");
    expect(chainExchange(["NCDEXCOMM", "BSECOMM"])).toBe("BSECOMM");
  });

  it("one exchange lists them: that one (SENSEX's are BSEFO's alone)", () => {
    expect(chainExchange(["BSEFO"])).toBe("BSEFO");
    expect(chainExchange([])).toBeUndefined();
  });

  it("asked by venue or by code, in any case: that one if it lists the options", () => {
    expect(chainExchange(["NSECURR", "BSECURR"], "bse")).toBe("BSECURR");
    expect(chainExchange(["NSECURR", "BSECURR"], "BSECURR")).toBe("BSECURR");
    // A trader's instrument's own exchange: an NSE share (NSEEQ) asks NSE, whose options are NSEFO's.
    expect(chainExchange(["NSEFO"], "NSEEQ")).toBe("NSEFO");
  });

  it("asked for a venue that lists none of them: the first that does", () => {
    expect(chainExchange(["NSEFO"], "BSE")).toBe("NSEFO");
    expect(chainExchange(["MCXCOMM"], "NSE")).toBe("MCXCOMM");
    expect(chainExchange(["NSECURR", "BSECURR"], "XYZ")).toBe("NSECURR");
  });

  it("a loaded chain's exchange is its options': the first strike with a contract", () => {
    expect(chainExchangeOf({ strikes: [{ ce: null, pe: null }, { ce: null, pe: { exchange: "BSECURR" } }] })).toBe("BSECURR");
    expect(chainExchangeOf({ strikes: [] })).toBeUndefined();
  });
});
