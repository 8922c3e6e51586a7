/**
 * Signs cash-out receipts with Ed25519 (docs/provably-fair.md "Receipts"). The private key is made
 * from a 32-byte secret (RECEIPT_SECRET, else DATA_DIR/secrets.json) and never leaves this object;
 * its public half is listed in receipt_keys, the previous one closed, so a rotated key keeps every
 * receipt it signed verifiable.
 */

import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { desc, eq, isNull } from 'drizzle-orm';
import { receiptText } from '../../shared/settlement';
import type { Receipt, ReceiptPayload } from '../../shared/protocol';
import type { Db } from '../db/client';
import { receiptKeys } from '../db/schema';

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export class ReceiptSigner {
  /** The first 16 hex digits of SHA-256 of the public key, named in every payload. */
  readonly keyId: string;
  /** base64 of the 32 raw public-key bytes. */
  readonly publicKey: string;
  readonly #privateKey: KeyObject;

  constructor(seed: Uint8Array) {
    if (seed.length !== 32) throw new RangeError('a receipt key is made from 32 bytes');
    this.#privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const raw = createPublicKey(this.#privateKey).export({ format: 'jwk' }).x!;
    const bytes = Buffer.from(raw, 'base64url');
    this.publicKey = bytes.toString('base64');
    this.keyId = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  }

  /** The payload (its keyId set to this key's) as canonical text, and its signature. */
  sign(payload: Omit<ReceiptPayload, 'keyId'>): Receipt {
    const text = receiptText({ ...payload, keyId: this.keyId });
    return { payload: text, signature: sign(null, Buffer.from(text, 'utf8'), this.#privateKey).toString('base64') };
  }

  /**
   * Lists this key as the one in use from `now`, closing the one before it (a rotation); nothing
   * changes when it is already the key in use. Idempotent across processes that share the secret.
   */
  async publish(db: Db, now: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [inUse] = await tx
        .select()
        .from(receiptKeys)
        .where(isNull(receiptKeys.validUntil))
        .orderBy(desc(receiptKeys.validFrom));
      if (inUse?.id === this.keyId) return;
      if (inUse) await tx.update(receiptKeys).set({ validUntil: now }).where(eq(receiptKeys.id, inUse.id));
      await tx
        .insert(receiptKeys)
        .values({ id: this.keyId, publicKey: this.publicKey, validFrom: now })
        .onConflictDoUpdate({ target: receiptKeys.id, set: { validUntil: null } });
    });
  }
}

/** Every key that ever signed receipts, oldest first. */
export async function listedKeys(db: Db) {
  const rows = await db.select().from(receiptKeys).orderBy(receiptKeys.validFrom);
  return rows.map((row) => ({ id: row.id, publicKey: row.publicKey, from: row.validFrom, until: row.validUntil }));
}
