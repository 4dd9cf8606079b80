import forge from "node-forge";
import { beforeAll, describe, expect, it } from "vitest";
import {
  decryptRequest,
  decryptResponse,
  encryptRequest,
  encryptResponse,
  HYBRID_FAILURE_MESSAGE,
  HybridCryptoError,
  keyIdOf,
  type KeyPairPem,
} from "../../../../src/core/crypto/hybrid.js";
import { nativeRsaOaep } from "../../../../server/auth/nativeRsa.js";
import { generateKeyPair } from "../../../../src/data/crypto/keyPair.js";

let client: KeyPairPem;
let server: KeyPairPem;
let kid: string;
const keyOf = (k: string) => (k === kid ? client.publicKeyPem : undefined);

beforeAll(async () => {
  [client, server] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  kid = keyIdOf(client.publicKeyPem);
});

/** A seeded generator so that a failing flip can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fromB64Url = (s: string) => forge.util.decode64(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4));
const toB64Url = (b: string) => forge.util.encode64(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function flipBit(bytes: string, bit: number): string {
  const i = bit >> 3;
  return bytes.slice(0, i) + String.fromCharCode(bytes.charCodeAt(i) ^ (1 << (bit & 7))) + bytes.slice(i + 1);
}

/** Flips one random bit of the decoded bytes of part `index` and re-encodes the part. */
function flipped(text: string, index: number, rnd: () => number, urlSafe: boolean): string {
  const parts = text.split(".");
  const bytes = urlSafe ? fromB64Url(parts[index]!) : forge.util.decode64(parts[index]!);
  const mutated = flipBit(bytes, Math.floor(rnd() * bytes.length * 8));
  parts[index] = urlSafe ? toB64Url(mutated) : forge.util.encode64(mutated);
  return parts.join(".");
}

function failureOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return `${(err as Error).constructor.name}: ${(err as Error).message}`;
  }
  return "no error";
}

const UNIFORM = `HybridCryptoError: ${HYBRID_FAILURE_MESSAGE}`;

describe("hybrid encryption (DESIGN.md section 5)", () => {
  const payload = { userId: "DEMO1", password: "Tape@2026", note: "ünïcödé ₹ 🙂", n: [1, 2.5, null] };

  it("round trips a request client to server and an answer server to client (node-forge both sides)", () => {
    const cEncData = encryptRequest(payload, kid, server.publicKeyPem);
    expect(cEncData.split(".")).toHaveLength(5);
    expect(cEncData.split(".")[0]).toBe(kid);
    const opened = decryptRequest(cEncData, server.privateKeyPem, keyOf);
    expect(opened.payload).toEqual(payload);
    expect(opened.kid).toBe(kid);
    const cRespEncData = encryptResponse({ status: "Ok", message: "Success", result: [payload] }, opened.clientPublicKeyPem);
    expect(cRespEncData.split(".")).toHaveLength(4);
    expect(decryptResponse(cRespEncData, client.privateKeyPem)).toEqual({ status: "Ok", message: "Success", result: [payload] });
  });

  it("interoperates between node-forge RSA-OAEP and Node's native RSA-OAEP SHA-256", () => {
    const a = encryptRequest(payload, kid, server.publicKeyPem);
    expect(decryptRequest(a, server.privateKeyPem, keyOf, nativeRsaOaep).payload).toEqual(payload);
    const b = encryptRequest(payload, kid, server.publicKeyPem, nativeRsaOaep);
    expect(decryptRequest(b, server.privateKeyPem, keyOf).payload).toEqual(payload);
    const r = encryptResponse(payload, client.publicKeyPem, nativeRsaOaep);
    expect(decryptResponse(r, client.privateKeyPem)).toEqual(payload);
  });

  it("uses standard base64 with padding, 16-byte iv, 32-byte tag, 256-byte wrapped keys", () => {
    const [, wrapped, iv, ct, tag] = encryptRequest(payload, kid, server.publicKeyPem, nativeRsaOaep).split(".");
    expect(forge.util.decode64(wrapped!)).toHaveLength(256);
    expect(forge.util.decode64(iv!)).toHaveLength(16);
    expect(forge.util.decode64(ct!).length % 16).toBe(0);
    expect(forge.util.decode64(tag!)).toHaveLength(32);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("gives one and the same error for an unknown kid, garbage, wrong part counts and bad JSON types", () => {
    const good = encryptRequest(payload, kid, server.publicKeyPem, nativeRsaOaep);
    const cases: unknown[] = [undefined, 42, "", "a.b.c.d.e", good.split(".").slice(1).join("."), `${"A".repeat(43)}.${good.split(".").slice(1).join(".")}`, good + "=", good.replace(/=/g, "")];
    for (const c of cases) expect(failureOf(() => decryptRequest(c, server.privateKeyPem, keyOf, nativeRsaOaep))).toBe(UNIFORM);
    for (const c of [undefined, "", "a.b.c.d", good]) expect(failureOf(() => decryptResponse(c, client.privateKeyPem, nativeRsaOaep))).toBe(UNIFORM);
    expect(new HybridCryptoError().message).toBe(HYBRID_FAILURE_MESSAGE);
  });

  it("answers 1,000 random bit flips in each part of cEncData (kid, wrapped, iv, ct, tag) with the same error", () => {
    const rnd = mulberry32(20260101);
    const good = encryptRequest(payload, kid, server.publicKeyPem, nativeRsaOaep);
    const seen = new Set<string>();
    for (let part = 0; part < 5; part++) {
      for (let i = 0; i < 1000; i++) {
        seen.add(failureOf(() => decryptRequest(flipped(good, part, rnd, part === 0), server.privateKeyPem, keyOf, nativeRsaOaep)));
      }
    }
    expect([...seen]).toEqual([UNIFORM]);
  });

  it("answers 1,000 random bit flips in each part of cRespEncData (wrapped, iv, ct, tag) with the same error", () => {
    const rnd = mulberry32(7);
    const good = encryptResponse(payload, client.publicKeyPem, nativeRsaOaep);
    const seen = new Set<string>();
    for (let part = 0; part < 4; part++) {
      for (let i = 0; i < 1000; i++) seen.add(failureOf(() => decryptResponse(flipped(good, part, rnd, false), client.privateKeyPem, nativeRsaOaep)));
    }
    expect([...seen]).toEqual([UNIFORM]);
  });

  it("refuses a request whose kid was swapped for another registered client's kid", async () => {
    const other = await generateKeyPair();
    const otherKid = keyIdOf(other.publicKeyPem);
    const good = encryptRequest(payload, kid, server.publicKeyPem, nativeRsaOaep);
    const swapped = [otherKid, ...good.split(".").slice(1)].join(".");
    const keys = (k: string) => (k === otherKid ? other.publicKeyPem : keyOf(k));
    expect(failureOf(() => decryptRequest(swapped, server.privateKeyPem, keys, nativeRsaOaep))).toBe(UNIFORM);
  });
});
