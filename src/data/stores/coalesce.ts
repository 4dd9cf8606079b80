/**
 * Wraps a fetch so that calls made while one is running collapse into a single further run
 * after it: a burst of order updates refreshes a list twice at most, never N times, and the
 * last answer always reflects the last change.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let again = false;
  return () => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await run();
      } while (again);
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
