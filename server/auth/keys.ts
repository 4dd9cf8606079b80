import crypto from "node:crypto";
import { decryptRequest, encryptResponse, keyIdOf, parsePublicKey } from "../../src/core/crypto/hybrid.js";
import type { Db } from "../db.js";
import { nativeRsaOaep } from "./nativeRsa.js";

/**
 * The broker's RSA pair (made once and kept in SQLite so that a restart does not break a
 * client half way through a login) and the registry of client keys by kid.
 */
export interface AuthKeys {
  serverPublicKeyPem: string;
  /** Registers a client's SubjectPublicKeyInfo PEM; throws a plain Error if it is not RSA-2048. */
  registerClientKey(publicKeyPem: string): string;
  /** Opens a cEncData; throws HybridCryptoError on any failure. */
  open(cEncData: unknown): { kid: string; clientPublicKeyPem: string; payload: unknown };
  seal(answer: unknown, clientPublicKeyPem: string): string;
}

export function loadAuthKeys(db: Db): AuthKeys {
  let row = db.prepare("SELECT public_pem, private_pem FROM auth_server_key WHERE id = 1").get() as { public_pem: string; private_pem: string } | undefined;
  if (!row) {
    // Native generation: node-forge's pure-JS prime search would slow every fresh test broker.
    const pair = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    db.prepare("INSERT INTO auth_server_key (id, public_pem, private_pem, created_at) VALUES (1, ?, ?, ?)").run(pair.publicKey, pair.privateKey, new Date().toISOString());
    row = { public_pem: pair.publicKey, private_pem: pair.privateKey };
  }
  const privatePem = row.private_pem;
  const findClient = db.prepare("SELECT public_pem FROM auth_client_keys WHERE kid = ?");
  const insertClient = db.prepare("INSERT OR IGNORE INTO auth_client_keys (kid, public_pem, created_at) VALUES (?, ?, ?)");
  return {
    serverPublicKeyPem: row.public_pem,
    registerClientKey(publicKeyPem) {
      parsePublicKey(publicKeyPem);
      const kid = keyIdOf(publicKeyPem);
      insertClient.run(kid, publicKeyPem, new Date().toISOString());
      return kid;
    },
    open(cEncData) {
      return decryptRequest(cEncData, privatePem, (kid) => (findClient.get(kid) as { public_pem: string } | undefined)?.public_pem, nativeRsaOaep);
    },
    seal(answer, clientPublicKeyPem) {
      return encryptResponse(answer, clientPublicKeyPem, nativeRsaOaep);
    },
  };
}
