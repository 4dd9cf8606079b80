/**
 * The market frames the socket's owner passes to the other windows (shared.ts), packed into one
 * buffer per post: each frame's length (4 bytes, little-endian) and then its bytes. A post of one
 * buffer is cloned as one; a post of an array of frames was cloned as one buffer per frame (about
 * 14,000 a second at design load, in every window), and each frame in a buffer of its own made the
 * receiving quote store read its clock once per frame (FrameReader reads it once per buffer).
 */
export class FramePacker {
  private buf = new Uint8Array(64 * 1024);
  private len = 0;

  get size(): number {
    return this.len;
  }

  add(frame: Uint8Array): void {
    const need = this.len + 4 + frame.length;
    if (need > this.buf.length) {
      const grown = new Uint8Array(Math.max(need, this.buf.length * 2));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    const n = frame.length;
    const b = this.buf;
    let at = this.len;
    b[at++] = n & 0xff;
    b[at++] = (n >>> 8) & 0xff;
    b[at++] = (n >>> 16) & 0xff;
    b[at++] = (n >>> 24) & 0xff;
    b.set(frame, at);
    this.len = at + n;
  }

  /** Drops the frames added since the last take (the feed stopped: nobody is to get them). */
  clear(): void {
    this.len = 0;
  }

  /** The frames added since the last take, in a buffer of their own (the packer's is reused). */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.len);
    this.len = 0;
    return out;
  }
}

/** Calls `frame` with a view of each frame of a packed buffer, in order; stops at a length that overruns the buffer. */
export function unpackFrames(packed: Uint8Array, frame: (bytes: Uint8Array) => void): void {
  let at = 0;
  while (at + 4 <= packed.length) {
    const n = (packed[at]! | (packed[at + 1]! << 8) | (packed[at + 2]! << 16) | (packed[at + 3]! << 24)) >>> 0;
    at += 4;
    if (at + n > packed.length) return;
    frame(packed.subarray(at, at + n));
    at += n;
  }
}
