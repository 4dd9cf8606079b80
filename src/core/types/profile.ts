import type { Profile } from "./contract";
import type { Exchange } from "./exchange";

/** A bank account of the profile's Bank Details tab, number masked by the broker. */
export interface ProfileBankAccount {
  bankName: string;
  accountNumber: string;
  ifsc: string;
  accountType: "SAVINGS" | "CURRENT";
  isPrimary: boolean;
}

/** A segment of My Segments: the exchange and whether the client may trade it. */
export interface ProfileSegment {
  exchange: Exchange;
  active: boolean;
}

/**
 * GET {core}profile. The spec's fields are accountStatus and exchanges; the rest are what a
 * broker's profile page shows (issue 17), PAN, mobile, email and account numbers masked.
 */
export interface ClientProfile extends Profile {
  clientCode: string;
  clientName: string;
  pan: string;
  mobile: string;
  email: string;
  bankAccounts: ProfileBankAccount[];
  segments: ProfileSegment[];
  dpId: string;
  hasNominee: boolean;
  isTotpEnabled: boolean;
  /** Beta features the account is not let into yet ("EC876: opens the beta-access dialog"), so a form of one says so when it opens. */
  betaLocked?: string[];
}
