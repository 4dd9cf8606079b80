import "../../../src/app/main";
import { quoteStore, setFeedTopics } from "../../../src/feed/session";

/**
 * The windows bench's page (tests/bench/windows.ts): the real app, plus `window.__windows`.
 *
 * stream(topics): one app-wide owner ("windows") of the design load's market topics in this
 * window; a window fed by another says them to the owner, whose one socket subscribes the union.
 * gaps: every market frame this window's quote store applies (from its own socket or from the
 * owner over the BroadcastChannel) is timed; mark() starts a stretch and since() says the largest
 * gap between two frames in it, and how many frames came.
 */
let frames = 0;
let last = 0;
let maxGap = 0;
let marked = 0;
const applyFrame = quoteStore.applyFrame.bind(quoteStore);
quoteStore.applyFrame = (bytes: Uint8Array) => {
  const now = performance.now();
  if (last > 0 && now - last > maxGap) maxGap = now - last;
  last = now;
  frames++;
  return applyFrame(bytes);
};

const windows = {
  stream(topics: string[]): void {
    setFeedTopics("windows", topics);
  },
  mark(): void {
    marked = performance.now();
    // The gap from the mark to the first frame counts too.
    last = marked;
    maxGap = 0;
    frames = 0;
  },
  /** Since mark(): the largest gap between frames (the last frame to now counted too), the frames, the seconds. */
  since: () => {
    const now = performance.now();
    return { maxGapMs: Math.max(maxGap, now - last), frames, seconds: (now - marked) / 1000, sinceLastMs: frames > 0 ? now - last : null };
  },
};

(window as unknown as { __windows: typeof windows }).__windows = windows;
