import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { SyncGroup } from '@tillpoint/contracts/data-sync';
import type { Config } from '../config';
import type { Db } from '../db/open-db';
import type { Scope, TokenSigner } from './auth';
import type { Captcha } from './captcha';
import type { FileStore } from './files';
import type { Job } from './jobs';
import type { StorePagePreloads } from './web-app';

/** A till-sync group's current data for a branch, read in the sync's transaction. */
export type SyncProvider = (tx: Db, scope: Scope) => Promise<unknown[]>;

/** What a module's routes and jobs are built with. */
export type ModuleContext = {
  db: Db;
  config: Config;
  signer: TokenSigner;
  captcha: Captcha;
  /** Whether sign-ins must solve the captcha now (SHOW_CAPTCHA and the showCaptcha system parameter). */
  captchaRequired: () => Promise<boolean>;
  files: FileStore;
  /** The origin of links in mails (never a request's Host header). */
  publicUrl: string;
  /** What every module of the app declares (data sync reads its groups and reset tables here). */
  registry: ModuleRegistry;
  /** Runs a background job now (jobs.ts `wake`); nothing when this server runs no jobs. */
  wakeJob: (name: string) => void;
};

/**
 * An area of the server (ARCHITECTURE §1): it registers its own routes and declares its own parts,
 * so adding an area edits only the modules list (app-modules.ts), never a central if-chain.
 */
export type AppModule = {
  name: string;
  routes?: (app: FastifyInstance, ctx: ModuleContext) => void;
  /** The data a till receives for each sync group this module owns. */
  syncGroups?: Partial<Record<SyncGroup, SyncProvider>>;
  /** Branch-owned tables a data reset deletes (spec 1 §3), by the reset's two parts. */
  resetTables?: { transactions?: PgTable[]; definitions?: PgTable[] };
  /** Branch-owned tables a data reset keeps on purpose, with the reason (table name → why). */
  keptOnReset?: Record<string, string>;
  /** Background jobs of the area. */
  jobs?: (ctx: ModuleContext) => Job[];
  /**
   * Refunds a web order's card payment through its payment provider (the payments area); the live
   * orders' refund call uses it, so orders never imports payments' internals.
   */
  cardRefund?: (ctx: ModuleContext) => CardRefund;
  /**
   * Removes saved cards' reusable tokens at their payment providers (the payments area); members
   * use it when a member deletes the account, so they never import payments' internals.
   */
  forgetSavedCards?: (ctx: ModuleContext) => ForgetSavedCards;
  /** Files a store's page (`/{domainName}`) will ask for, sent with its HTML (platform/web-app.ts). */
  storePagePreloads?: (ctx: ModuleContext) => StorePagePreloads;
};

/** A saved card as its provider knows it: the branch whose provider account holds the token. */
export type SavedCardRef = { memberUserId: number; merchantAccountId: number; merchantBranchId: number; provider: string; providerToken: string };
/** Asks each card's provider to remove its token; answers how many it could not remove (best effort, never throws). */
export type ForgetSavedCards = (cards: SavedCardRef[]) => Promise<number>;

/** Refunds the card payment of an order of the branch (409 when it has none to refund). */
export type CardRefund = (scope: Scope, orderId: number) => Promise<unknown>;

export type ModuleRegistry = {
  readonly modules: readonly AppModule[];
  /** The module that provides a sync group's data, or undefined while no area provides it. */
  syncProvider(group: SyncGroup): SyncProvider | undefined;
  resetTables: { transactions: PgTable[]; definitions: PgTable[] };
  keptOnReset: Record<string, string>;
  jobs(ctx: ModuleContext): Job[];
  /** The card refund of the module that provides one, if any. */
  cardRefund(ctx: ModuleContext): CardRefund | undefined;
  /** The saved-card removal of the module that provides one, if any. */
  forgetSavedCards(ctx: ModuleContext): ForgetSavedCards | undefined;
  /** Every module's preloads for a store's page. */
  storePagePreloads(ctx: ModuleContext): StorePagePreloads[];
};

/**
 * Collects what the modules declare. Two modules claiming the same sync group, reset table or
 * module name is a programming error, refused at start-up rather than decided by list order.
 */
export function moduleRegistry(modules: readonly AppModule[]): ModuleRegistry {
  const claim = (kind: string, seen: Map<string, string>, key: string, owner: string) => {
    const other = seen.get(key);
    if (other) throw new Error(`${kind} '${key}' is declared by both ${other} and ${owner}`);
    seen.set(key, owner);
  };
  const names = new Map<string, string>();
  const groups = new Map<string, string>();
  const tables = new Map<string, string>();
  const providers = new Map<SyncGroup, SyncProvider>();
  const resetTables = { transactions: [] as PgTable[], definitions: [] as PgTable[] };
  const keptOnReset: Record<string, string> = {};
  for (const m of modules) {
    claim('module', names, m.name, m.name);
    for (const [group, provider] of Object.entries(m.syncGroups ?? {}) as [SyncGroup, SyncProvider][]) {
      claim('sync group', groups, group, m.name);
      providers.set(group, provider);
    }
    for (const part of ['transactions', 'definitions'] as const) {
      for (const table of m.resetTables?.[part] ?? []) {
        claim('reset table', tables, getTableName(table), m.name);
        resetTables[part].push(table);
      }
    }
    for (const [table, why] of Object.entries(m.keptOnReset ?? {})) {
      claim('reset table', tables, table, m.name);
      keptOnReset[table] = why;
    }
  }
  return {
    modules,
    syncProvider: (group) => providers.get(group),
    resetTables,
    keptOnReset,
    jobs: (ctx) => modules.flatMap((m) => m.jobs?.(ctx) ?? []),
    cardRefund: (ctx) => modules.find((m) => m.cardRefund)?.cardRefund?.(ctx),
    forgetSavedCards: (ctx) => modules.find((m) => m.forgetSavedCards)?.forgetSavedCards?.(ctx),
    storePagePreloads: (ctx) => modules.flatMap((m) => m.storePagePreloads?.(ctx) ?? []),
  };
}
