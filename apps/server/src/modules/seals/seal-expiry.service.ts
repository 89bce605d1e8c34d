/** The end of a seal's period: the scheduled job expires it and destroys its key. */
import { AUDIT_ACTIONS } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { KeyStore } from '../../platform/signing/key-sealing.ts';
import { expireSeals, lockDueSealKeys } from './seals.repository.ts';

/** Effective seals at the end of their period become expired, their keys destroyed (the scheduled job). */
export async function expireDueSeals(db: Db, now: Date, keyStore?: KeyStore): Promise<{ expired: number }> {
  return inTransaction(db, async (trx) => {
    // A token's key objects are destroyed first, their rows locked (cancelSeal says why); a sealed
    // key (no store given: the KEK's) ends with its row's value set to null.
    if (keyStore?.kind === 'pkcs11') {
      for (const due of await lockDueSealKeys(trx, now)) {
        await keyStore.destroy(due.privateKeySealed as Buffer, `seal:${due.lgcSn}`);
      }
    }
    const expired = await expireSeals(trx, now);
    for (const seal of expired) {
      await recordAudit(trx, {
        action: AUDIT_ACTIONS.sealExpired,
        targetType: 'seal',
        targetId: seal.lgcSn,
        detail: { sealNo: seal.sealNo },
      });
    }
    return { expired: expired.length };
  });
}
