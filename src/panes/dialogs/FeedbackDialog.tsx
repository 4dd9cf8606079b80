import { useState, type FormEvent } from "react";
import { notify } from "../../core/notify";
import { COMMENTS_MAX, RATING_MAX, RATING_MIN, checkFeedback } from "../../core/rules/feedback";
import { isOk } from "../../data/api/http";
import { sendFeedback } from "../../data/api/profile";
import { closeOverlay } from "../../data/stores/ui";
import { FormFooter } from "./FormFooter";
import { Modal } from "./Modal";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
const WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/**
 * Feedback (POST {wrapper}formtoken/getFeedBack, body Rating and Comments). The rating is a radio
 * group (arrows move it, as in any radio group); Ctrl+Enter in the comments sends, as Enter does
 * elsewhere in the form. The same rule as the broker's (src/core/rules/feedback.ts) says what is wrong.
 */
export function FeedbackDialog() {
  const [rating, setRating] = useState<number | undefined>();
  const [comments, setComments] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const verdict = checkFeedback({ Rating: rating, Comments: comments });
    if (!verdict.ok) return setError(verdict.message);
    setBusy(true);
    try {
      const answer = await sendFeedback({ Rating: rating!, Comments: comments.trim() });
      if (isOk(answer)) {
        closeOverlay("feedback");
        notify({ kind: "success", text: "Thank you: your feedback was sent" });
      } else setError(answer.message);
    } catch {
      setError("The feedback was not sent: the broker did not answer");
    } finally {
      setBusy(false);
    }
  };

  const length = comments.trim().length;
  return (
    <Modal title="Send feedback">
      <form className="confirm-body feedback" onSubmit={(e) => void submit(e)}>
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
          <textarea
            name="comments"
            rows={5}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void submit();
            }}
          />
        </label>
        <p className={length > COMMENTS_MAX ? "field-error" : "muted"}>
          {length}/{COMMENTS_MAX} characters
        </p>
        <FormFooter problem={error} dialog="feedback" submit="Send" submitKey="Ctrl+Enter" busy={busy} />
      </form>
    </Modal>
  );
}
