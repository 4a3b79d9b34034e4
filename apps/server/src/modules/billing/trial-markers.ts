import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { trialMarkers } from '../../db/schema.ts';
import type { KeyedHasher } from '../../lib/crypto.ts';

/**
 * One free trial per e-mail address and per card, also across a deleted account (decision 103). Only keyed
 * hashes are kept (HMAC with the server secret, one key per kind), in a table without a reference to users.
 */
export interface TrialMarkers {
  /** Records the e-mail and card fingerprints of an account that had a trial (before it is deleted). */
  remember(tx: Db, email: string, cardFingerprints: readonly string[]): Promise<void>;
  /** Whether this e-mail or card (fingerprint, when known) had a trial on a deleted account. */
  usedBefore(tx: Db, email: string, cardFingerprint: string | null): Promise<boolean>;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createTrialMarkers(hasher: KeyedHasher): TrialMarkers {
  const emailHash = (email: string) => hasher.hash('trial-email', normalizeEmail(email));
  const cardHash = (fingerprint: string) => hasher.hash('trial-card', fingerprint);
  return {
    async remember(tx, email, cardFingerprints) {
      const rows = [
        { kind: 'email', hash: emailHash(email) },
        ...[...new Set(cardFingerprints)].map((fingerprint) => ({ kind: 'card', hash: cardHash(fingerprint) })),
      ];
      await tx.insert(trialMarkers).values(rows).onConflictDoNothing();
    },

    async usedBefore(tx, email, cardFingerprint) {
      const byEmail = and(eq(trialMarkers.kind, 'email'), eq(trialMarkers.hash, emailHash(email)));
      const where = cardFingerprint
        ? or(byEmail, and(eq(trialMarkers.kind, 'card'), eq(trialMarkers.hash, cardHash(cardFingerprint))))
        : byEmail;
      const rows = await tx.select({ kind: trialMarkers.kind }).from(trialMarkers).where(where).limit(1);
      return rows.length > 0;
    },
  };
}
