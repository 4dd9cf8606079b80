/**
 * The order status texts of trading-core section 4, exactly as the broker sends them (lower case).
 * Where the spec names a family ("put/modify/cancel order req received, including the exercise
 * and del variants", "ex/del open, modify and cancel pending", "order received / modify received /
 * cancel received by exchange gateway") each member is spelled out here once.
 */
export const MODIFIABLE_STATUSES = [
  "partly executed",
  "put order req received",
  "modify order req received",
  "cancel order req received",
  "put exercise order req received",
  "modify exercise order req received",
  "cancel exercise order req received",
  "put del order req received",
  "modify del order req received",
  "cancel del order req received",
  "modified",
  "not modified",
  "not cancelled",
  "open",
  "open pending",
  "modify pending",
  "cancel pending",
  "trigger pending",
  "order received by exchange gateway",
  "modify received by exchange gateway",
  "cancel received by exchange gateway",
  "validation pending",
  "modify validation pending",
  "ex/del open pending",
  "ex/del modify pending",
  "ex/del cancel pending",
  "after market order req received",
  "modify after market order req received",
  "amo validation pending",
  "amo modify validation pending",
] as const;

export const DETAILS_AND_REPEAT_STATUSES = [
  "cancelled",
  "rejected",
  "complete",
  "order frozen",
  "done for day",
  "cancelled after market order",
  "lapsed",
  "busted",
] as const;

export type ModifiableStatus = (typeof MODIFIABLE_STATUSES)[number];
export type FinalStatus = (typeof DETAILS_AND_REPEAT_STATUSES)[number];
export type OrderStatus = ModifiableStatus | FinalStatus;

export const ORDER_STATUSES: readonly OrderStatus[] = [...MODIFIABLE_STATUSES, ...DETAILS_AND_REPEAT_STATUSES];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}
