import { useState } from "react";
import { COMMENTS_MAX, RATING_MAX, RATING_MIN } from "../../core/rules/feedback";
import { CommandForm } from "./CommandForm";
import { Modal } from "./Modal";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
const WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/**
 * Feedback (POST {wrapper}formtoken/getFeedBack, body Rating and Comments), sent by the
 * feedback.send command. The rating is a radio group (arrows move it, as in any radio group);
 * Ctrl+Enter in the comments sends, as Enter does elsewhere in the form. The same rule as the
 * broker's (src/core/rules/feedback.ts) says what is wrong.
 */
export function FeedbackDialog() {
  const [rating, setRating] = useState<number | undefined>();
  const [comments, setComments] = useState("");
  const length = comments.trim().length;
  return (
    <Modal title="Send feedback">
      <CommandForm dialog="feedback" call={{ commandId: "feedback.send", args: { rating, comments } }} className="confirm-body feedback" submit="Send" submitKey="Ctrl+Enter">
        <fieldset className="rating" role="radiogroup" aria-label="Rating">
          <legend>Rating</legend>
          {RATINGS.map((r) => (
            <label key={r} className={`rating-star${rating !== undefined && r <= rating ? " rating-on" : ""}`} title={WORDS[r]}>
              <input type="radio" name="rating" value={r} checked={rating === r} onChange={() => setRating(r)} {...(r === RATING_MIN ? { "data-autofocus": true } : {})} aria-label={`${r} of ${RATING_MAX}: ${WORDS[r]}`} />
              <span aria-hidden>★</span>
            </label>
          ))}
          <span className="muted rating-word">{rating ? `${rating}/${RATING_MAX} ${WORDS[rating]}` : "Choose 1 to 5"}</span>
        </fieldset>
        <label className="login-field">
          <span>Comments</span>
          <textarea name="comments" rows={5} value={comments} onChange={(e) => setComments(e.target.value)} />
        </label>
        <p className={length > COMMENTS_MAX ? "field-error" : "muted"}>
          {length}/{COMMENTS_MAX} characters
        </p>
      </CommandForm>
    </Modal>
  );
}
