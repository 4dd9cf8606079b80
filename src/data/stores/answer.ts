import { notify } from "../../core/notify";
import { isOk, type Envelope } from "../api/http";
import { sessionEndedSince } from "./sessionReset";

/**
 * "Failures show the server's message." A store's call: its rows, or undefined after telling the
 * refusal. A session ended while the call was out answers nothing (its rows are another user's).
 */
export async function answer<T>(f: () => Promise<Envelope<T>>): Promise<T[] | undefined> {
  const ended = sessionEndedSince();
  try {
    const e = await f();
    if (ended()) return undefined;
    if (!isOk(e)) {
      notify({ kind: "danger", text: e.message });
      return undefined;
    }
    return e.result ?? [];
  } catch {
    // HTTP failures were told by the HTTP layer.
    return undefined;
  }
}
