/** An ed25519 key held by the page through WebCrypto, stored as a JWK (the demo wallet's and the test wallet's). */

import bs58 from 'bs58';

/** What a key wallet needs of its key: the address and a signature over bytes. */
export interface WalletKey {
  address: string;
  publicKey: Uint8Array;
  sign(bytes: Uint8Array): Promise<Uint8Array>;
}

const ED25519 = { name: 'Ed25519' } as const;

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** A fresh key pair as a JWK holding both halves (`d` and `x`). */
export async function newKeyJwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  return crypto.subtle.exportKey('jwk', pair.privateKey);
}

/** The signing key of a JWK with `d` and `x`; the private half stays inside WebCrypto. */
export async function keyFromJwk(jwk: JsonWebKey): Promise<WalletKey> {
  if (!jwk.x || !jwk.d) throw new Error('The wallet key is incomplete');
  const privateKey = await crypto.subtle.importKey('jwk', jwk, ED25519, false, ['sign']);
  const publicKey = fromBase64Url(jwk.x);
  return {
    address: bs58.encode(publicKey),
    publicKey,
    sign: async (bytes) => new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, bytes as BufferSource)),
  };
}
