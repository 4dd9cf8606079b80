import { endSession } from "../stores/session";

/**
 * Logout: "clears all stores and local storage (keeping the client code) and returns to /".
 * The caller navigates; this ends the session.
 */
export async function signOut(): Promise<void> {
  endSession();
}
