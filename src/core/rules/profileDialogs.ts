/**
 * "Accounts with status DORMANT get a dormant dialog. Users with NSEFO or BSEFO see a risk
 * disclosure at login." (access-and-surroundings section 6). The dialogs to open after a
 * login, in order; one overlay shows at a time, so the second opens when the first closes.
 */
export type ProfileDialog = "dormant" | "riskDisclosure";

export function dialogsAtLogin(profile: { accountStatus?: string; exchanges?: readonly string[] }): ProfileDialog[] {
  const out: ProfileDialog[] = [];
  if (profile.accountStatus === "DORMANT") out.push("dormant");
  if (profile.exchanges?.some((e) => e === "NSEFO" || e === "BSEFO")) out.push("riskDisclosure");
  return out;
}
