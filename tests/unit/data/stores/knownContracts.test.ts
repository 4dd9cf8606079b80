import { describe, expect, it } from "vitest";
import type { ContractInfo } from "../../../../src/core/types/contract";
import { knownContract, knownContractNamed, rememberContracts } from "../../../../src/data/stores/knownContracts";
import { resetSessionState } from "../../../../src/data/stores/sessionReset";

/**
 * Issue 28: while the broker is unreachable, a typed line opens from "the contract the app already
 * knows": one the broker described in this session, found by the typed symbol on the line's exchange.
 */
const c = (exchange: string, token: number, tradingSymbol: string, symbol: string, insType = "EQ") => ({ exchange, token, tradingSymbol, symbol, insType }) as unknown as ContractInfo;

describe("the contracts the session heard of", () => {
  it("are found by exchange and token, and by a typed symbol on that exchange only", () => {
    rememberContracts([c("NSEEQ", 1594, "INFY-EQ", "INFY"), c("BSEEQ", 500209, "INFY", "INFY")], 1000);
    expect(knownContract("NSEEQ", 1594)).toMatchObject({ at: 1000, contract: { tradingSymbol: "INFY-EQ" } });
    expect(knownContractNamed("NSEEQ", "infy")?.contract.token).toBe(1594);
    expect(knownContractNamed("BSEEQ", "INFY")?.contract.token).toBe(500209);
    expect(knownContractNamed("NSEEQ", "TCS")).toBeUndefined();
  });

  it("the newest answer is kept, and a session's end forgets them all", () => {
    rememberContracts([c("NSEEQ", 1594, "INFY-EQ", "INFY")], 2000);
    expect(knownContract("NSEEQ", "1594")?.at).toBe(2000);
    resetSessionState();
    expect(knownContract("NSEEQ", "1594")).toBeUndefined();
  });
});
