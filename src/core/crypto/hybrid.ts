import forge from "node-forge";

/**
 * The hybrid auth encryption of DESIGN.md section 5, shared by the browser client and the
 * paper broker so that both sides have one definition of the byte layout.
 *
 *   request  cEncData     = kid.wrapped.iv.ct.tag   tag = HMAC(kid ASCII || iv || ct)
 *   answer   cRespEncData =     wrapped.iv.ct.tag   tag = HMAC(iv || ct)
 *
 * wrapped: 64 fresh bytes (AES-256 key, then HMAC-SHA256 key) under RSA-OAEP SHA-256 /
 * MGF1-SHA-256 (WebCrypto's RSA-OAEP/SHA-256); iv 16 bytes; ct AES-256-CBC PKCS#7 of UTF-8 JSON.
 * Encrypt-then-MAC: the tag is checked, in constant time, before any decryption, and every
 * failure throws the same HybridCryptoError so that no padding or MAC oracle exists.
 */

/** The one message of every decryption failure, whatever the cause. */
export const HYBRID_FAILURE_MESSAGE = "The encrypted message could not be read";

export class HybridCryptoError extends Error {
  constructor() {
    super(HYBRID_FAILURE_MESSAGE);
    this.name = "HybridCryptoError";
  }
}

export interface KeyPairPem {
  /** SubjectPublicKeyInfo PEM ("BEGIN PUBLIC KEY"). */
  publicKeyPem: string;
  privateKeyPem: string;
}

/** The RSA modulus of both sides' keys (DESIGN.md section 5). */
export const RSA_BITS = 2048;
const KEY_BYTES = 32;
const IV_BYTES = 16;
const TAG_BYTES = 32;

function oaepOptions(): { md: forge.md.MessageDigest; mgf1: { md: forge.md.MessageDigest } } {
  return { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } };
}

// Parsing a PEM costs more than a hash lookup; a broker sees the same few keys over and over.
const publicKeys = new Map<string, forge.pki.rsa.PublicKey>();
const privateKeys = new Map<string, forge.pki.rsa.PrivateKey>();
const CACHE_LIMIT = 256;

function remember<T>(cache: Map<string, T>, pem: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(pem, value);
  return value;
}

/** Parses an RSA-2048 SubjectPublicKeyInfo PEM; throws a plain Error on anything else. */
export function parsePublicKey(pem: string): forge.pki.rsa.PublicKey {
  const hit = publicKeys.get(pem);
  if (hit) return hit;
  const key = forge.pki.publicKeyFromPem(pem) as forge.pki.rsa.PublicKey;
  if (!key.n || key.n.bitLength() !== RSA_BITS) throw new Error("The public key must be RSA with 2048 bits");
  return remember(publicKeys, pem, key);
}

function parsePrivateKey(pem: string): forge.pki.rsa.PrivateKey {
  return privateKeys.get(pem) ?? remember(privateKeys, pem, forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey);
}

/**
 * The RSA-OAEP (SHA-256, MGF1-SHA-256) step on binary strings. node-forge is the default and
 * runs everywhere; the broker plugs in Node's native RSA (same algorithm, about 50 times
 * faster) because every encrypted call costs one private-key operation.
 */
export interface RsaOaep {
  encrypt(publicKeyPem: string, bytes: string): string;
  /** Throws on any failure; the caller turns it into the uniform error. */
  decrypt(privateKeyPem: string, bytes: string): string;
}

export const forgeRsaOaep: RsaOaep = {
  encrypt: (pem, bytes) => parsePublicKey(pem).encrypt(bytes, "RSA-OAEP", oaepOptions()),
  decrypt: (pem, bytes) => parsePrivateKey(pem).decrypt(bytes, "RSA-OAEP", oaepOptions()),
};

function publicKeyDer(pem: string): string {
  return forge.asn1.toDer(forge.pki.publicKeyToAsn1(parsePublicKey(pem))).getBytes();
}

function toBase64Url(bytes: string): string {
  return forge.util.encode64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** kid: base64url (no padding) of SHA-256 over the client public key's DER. */
export function keyIdOf(publicKeyPem: string): string {
  return toBase64Url(forge.md.sha256.create().update(publicKeyDer(publicKeyPem)).digest().getBytes());
}

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict standard base64 with padding: a lenient decoder would let two texts mean one message. */
function decodePart(part: string | undefined): string {
  if (part === undefined || !STANDARD_BASE64.test(part)) throw new HybridCryptoError();
  const bytes = forge.util.decode64(part);
  if (forge.util.encode64(bytes) !== part) throw new HybridCryptoError();
  return bytes;
}

function hmac(key: string, ...parts: string[]): string {
  const mac = forge.hmac.create();
  mac.start("sha256", key);
  for (const p of parts) mac.update(p);
  return mac.digest().getBytes();
}

/** Compares two byte strings in time that depends only on their lengths (lengths are public here). */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

interface Sealed {
  wrapped: string;
  iv: string;
  ct: string;
  tag: string;
}

function seal(payload: unknown, recipientPem: string, macPrefix: string, rsa: RsaOaep): Sealed {
  const keys = forge.random.getBytesSync(2 * KEY_BYTES);
  const aesKey = keys.slice(0, KEY_BYTES);
  const macKey = keys.slice(KEY_BYTES);
  const iv = forge.random.getBytesSync(IV_BYTES);
  const cipher = forge.cipher.createCipher("AES-CBC", aesKey);
  cipher.start({ iv });
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(JSON.stringify(payload))));
  cipher.finish();
  const ct = cipher.output.getBytes();
  const wrapped = rsa.encrypt(recipientPem, keys);
  return { wrapped, iv, ct, tag: hmac(macKey, macPrefix, iv, ct) };
}

function open(parts: Array<string | undefined>, privatePem: string, macPrefix: string, rsa: RsaOaep): unknown {
  const [wrappedB64, ivB64, ctB64, tagB64] = parts;
  const wrapped = decodePart(wrappedB64);
  const iv = decodePart(ivB64);
  const ct = decodePart(ctB64);
  const tag = decodePart(tagB64);
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ct.length === 0 || ct.length % 16 !== 0) throw new HybridCryptoError();
  let keys: string;
  try {
    keys = rsa.decrypt(privatePem, wrapped);
  } catch {
    throw new HybridCryptoError();
  }
  if (keys.length !== 2 * KEY_BYTES) throw new HybridCryptoError();
  if (!constantTimeEqual(hmac(keys.slice(KEY_BYTES), macPrefix, iv, ct), tag)) throw new HybridCryptoError();
  const decipher = forge.cipher.createDecipher("AES-CBC", keys.slice(0, KEY_BYTES));
  decipher.start({ iv });
  decipher.update(forge.util.createBuffer(ct));
  if (!decipher.finish()) throw new HybridCryptoError();
  try {
    return JSON.parse(forge.util.decodeUtf8(decipher.output.getBytes())) as unknown;
  } catch {
    throw new HybridCryptoError();
  }
}

const b64 = (bytes: string): string => forge.util.encode64(bytes);

/** Client side: the cEncData of a request, for the server key received from /auth/get/encKey. */
export function encryptRequest(payload: unknown, kid: string, serverPublicKeyPem: string, rsa: RsaOaep = forgeRsaOaep): string {
  const s = seal(payload, serverPublicKeyPem, kid, rsa);
  return [kid, b64(s.wrapped), b64(s.iv), b64(s.ct), b64(s.tag)].join(".");
}

/**
 * Server side: opens a cEncData. `clientKeyOf` finds the registered client key by kid; an
 * unknown kid fails like any other failure. Returns the kid so the answer can be sealed to it.
 */
export function decryptRequest(
  cEncData: unknown,
  serverPrivateKeyPem: string,
  clientKeyOf: (kid: string) => string | undefined,
  rsa: RsaOaep = forgeRsaOaep,
): { kid: string; clientPublicKeyPem: string; payload: unknown } {
  if (typeof cEncData !== "string") throw new HybridCryptoError();
  const parts = cEncData.split(".");
  if (parts.length !== 5) throw new HybridCryptoError();
  const kid = parts[0] ?? "";
  const clientPublicKeyPem = /^[A-Za-z0-9_-]{43}$/.test(kid) ? clientKeyOf(kid) : undefined;
  if (!clientPublicKeyPem) throw new HybridCryptoError();
  const payload = open(parts.slice(1), serverPrivateKeyPem, kid, rsa);
  return { kid, clientPublicKeyPem, payload };
}

/** Server side: the cRespEncData of an answer, sealed with fresh keys to the client key. */
export function encryptResponse(payload: unknown, clientPublicKeyPem: string, rsa: RsaOaep = forgeRsaOaep): string {
  const s = seal(payload, clientPublicKeyPem, "", rsa);
  return [b64(s.wrapped), b64(s.iv), b64(s.ct), b64(s.tag)].join(".");
}

/** Client side: opens a cRespEncData with the client's private key. */
export function decryptResponse(cRespEncData: unknown, clientPrivateKeyPem: string, rsa: RsaOaep = forgeRsaOaep): unknown {
  if (typeof cRespEncData !== "string") throw new HybridCryptoError();
  const parts = cRespEncData.split(".");
  if (parts.length !== 4) throw new HybridCryptoError();
  return open(parts, clientPrivateKeyPem, "", rsa);
}
