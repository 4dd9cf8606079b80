import { EXCHANGES, type Exchange } from "../../src/core/types/exchange.js";
import type { ProfileBankAccount } from "../../src/core/types/profile.js";

/**
 * The paper broker's KYC record of a client: what a real broker holds from account opening.
 * Nothing in the product edits it, so it is a fixed table for the demo accounts and a record
 * derived from the client code for any other (stable across restarts, no table to migrate).
 * Values here are whole; the profile route masks them before they leave the broker.
 */
export interface KycRecord {
  pan: string;
  dpId: string;
  hasNominee: boolean;
  bankAccounts: ProfileBankAccount[];
}

const DEMO: Record<string, KycRecord> = {
  DEMO1: {
    pan: "ABCPD1234F",
    dpId: "IN30012345678901",
    hasNominee: true,
    bankAccounts: [
      { bankName: "HDFC Bank", accountNumber: "50100012345671", ifsc: "HDFC0000123", accountType: "SAVINGS", isPrimary: true },
      { bankName: "State Bank of India", accountNumber: "32109876543", ifsc: "SBIN0001234", accountType: "SAVINGS", isPrimary: false },
    ],
  },
  DEMO2: {
    pan: "BCDPT5678K",
    dpId: "IN30012345678902",
    hasNominee: false,
    bankAccounts: [{ bankName: "ICICI Bank", accountNumber: "000401234567", ifsc: "ICIC0000004", accountType: "SAVINGS", isPrimary: true }],
  },
};

/** Digits from the client code's characters, so that a derived record is the same on every start. */
function digitsOf(seed: string, n: number): string {
  let out = "";
  let h = 7;
  while (out.length < n) {
    for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
    out += String(h % 10);
  }
  return out;
}

export function kycOf(userId: string): KycRecord {
  const known = DEMO[userId.toUpperCase()];
  if (known) return known;
  const d = digitsOf(userId, 16);
  return {
    pan: `AAAPZ${d.slice(0, 4)}Z`,
    dpId: `IN300${d.slice(0, 11)}`,
    hasNominee: false,
    bankAccounts: [{ bankName: "Paper Bank", accountNumber: d.slice(0, 12), ifsc: "PAPR0000001", accountType: "SAVINGS", isPrimary: true }],
  };
}

/** My Segments: every exchange of the product, active when the client may trade it. */
export function segmentsOf(exchanges: readonly string[]): Array<{ exchange: Exchange; active: boolean }> {
  return EXCHANGES.map((exchange) => ({ exchange, active: exchanges.includes(exchange) }));
}
