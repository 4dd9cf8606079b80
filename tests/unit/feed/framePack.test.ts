import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FramePacker, unpackFrames } from "../../../src/feed/framePack";

/**
 * The owner's frames to the other windows, packed (src/feed/framePack.ts): "each frame's length
 * (4 bytes, little-endian) and then its bytes". What is unpacked is what was added, in order, post
 * after post, whatever the sizes (the buffer grows past 64 KB).
 */
const unpacked = (packed: Uint8Array) => {
  const out: number[][] = [];
  unpackFrames(packed, (b) => out.push([...b]));
  return out;
};

describe("frames packed for the other windows", () => {
  it("lays a frame out as its length, little-endian, then its bytes (worked by hand)", () => {
    const p = new FramePacker();
    p.add(new Uint8Array([7, 8, 9]));
    p.add(new Uint8Array(0));
    expect([...p.take()]).toEqual([3, 0, 0, 0, 7, 8, 9, 0, 0, 0, 0]);
    expect(p.size).toBe(0);
  });

  it("unpacks exactly the frames added since the last take or clear, in order, over any sequence of adds, takes and clears", () => {
    const step = fc.oneof(
      fc.record({ add: fc.uint8Array({ maxLength: 300 }) }),
      fc.record({ add: fc.uint8Array({ minLength: 30_000, maxLength: 70_000 }) }),
      fc.constant({ take: true as const }),
      fc.constant({ clear: true as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const p = new FramePacker();
        let model: number[][] = [];
        for (const s of steps) {
          if ("add" in s) {
            // The socket's frame is a view into a larger message: the packer copies it.
            const framed = new Uint8Array(s.add.length + 2);
            framed.set(s.add, 1);
            p.add(framed.subarray(1, 1 + s.add.length));
            model.push([...s.add]);
          } else if ("take" in s) {
            expect(unpacked(p.take())).toEqual(model);
            model = [];
          } else {
            p.clear();
            model = [];
          }
        }
        expect(unpacked(p.take())).toEqual(model);
      }),
      { numRuns: 200 },
    );
  });

  it("stops at a length that runs past the buffer rather than reading beyond it", () => {
    expect(unpacked(new Uint8Array([2, 0, 0, 0, 5, 6, 9, 0, 0, 0, 1]))).toEqual([[5, 6]]);
  });
});
