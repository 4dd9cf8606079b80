/**
 * What the broker says on the client's order topic when the trader places, modifies or cancels a GTT
 * (FINDINGS-29 s1): every window of the user reloads its GTT book. Without it a GTT modified in one
 * window stayed old in the others (their GTT tab and chart line) until "Refresh GTT orders", and a
 * chart move there sent the old quantity back. The window that acted has its own toast from the
 * answer; this message is quiet, as the trail's is (gttTrail.ts): it carries only what changed and
 * which GTT, the book says the rest.
 */
export const GTT_CHANGE_MESSAGE_KIND = "gttChange";

export type GttChange = "PLACED" | "MODIFIED" | "CANCELLED";

export interface GttChangeMessage {
  messageKind: typeof GTT_CHANGE_MESSAGE_KIND;
  gttId: string;
  change: GttChange;
}

export function isGttChangeMessage(raw: unknown): raw is GttChangeMessage {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return r.messageKind === GTT_CHANGE_MESSAGE_KIND && typeof r.gttId === "string" && (r.change === "PLACED" || r.change === "MODIFIED" || r.change === "CANCELLED");
}
