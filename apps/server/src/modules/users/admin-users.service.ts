import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserCreate, type AdminUserUpdate } from '@tillpoint/contracts/admin-user';
import type { Status } from '@tillpoint/contracts/enums';
import type { Db } from '../../db/open-db';
import { conflict } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { found } from '../../platform/route-kit';
import { revokeAllOf } from '../../platform/sessions';
import { deleteAdminUser, insertAdminUser, lockAdminsForRemoval, updateAdminUser } from './admin-users.repo';

export async function createAdminUser(db: Db, input: AdminUserCreate): Promise<AdminUser> {
  const { password, ...values } = input;
  return insertAdminUser(db, { ...values, passwordHash: await hashPassword(password) });
}

/** A blank password keeps the current one; a new one ends the user's other sessions. */
export async function saveAdminUser(db: Db, actorId: number, input: AdminUserUpdate): Promise<AdminUser> {
  const { id, password, ...values } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  return db.transaction(async (tx) => {
    const saved = found(await updateAdminUser(tx, id, { ...values, ...(passwordHash ? { passwordHash } : {}) }));
    if (passwordHash && id !== actorId) await revokeAllOf(tx, { userType: 'admin', userId: id, tenantId: null });
    return saved;
  });
}

/**
 * The guard of both removal paths: an administrator never removes itself (it would lock itself out
 * mid-session), and the platform always keeps one ACTIVE administrator.
 */
async function guardRemoval(tx: Db, actorId: number, id: number) {
  const locked = await lockAdminsForRemoval(tx, id);
  const target = found(locked.find((a) => a.id === id));
  if (id === actorId) throw conflict(ADMIN_USER_MESSAGES.notYourself);
  const othersActive = locked.some((a) => a.id !== id && a.status === 'ACTIVE');
  if (target.status === 'ACTIVE' && !othersActive) throw conflict(ADMIN_USER_MESSAGES.lastAdmin);
}

export async function removeAdminUser(db: Db, actorId: number, id: number): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await guardRemoval(tx, actorId, id);
    await revokeAllOf(tx, { userType: 'admin', userId: id, tenantId: null });
    return found(await deleteAdminUser(tx, id));
  });
}

/** PASSIVE is a removal (guarded the same way); a PASSIVE administrator's next token refresh fails. */
export async function setAdminUserStatus(db: Db, actorId: number, id: number, status: Status): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    if (status === 'PASSIVE') await guardRemoval(tx, actorId, id);
    return found(await updateAdminUser(tx, id, { status }));
  });
}
