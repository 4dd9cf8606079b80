import crypto from "node:crypto";
import type { RsaOaep } from "../../src/core/crypto/hybrid.js";

// Parsing a PEM per call would cost more than the RSA operation itself.
const keyObjects = new Map<string, crypto.KeyObject>();
function keyObject(pem: string, kind: "public" | "private"): crypto.KeyObject {
  let key = keyObjects.get(pem);
  if (!key) {
    key = kind === "public" ? crypto.createPublicKey(pem) : crypto.createPrivateKey(pem);
    if (keyObjects.size > 512) keyObjects.clear();
    keyObjects.set(pem, key);
  }
  return key;
}

/**
 * Node's native RSA-OAEP with SHA-256 for both the OAEP hash and MGF1 (Node uses oaepHash for
 * both), on the binary strings node-forge uses. Same wire format as forgeRsaOaep.
 */
export const nativeRsaOaep: RsaOaep = {
  encrypt(publicKeyPem, bytes) {
    const key = keyObject(publicKeyPem, "public");
    return crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(bytes, "binary")).toString("binary");
  },
  decrypt(privateKeyPem, bytes) {
    const key = keyObject(privateKeyPem, "private");
    return crypto.privateDecrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(bytes, "binary")).toString("binary");
  },
};
