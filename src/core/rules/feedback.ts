import { OK, ruleError, type RuleResult } from "../errors";

/**
 * POST {wrapper}formtoken/getFeedBack, body { Rating, Comments } (access-and-surroundings
 * section 7). The spec gives no limits; Tape's: a rating of 1 to 5 stars, and comments of 1 to
 * 500 characters once trimmed (a rating without a word says little; 500 is a long paragraph).
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENTS_MAX = 500;

export type { FeedbackBody } from "../wire/wrapper";

export function checkFeedback(body: { Rating?: unknown; Comments?: unknown }): RuleResult {
  const r = body.Rating;
  if (typeof r !== "number" || !Number.isInteger(r) || r < RATING_MIN || r > RATING_MAX) return ruleError("EC975");
  const c = typeof body.Comments === "string" ? body.Comments.trim() : "";
  if (c.length < 1 || c.length > COMMENTS_MAX) return ruleError("EC976");
  return OK;
}
