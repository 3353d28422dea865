import type { Licence, LicenceFields } from '@tillpoint/contracts/licence';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import type { Scope } from '../../platform/auth';
import type { ResourceRepo } from '../../platform/branch-repo';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { lockBranch } from '../../platform/tenancy';
import { grantedServices } from '../../platform/licence-grants';
import { licenceRepo, otherLicenceOfService } from './licences.repo';

/** Merchant sign-in completes only when the branch holds a licence that grants a service. */
export async function licenceCheck(db: Db, merchantAccountId: number, branchId: number) {
  const services = await grantedServices(db, merchantAccountId, branchId);
  if (services.size === 0) throw badRequest(MESSAGES.licenceMissing);
  return services;
}

/**
 * One licence per service and branch: the grant of a service must not depend on which of two
 * records wins. The branch row is locked, so two concurrent saves cannot both pass the check.
 */
async function saveOne<T>(db: Db, scope: Scope, input: LicenceFields, exceptId: number | undefined, save: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    if (!(await lockBranch(tx, scope))) throw notFound();
    if (await otherLicenceOfService(tx, scope, input.serviceName, exceptId)) throw conflict(MESSAGES.licenceServiceTaken);
    return save(tx);
  });
}

/** The licences' generic calls: the repo's, with the one-per-service rule on create and update. */
export const licenceResource: ResourceRepo<Licence, LicenceFields> = {
  ...licenceRepo,
  create: (db, scope, input) => saveOne(db, scope, input, undefined, (tx) => licenceRepo.create(tx, scope, input)),
  update: (db, scope, id, input) => saveOne(db, scope, input, id, (tx) => licenceRepo.update(tx, scope, id, input)),
};
