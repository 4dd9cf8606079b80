/**
 * Market watch messages. The spec names the range ECMW003 to ECMW121 and the messages
 * (deleted, scrip added, sorted, invalid id, name over 40 characters, name already exists,
 * minimum 2 characters) but not which code is which; these are our choices, fixed here once
 * for the paper broker and the client. Success messages travel as the envelope's message
 * with status "Ok" (a status starting with EC is an error), their code in result[0].code.
 */
export const ECMW = {
  deleted: { code: "ECMW003", message: "Scrip deleted successfully" },
  added: { code: "ECMW004", message: "Scrip added successfully" },
  sorted: { code: "ECMW005", message: "Scrips sorted successfully" },
  invalidId: { code: "ECMW006", message: "Invalid market watch id" },
  nameTooLong: { code: "ECMW007", message: "Market watch name cannot exceed 40 characters" },
  nameExists: { code: "ECMW008", message: "Market watch name already exists" },
  minSearchLength: { code: "ECMW009", message: "Please enter at least 2 characters to search" },
  full: { code: "ECMW010", message: "A market watch can hold at most 50 scrips" },
  notEditable: { code: "ECMW011", message: "Predefined market watch cannot be edited" },
  duplicate: { code: "ECMW012", message: "Scrip already exists in the market watch" },
  invalidScrip: { code: "ECMW013", message: "Invalid scrip" },
  renamed: { code: "ECMW014", message: "Market watch renamed successfully" },
  nameEmpty: { code: "ECMW015", message: "Market watch name cannot be empty" },
} as const;

export type EcmwKey = keyof typeof ECMW;

/** "Watchlist maximum is 50 scrips" (access-and-surroundings sections 5 and 9). */
export const WATCHLIST_MAX_SCRIPS = 50;
/** "market watch name at most 40 characters". */
export const WATCHLIST_NAME_MAX = 40;
/** "Default tab ids: 302 (user list) and 1 (predefined list)." */
export const DEFAULT_USER_MW_ID = 302;
export const DEFAULT_PREDEFINED_MW_ID = 1;
