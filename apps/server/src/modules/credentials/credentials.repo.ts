import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Credential, CredentialCreated, CredentialFields } from '@tillpoint/contracts/credential';
import type { Status } from '@tillpoint/contracts/enums';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { TillConnection } from '@tillpoint/contracts/till';
import type { Db } from '../../db/open-db';
import { credential, merchantAccount, merchantBranch, tillConnection } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRepo } from '../../platform/branch-repo';
import { newOpaqueToken, sha256 } from '../../platform/random';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { recordDates } from '../../platform/record-dates';

type CredentialRow = typeof credential.$inferSelect;

export const toCredential = (r: CredentialRow): Credential => ({
  id: r.id,
  merchantBranchId: r.merchantBranchId,
  clientId: r.clientId,
  description: r.description,
  masterDevice: r.masterDevice,
  orderDevice: r.orderDevice,
  locked: r.locked,
  status: r.status as Status,
  ...recordDates(r),
});

const base = branchRepo<typeof credential, Credential, CredentialFields>(credential, credential, {
  columns: {
    id: { column: credential.id, kind: 'number' },
    clientId: { column: credential.clientId, kind: 'text' },
    description: { column: credential.description, kind: 'text' },
    masterDevice: { column: credential.masterDevice, kind: 'boolean' },
    orderDevice: { column: credential.orderDevice, kind: 'boolean' },
    locked: { column: credential.locked, kind: 'boolean' },
    status: { column: credential.status, kind: 'text' },
    createdDate: { column: credential.createdDate, kind: 'date' },
  },
  toRecord: toCredential,
  // Only what an administrator edits: the client id and secret are never written from input.
  toRow: (i) => ({
    description: i.description ?? null,
    masterDevice: i.masterDevice,
    orderDevice: i.orderDevice,
    locked: i.locked,
    status: i.status,
  }),
});

/**
 * A new credential: the server makes the client id and a 256-bit secret; only the secret's hash is
 * stored, and the secret goes back once, in this reply.
 */
async function createCredential(db: Db, s: Scope, input: CredentialFields): Promise<CredentialCreated> {
  const clientSecret = newOpaqueToken();
  const [row] = await db
    .insert(credential)
    .values({
      merchantAccountId: s.merchantAccountId,
      merchantBranchId: s.merchantBranchId,
      clientId: randomUUID(),
      clientSecretHash: sha256(clientSecret),
      description: input.description ?? null,
      masterDevice: input.masterDevice,
      orderDevice: input.orderDevice,
      locked: input.locked,
      status: input.status,
    })
    .returning();
  return { ...toCredential(row), clientSecret };
}

export const credentialRepo: ResourceRepo<Credential, CredentialFields> = { ...base, create: createCredential };

/** What a till's sign-in needs to decide: the credential, and the status of its branch and account. */
export async function findTillCredential(db: Db, clientId: string) {
  const [row] = await db
    .select({ c: credential, branchStatus: merchantBranch.status, accountStatus: merchantAccount.status })
    .from(credential)
    .innerJoin(merchantBranch, and(eq(merchantBranch.merchantAccountId, credential.merchantAccountId), eq(merchantBranch.id, credential.merchantBranchId)))
    .innerJoin(merchantAccount, eq(merchantAccount.id, credential.merchantAccountId))
    .where(eq(credential.clientId, clientId));
  return row;
}

/** One connection row per credential: the last time its till obtained a token, and from where. */
export async function recordTillConnection(db: Db, c: CredentialRow, remoteAddress: string | null, at: Date = new Date()) {
  await db
    .insert(tillConnection)
    .values({ merchantAccountId: c.merchantAccountId, merchantBranchId: c.merchantBranchId, credentialId: c.id, lastConnectedDate: at, remoteAddress })
    .onConflictDoUpdate({
      target: [tillConnection.merchantAccountId, tillConnection.credentialId],
      set: { lastConnectedDate: at, remoteAddress, merchantBranchId: c.merchantBranchId },
    });
}

const CONNECTION_COLUMNS: TableColumns = {
  id: { column: tillConnection.id, kind: 'number' },
  storeName: { column: merchantBranch.tradingName, kind: 'text' },
  domainName: { column: merchantBranch.domainName, kind: 'text' },
  clientId: { column: credential.clientId, kind: 'text' },
  description: { column: credential.description, kind: 'text' },
  lastConnectedDate: { column: tillConnection.lastConnectedDate, kind: 'date' },
  locked: { column: credential.locked, kind: 'boolean' },
};

const connectionFields = {
  t: tillConnection,
  clientId: credential.clientId,
  description: credential.description,
  locked: credential.locked,
  storeName: merchantBranch.tradingName,
  domainName: merchantBranch.domainName,
};
type ConnectionRow = Awaited<ReturnType<typeof connections>>[number];
const toConnection = (r: ConnectionRow): TillConnection => ({
  id: r.t.id,
  merchantAccountId: r.t.merchantAccountId,
  merchantBranchId: r.t.merchantBranchId,
  credentialId: r.t.credentialId,
  clientId: r.clientId,
  description: r.description,
  storeName: r.storeName,
  domainName: r.domainName,
  lastConnectedDate: r.t.lastConnectedDate.toISOString(),
  locked: r.locked,
});

const credentialOfConnection = and(eq(credential.merchantAccountId, tillConnection.merchantAccountId), eq(credential.id, tillConnection.credentialId));
const branchOfConnection = and(eq(merchantBranch.merchantAccountId, tillConnection.merchantAccountId), eq(merchantBranch.id, tillConnection.merchantBranchId));
const connections = (db: Db) =>
  db.select(connectionFields).from(tillConnection).innerJoin(credential, credentialOfConnection).innerJoin(merchantBranch, branchOfConnection);

/** Every till connection of the platform (administrators), for the read-only page. */
export function listTillConnections(db: Db, request: TableLoadRequest): Promise<TableLoadResponse<TillConnection>> {
  return loadTable(
    CONNECTION_COLUMNS,
    tillConnection.id,
    request,
    async (q) => (await connections(db).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map(toConnection),
    async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tillConnection)
        .innerJoin(credential, credentialOfConnection)
        .innerJoin(merchantBranch, branchOfConnection)
        .where(where);
      return row.n;
    },
  );
}

export const allTillConnections = async (db: Db) =>
  (await connections(db).orderBy(tillConnection.id)).map(toConnection);
