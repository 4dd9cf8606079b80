import { beforeAll, describe, expect, it } from "vitest";
import { decryptRequest, encryptResponse, forgeRsaOaep, HYBRID_FAILURE_MESSAGE, keyIdOf, type KeyPairPem } from "../../../../src/core/crypto/hybrid";
import { generateKeyPair } from "../../../../src/data/crypto/keyPair";
import { webDecryptResponse, webEncryptRequest, webKeyIdOf } from "../../../../src/data/crypto/webHybrid";

let client: KeyPairPem;
let server: KeyPairPem;
let kid: string;

beforeAll(async () => {
  [client, server] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  kid = keyIdOf(client.publicKeyPem);
});

const payload = { userId: "DEMO1", password: "Tape@2026 ₹ नमस्ते", deviceId: "0123456789abcdef" };

/** Flips one bit of one base64 part (standard base64 stays standard: re-encoded from the bytes). */
function flip(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const bytes = Uint8Array.from(atob(parts[part]!), (c) => c.charCodeAt(0));
  bytes[bytes.length - 1]! ^= 1;
  parts[part] = btoa(String.fromCharCode(...bytes));
  return parts.join(".");
}

describe("WebCrypto and node-forge speak the same hybrid wire format (DESIGN.md section 5)", () => {
  it("the kid is the same: base64url SHA-256 of the client key's DER", async () => {
    expect(await webKeyIdOf(client.publicKeyPem)).toBe(kid);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a request sealed with WebCrypto is opened by the node-forge side, and an answer sealed by node-forge is opened with WebCrypto", async () => {
    const cEncData = await webEncryptRequest(payload, kid, server.publicKeyPem);
    expect(cEncData.split(".")).toHaveLength(5);
    const opened = decryptRequest(cEncData, server.privateKeyPem, (k) => (k === kid ? client.publicKeyPem : undefined), forgeRsaOaep);
    expect(opened.payload).toEqual(payload);
    const answer = encryptResponse({ status: "Ok", message: "Success", result: [payload] }, client.publicKeyPem, forgeRsaOaep);
    expect(await webDecryptResponse(answer, client.privateKeyPem)).toEqual({ status: "Ok", message: "Success", result: [payload] });
  });

  it("any change to an answer gives the one uniform error, whichever part changed", async () => {
    const answer = encryptResponse({ status: "Ok" }, client.publicKeyPem, forgeRsaOaep);
    for (const bad of [flip(answer, 0), flip(answer, 1), flip(answer, 2), flip(answer, 3), answer.slice(0, -2), `${answer}.x`, answer.replace(/=/g, ""), 42]) {
      await expect(webDecryptResponse(bad, client.privateKeyPem)).rejects.toThrow(HYBRID_FAILURE_MESSAGE);
    }
    // The same answer opened with the wrong private key fails the same way.
    await expect(webDecryptResponse(answer, server.privateKeyPem)).rejects.toThrow(HYBRID_FAILURE_MESSAGE);
  });
});
