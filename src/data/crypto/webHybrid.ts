import { HybridCryptoError } from "../../core/crypto/hybrid";

/**
 * The hybrid auth encryption of DESIGN.md section 5 on the platform's WebCrypto: the same wire
 * format as src/core/crypto/hybrid.ts (node-forge), so the broker cannot tell them apart, at
 * native speed (an RSA private operation costs about a millisecond instead of forty). The
 * client uses it wherever `crypto.subtle` exists; a page served over plain http to a LAN address
 * has none and falls back to node-forge (auth.ts).
 *
 *   request  cEncData     = kid.wrapped.iv.ct.tag   tag = HMAC(kid ASCII || iv || ct)
 *   answer   cRespEncData =     wrapped.iv.ct.tag   tag = HMAC(iv || ct)
 */
const KEY_BYTES = 32;
const IV_BYTES = 16;
const TAG_BYTES = 32;
const RSA_OAEP = { name: "RSA-OAEP", hash: "SHA-256" } as const;

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Strict standard base64 with padding, as the forge side reads it: a lenient decoder would let two texts mean one message. */
function decodePart(part: string | undefined): Uint8Array<ArrayBuffer> {
  if (part === undefined || !STANDARD_BASE64.test(part)) throw new HybridCryptoError();
  const bytes = fromBase64(part);
  if (toBase64(bytes) !== part) throw new HybridCryptoError();
  return bytes;
}

function derOf(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const m = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(pem);
  if (!m) throw new Error(`not a ${label} PEM`);
  return fromBase64(m[1]!.replace(/\s+/g, ""));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const ascii = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

function subtleOf(subtle?: SubtleCrypto): SubtleCrypto {
  const s = subtle ?? globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto is not available here");
  return s;
}

// Importing a key costs more than a lookup; a session uses the same two keys for every call.
const imported = new Map<string, Promise<CryptoKey>>();

function rsaKey(subtle: SubtleCrypto, pem: string, use: "encrypt" | "decrypt"): Promise<CryptoKey> {
  const k = `${use}:${pem}`;
  let key = imported.get(k);
  if (!key) {
    key = use === "encrypt" ? subtle.importKey("spki", derOf(pem, "PUBLIC KEY"), RSA_OAEP, false, ["encrypt"]) : subtle.importKey("pkcs8", derOf(pem, "PRIVATE KEY"), RSA_OAEP, false, ["decrypt"]);
    if (imported.size >= 16) imported.delete(imported.keys().next().value as string);
    imported.set(k, key);
    key.catch(() => imported.delete(k));
  }
  return key;
}

/** kid: base64url (no padding) of SHA-256 over the client public key's DER (SubjectPublicKeyInfo). */
export async function webKeyIdOf(publicKeyPem: string, subtle?: SubtleCrypto): Promise<string> {
  const digest = new Uint8Array(await subtleOf(subtle).digest("SHA-256", derOf(publicKeyPem, "PUBLIC KEY")));
  return toBase64(digest).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function seal(payload: unknown, recipientPem: string, macPrefix: Uint8Array, subtle: SubtleCrypto): Promise<string[]> {
  const keys = crypto.getRandomValues(new Uint8Array(2 * KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const [aes, mac, rsa] = await Promise.all([
    subtle.importKey("raw", keys.slice(0, KEY_BYTES), "AES-CBC", false, ["encrypt"]),
    subtle.importKey("raw", keys.slice(KEY_BYTES), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    rsaKey(subtle, recipientPem, "encrypt"),
  ]);
  // WebCrypto's AES-CBC pads with PKCS#7, as the format asks.
  const ct = new Uint8Array(await subtle.encrypt({ name: "AES-CBC", iv }, aes, new TextEncoder().encode(JSON.stringify(payload))));
  const [wrapped, tag] = await Promise.all([subtle.encrypt(RSA_OAEP, rsa, keys), subtle.sign("HMAC", mac, concat(macPrefix, iv, ct))]);
  return [toBase64(new Uint8Array(wrapped)), toBase64(iv), toBase64(ct), toBase64(new Uint8Array(tag))];
}

/** Client side: the cEncData of a request, for the server key received from /auth/get/encKey. */
export async function webEncryptRequest(payload: unknown, kid: string, serverPublicKeyPem: string, subtle?: SubtleCrypto): Promise<string> {
  return [kid, ...(await seal(payload, serverPublicKeyPem, ascii(kid), subtleOf(subtle)))].join(".");
}

/**
 * Client side: opens a cRespEncData with the client's private key (PKCS#8). The tag is verified
 * (WebCrypto's verify compares in constant time) before anything is decrypted, and every failure
 * is the one HybridCryptoError, as on the forge side.
 */
export async function webDecryptResponse(cRespEncData: unknown, clientPrivateKeyPem: string, subtle?: SubtleCrypto): Promise<unknown> {
  if (typeof cRespEncData !== "string") throw new HybridCryptoError();
  const parts = cRespEncData.split(".");
  if (parts.length !== 4) throw new HybridCryptoError();
  const [wrapped, iv, ct, tag] = parts.map(decodePart) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ct.length === 0 || ct.length % 16 !== 0) throw new HybridCryptoError();
  const s = subtleOf(subtle);
  try {
    const keys = new Uint8Array(await s.decrypt(RSA_OAEP, await rsaKey(s, clientPrivateKeyPem, "decrypt"), wrapped));
    if (keys.length !== 2 * KEY_BYTES) throw new HybridCryptoError();
    const mac = await s.importKey("raw", keys.slice(KEY_BYTES), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    if (!(await s.verify("HMAC", mac, tag, concat(iv, ct)))) throw new HybridCryptoError();
    const aes = await s.importKey("raw", keys.slice(0, KEY_BYTES), "AES-CBC", false, ["decrypt"]);
    const plain = await s.decrypt({ name: "AES-CBC", iv }, aes, ct);
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)) as unknown;
  } catch {
    throw new HybridCryptoError();
  }
}
