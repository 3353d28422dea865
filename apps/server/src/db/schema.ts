import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  bigint,
  customType,
  date,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Tenancy is in the keys: every merchant-owned table leads its primary key, unique constraints and
 * foreign keys with merchant_account_id (see schema-rules.test.ts). Global tables are listed in
 * GLOBAL_TABLES below.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_date').notNull().defaultNow();
const updated = () => ts('updated_date').notNull().defaultNow();

// ---- global tables -------------------------------------------------------------------------

export const systemParameter = pgTable('system_parameter', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const adminUser = pgTable('admin_user', {
  id: serial('id').primaryKey(),
  userName: text('user_name').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  mobilePhone: text('mobile_phone').notNull().default(''),
  status: text('status').notNull().default('ACTIVE'),
  locked: text('locked').notNull().default('N'),
  wrongEntryNumbers: integer('wrong_entry_numbers').notNull().default(0),
  lockedUntil: ts('locked_until'),
  superUser: boolean('super_user').notNull().default(false),
  activationDate: ts('activation_date'),
  passwordChangeDate: ts('password_change_date'),
  createdDate: created(),
  updatedDate: updated(),
});

export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** ACCOUNT roles: a merchant user holds exactly one. OPERATION roles: clerk, kitchen, waiter, driver. */
  roleGroup: text('role_group').notNull(),
  description: text('description').notNull().default(''),
});

export const rolePrivilege = pgTable(
  'role_privilege',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    objectName: text('object_name').notNull(),
    action: text('action').notNull(),
    status: text('status').notNull().default('ACTIVE'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.objectName, t.action] })],
);

export const menuItem = pgTable('menu_item', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  userType: text('user_type').notNull(),
  description: text('description').notNull(),
  href: text('href'),
  icon: text('icon'),
  /** The privilege object a merchant user needs (any action) to see the item; null: everyone of the type. */
  objectName: text('object_name'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Single-use keys mailed or handed out: password reset, activation, and the one-time login code. */
export const authKey = pgTable(
  'auth_key',
  {
    keyHash: text('key_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userType: text('user_type').notNull(),
    userId: integer('user_id').notNull(),
    tenantId: integer('tenant_id'),
    branchId: integer('branch_id'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_key_expires_idx').on(t.expiresAt)],
);

export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userType: text('user_type').notNull(),
    userId: integer('user_id').notNull(),
    tenantId: integer('tenant_id'),
    branchId: integer('branch_id'),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_token_family_idx').on(t.familyId), index('refresh_token_expires_idx').on(t.expiresAt)],
);

export const captchaUsed = pgTable('captcha_used', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the mail (table exports), base64 in JSON: the outbox is global, not a tenant's file store. */
    attachments: jsonb('attachments').$type<{ fileName: string; contentType: string; base64: string }[]>(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The tenant root: its id is every merchant-owned row's merchant_account_id. */
export const merchantAccount = pgTable('merchant_account', {
  id: serial('id').primaryKey(),
  tradingName: text('trading_name').notNull(),
  businessName: text('business_name').notNull(),
  companyNo: bigint('company_no', { mode: 'number' }).notNull(),
  vatNo: text('vat_no').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  mobilePhone: text('mobile_phone'),
  emailAddress: text('email_address'),
  status: text('status').notNull().default('ACTIVE'),
  createdDate: created(),
  updatedDate: updated(),
});

// ---- merchant-owned tables -----------------------------------------------------------------

export const merchantBranch = pgTable(
  'merchant_branch',
  {
    merchantAccountId: integer('merchant_account_id')
      .notNull()
      .references(() => merchantAccount.id),
    id: serial('id').notNull(),
    tradingName: text('trading_name').notNull(),
    businessName: text('business_name').notNull(),
    vatNo: text('vat_no').notNull(),
    /** The store's public address; unique across the platform because customers reach it by name. */
    domainName: text('domain_name').notNull(),
    sector: text('sector').notNull().default('RETAIL'),
    subsector: text('subsector'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    mobilePhone: text('mobile_phone'),
    emailAddress: text('email_address'),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    state: text('state'),
    city: text('city'),
    postCode: text('post_code'),
    country: text('country').notNull().default('United Kingdom'),
    status: text('status').notNull().default('ACTIVE'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), unique('merchant_branch_domain_name_key').on(t.domainName)],
);

const branchRef = (t: { merchantAccountId: AnyPgColumn; merchantBranchId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.merchantAccountId, t.merchantBranchId],
    foreignColumns: [merchantBranch.merchantAccountId, merchantBranch.id],
  }).onDelete('cascade');

export const licence = pgTable(
  'licence',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    serviceName: text('service_name').notNull(),
    licenseStatus: text('license_status').notNull(),
    actionReason: text('action_reason').notNull(),
    actionReasonDescription: text('action_reason_description'),
    validDays: integer('valid_days'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    index('licence_branch_idx').on(t.merchantAccountId, t.merchantBranchId),
  ],
);

export const merchantUser = pgTable(
  'merchant_user',
  {
    merchantAccountId: integer('merchant_account_id')
      .notNull()
      .references(() => merchantAccount.id),
    id: serial('id').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobilePhone: text('mobile_phone').notNull(),
    title: text('title').notNull().default('MR'),
    status: text('status').notNull().default('ACTIVE'),
    locked: text('locked').notNull().default('N'),
    wrongEntryNumbers: integer('wrong_entry_numbers').notNull().default(0),
    lockedUntil: ts('locked_until'),
    pin: text('pin'),
    superUser: boolean('super_user').notNull().default(false),
    landingPage: text('landing_page'),
    activationDate: ts('activation_date'),
    passwordChangeDate: ts('password_change_date'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    unique('merchant_user_user_name_key').on(t.merchantAccountId, t.userName),
    index('merchant_user_email_idx').on(sql`lower(${t.email})`),
  ],
);

const userRef = (t: { merchantAccountId: AnyPgColumn; userId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.merchantAccountId, t.userId],
    foreignColumns: [merchantUser.merchantAccountId, merchantUser.id],
  }).onDelete('cascade');

export const merchantUserRole = pgTable(
  'merchant_user_role',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.userId, t.roleId] }), userRef(t)],
);

export const merchantUserBranch = pgTable(
  'merchant_user_branch',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    userId: integer('user_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.userId, t.merchantBranchId] }), userRef(t), branchRef(t)],
);

export const tax = pgTable(
  'tax',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    /** Percent times 100 (20% is 2000): no floating point in the database. */
    rateBp: integer('rate_bp').notNull(),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('tax_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name),
  ],
);

/** A till's key to the platform: the client id is public, the secret is stored only as its hash. */
export const credential = pgTable(
  'credential',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    description: text('description'),
    masterDevice: boolean('master_device').notNull().default(false),
    orderDevice: boolean('order_device').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('credential_client_id_key').on(t.clientId)],
);

/** The last time each credential's till obtained a token. */
export const tillConnection = pgTable(
  'till_connection',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    credentialId: integer('credential_id').notNull(),
    lastConnectedDate: ts('last_connected_date').notNull().defaultNow(),
    remoteAddress: text('remote_address'),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.credentialId], foreignColumns: [credential.merchantAccountId, credential.id] }).onDelete('cascade'),
    unique('till_connection_credential_key').on(t.merchantAccountId, t.credentialId),
  ],
);

/** Postcode look-up credit of a branch; values are whole look-ups (a multiple of 100). */
export const credit = pgTable(
  'credit',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    creditValue: integer('credit_value').notNull(),
    creditUsed: integer('credit_used').notNull().default(0),
    creditType: text('credit_type').notNull(),
    description: text('description'),
    status: text('status').notNull().default('ACTIVE'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t)],
);

/** Uploaded files (logos, headers, product images), served with an ETag. */
export const storedFile = pgTable(
  'stored_file',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdDate: created(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] })],
);

const fileRef = (t: { merchantAccountId: AnyPgColumn }, column: AnyPgColumn) =>
  foreignKey({ columns: [t.merchantAccountId, column], foreignColumns: [storedFile.merchantAccountId, storedFile.id] });

/** A branch's branding: web header (1900x360), mobile header (400x300) and logo (90x90). */
export const pageSettings = pgTable(
  'page_settings',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    headerFileId: integer('header_file_id'),
    mobileFileId: integer('mobile_file_id'),
    logoFileId: integer('logo_file_id'),
    displayMemberZoom: integer('display_member_zoom').notNull().default(2),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('page_settings_branch_key').on(t.merchantAccountId, t.merchantBranchId),
    fileRef(t, t.headerFileId),
    fileRef(t, t.mobileFileId),
    fileRef(t, t.logoFileId),
  ],
);

/** Order, end-of-day and payment settings of a branch (spec 1 §3, branch settings). */
export const branchSettings = pgTable(
  'branch_settings',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    tableOrderPaymentOptions: text('table_order_payment_options').notNull().default(''),
    webOrderPaymentOptions: text('web_order_payment_options').notNull().default(''),
    notificationTunnel: text('notification_tunnel').notNull().default(''),
    autoOrderConfirm: boolean('auto_order_confirm').notNull().default(true),
    autoKitchen: boolean('auto_kitchen').notNull().default(true),
    autoInsideDelivery: boolean('auto_inside_delivery').notNull().default(true),
    autoOutsideDelivery: boolean('auto_outside_delivery').notNull().default(false),
    autoDispatch: boolean('auto_dispatch').notNull().default(true),
    email: text('email'),
    endOfDayHour: text('end_of_day_hour').default('00'),
    isAutoEndOfDay: boolean('is_auto_end_of_day').notNull().default(true),
    provider: text('provider').notNull().default('DOJO'),
    jsUrl: text('js_url'),
    merchantUrl: text('merchant_url'),
    baseUrl: text('base_url'),
    /** Provider secrets: written by administrators, never sent back to a browser. */
    jwt: text('jwt'),
    password: text('password'),
    userType: text('user_type'),
    /** Opayo: the vendor name its merchant session keys are asked for (plain: it is not a secret). */
    vendorName: text('vendor_name'),
    /** Opayo's Reporting & Admin API user and password (sealed): recovery finds a payment by our vendorTxCode. */
    reportingUser: text('reporting_user'),
    reportingPassword: text('reporting_password'),
    // Merchant tabs (spec 2 §3 "Branch settings"): money in pence, rates in basis points, distance in hundredths of a mile.
    minimumDeliveryBasketPrice: integer('minimum_delivery_basket_price'),
    deliveryFee: integer('delivery_fee'),
    freeDeliveryAmount: integer('free_delivery_amount'),
    collectionDiscountRateBp: integer('collection_discount_rate_bp'),
    serviceChargeOptions: text('service_charge_options'),
    defaultServiceCharge: integer('default_service_charge'),
    serviceChargeOptionsTableOrder: text('service_charge_options_table_order'),
    defaultServiceChargeTableOrder: integer('default_service_charge_table_order'),
    serviceChargeOptionsDelivery: text('service_charge_options_delivery'),
    defaultServiceChargeDelivery: integer('default_service_charge_delivery'),
    scheduledForDelivery: boolean('scheduled_for_delivery').notNull().default(false),
    minimumDeliveryDeliveryDuration: integer('minimum_delivery_delivery_duration'),
    maximumDeliveryDeliveryDuration: integer('maximum_delivery_delivery_duration'),
    /** Per weekday: open/close and delivery open/close hours ('HH:mm', Europe/London); null until first saved. */
    openingHours: jsonb('opening_hours').$type<Record<string, { openHour: string | null; closeHour: string | null; deliveryOpenHour: string | null; deliveryCloseHour: string | null }>>(),
    priceCalculationMethod: text('price_calculation_method').notNull().default('EMPTY'),
    priceCalculationRateBp: integer('price_calculation_rate_bp'),
    serviceableAreas: text('serviceable_areas'),
    distanceHundredthsMiles: integer('distance_hundredths_miles'),
    showEmailAddressInTheStoreCard: boolean('show_email_address_in_the_store_card').notNull().default(false),
    menuBorderColor: text('menu_border_color').notNull().default('#00bcd4'),
    menuDisplayTemplate: text('menu_display_template').notNull().default('Template1'),
    menuDisplayType: text('menu_display_type').notNull().default('DISPLAY_NUMBER'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('branch_settings_branch_key').on(t.merchantAccountId, t.merchantBranchId)],
);

/**
 * SMTP settings: the platform's own (merchant_branch_id -1) and per branch. Only administrators
 * manage them, so the table is global; branch ids are unique on the platform.
 */
export const mailSettings = pgTable('mail_settings', {
  id: serial('id').primaryKey(),
  merchantBranchId: integer('merchant_branch_id').notNull().unique(),
  toAddress: text('to_address'),
  fromAddress: text('from_address').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  userName: text('user_name').notNull(),
  /** Never returned to a browser. */
  password: text('password').notNull(),
  createdDate: created(),
  updatedDate: updated(),
});

/** A till's own operator login at a branch (names come from the till's data). */
export const tillUser = pgTable(
  'till_user',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    createdDate: created(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('till_user_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name)],
);

/** Which till user a merchant user is at each branch (at most one per branch). */
export const merchantUserTillUser = pgTable(
  'merchant_user_till_user',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    userId: integer('user_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    tillUserId: integer('till_user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.userId, t.merchantBranchId] }),
    userRef(t),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.tillUserId], foreignColumns: [tillUser.merchantAccountId, tillUser.id] }).onDelete('cascade'),
  ],
);

/** An administrator's request that a branch's tills fetch these data groups at their next sync. */
export const dataSyncRequest = pgTable(
  'data_sync_request',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    /** Comma-joined data groups, e.g. 'tax,department,product'. */
    groups: text('groups').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedDate: ts('requested_date').notNull().defaultNow(),
    deliveredDate: ts('delivered_date'),
    deliveredToCredentialId: integer('delivered_to_credential_id'),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), index('data_sync_request_pending_idx').on(t.merchantAccountId, t.merchantBranchId, t.deliveredDate)],
);

/** Who reset which data of a branch, and when (kept after the reset itself). */
export const dataResetAudit = pgTable(
  'data_reset_audit',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    transactions: boolean('transactions').notNull(),
    definitions: boolean('definitions').notNull(),
    resetBy: integer('reset_by').notNull(),
    resetDate: ts('reset_date').notNull().defaultNow(),
    /** Row counts deleted per table, as JSON text. */
    summary: text('summary').notNull().default('{}'),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t)],
);

// ---- catalogue (spec 2): departments, products, groups, tags, suppliers, printers -----------

/** Countries of origin (spec 2 §3 reference list): the same for every merchant. */
export const country = pgTable('country', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull(),
});

/** A store's own product classes (a reference list for products). */
export const productClass = pgTable(
  'product_class',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('product_class_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name)],
);

export const supplier = pgTable(
  'supplier',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    email: text('email'),
    phone: text('phone'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t)],
);

/** Network printers of a branch (kitchen tickets, receipts). */
export const device = pgTable(
  'device',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    networkAddress: text('network_address').notNull(),
    port: integer('port').notNull().default(9100),
    kind: text('kind').notNull(),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('device_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name)],
);

export const department = pgTable(
  'department',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    taxId: integer('tax_id').notNull(),
    ageRestricted: boolean('age_restricted').notNull().default(false),
    excludePromotion: boolean('exclude_promotion').notNull().default(false),
    shelfEdgeLabelRequired: boolean('shelf_edge_label_required').notNull().default(false),
    excludeServiceCharge: boolean('service_charge_excluded').notNull().default(false),
    autoCreateMenu: boolean('auto_create_menu').notNull().default(false),
    /** Percent times 100. */
    profitMarginBp: integer('profit_margin_bp'),
    priceCalculationMethod: text('price_calculation_method').notNull().default('EMPTY'),
    /** Hundredths: basis points for PERCENTAGE, pence for AMOUNT. */
    priceCalculationRateBp: integer('price_calculation_rate_bp'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('department_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name),
    foreignKey({ columns: [t.merchantAccountId, t.taxId], foreignColumns: [tax.merchantAccountId, tax.id] }),
  ],
);

export const productTag = pgTable(
  'product_tag',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    shortName: text('short_name').notNull(),
    tagColor: text('tag_color'),
    fileId: integer('file_id'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('product_tag_name_key').on(t.merchantAccountId, t.merchantBranchId, t.name),
    fileRef(t, t.fileId),
  ],
);

/** Prices in pence, percentages in basis points (spec 2 §3 Product). */
export const product = pgTable(
  'product',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    // The name as the table load and the autocomplete compare and sort it (ILIKE is lower() then LIKE
    // in a UTF-8 database): kept by the database, so a search lowers no name at read time and its indexes answer.
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
    status: text('status').notNull().default('ACTIVE'),
    barcode: text('barcode').notNull(),
    barcodeType: text('barcode_type').notNull().default('NORMAL'),
    barcodeDigit: integer('barcode_digit'),
    codeLength: integer('code_length'),
    departmentId: integer('department_id').notNull(),
    taxId: integer('tax_id'),
    price: integer('price'),
    oldPrice: integer('old_price'),
    webPrice: integer('web_price'),
    price2: integer('price2'),
    price3: integer('price3'),
    unit: text('unit').notNull().default('each'),
    quantity: integer('quantity').notNull().default(1),
    weighable: boolean('weighable').notNull().default(false),
    allowZeroPrice: boolean('zero_price_allowed').notNull().default(false),
    allowNegativePrice: boolean('negative_price_allowed').notNull().default(false),
    productType: text('product_type').notNull().default('PRODUCT_LINE'),
    webFileId: integer('web_file_id'),
    tillFileId: integer('till_file_id'),
    minStock: integer('min_stock'),
    maxStock: integer('max_stock'),
    currentStock: integer('current_stock').notNull().default(0),
    supplierId: integer('supplier_id'),
    countryId: integer('country_id').references(() => country.id),
    productClassId: integer('product_class_id'),
    description: text('description'),
    rowNumber: integer('row_number').notNull().default(1000),
    colNo: integer('col_no').notNull().default(10),
    costPrice: integer('cost_price'),
    boxQuantity: integer('box_quantity'),
    boxUnit: text('box_unit').notNull().default('each'),
    profitMarginBp: integer('profit_margin_bp'),
    boxPrice: integer('box_price'),
    unitCost: integer('unit_cost'),
    actualMarginBp: integer('actual_margin_bp'),
    retailPrice: integer('retail_price'),
    webEnabled: boolean('web_enabled').notNull().default(true),
    // Raised by every save that rewrites the product's tags: a save that keeps them writes the row in
    // one statement only while this is what it read (products.service.ts, productUpdate).
    tagsVersion: integer('tags_version').notNull().default(0),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    // Barcodes are unique in a store's catalogue (the till scans them).
    unique('product_barcode_key').on(t.merchantAccountId, t.merchantBranchId, t.barcode),
    foreignKey({ columns: [t.merchantAccountId, t.departmentId], foreignColumns: [department.merchantAccountId, department.id] }),
    foreignKey({ columns: [t.merchantAccountId, t.taxId], foreignColumns: [tax.merchantAccountId, tax.id] }),
    foreignKey({ columns: [t.merchantAccountId, t.supplierId], foreignColumns: [supplier.merchantAccountId, supplier.id] }).onDelete('set null'),
    foreignKey({ columns: [t.merchantAccountId, t.productClassId], foreignColumns: [productClass.merchantAccountId, productClass.id] }).onDelete('set null'),
    fileRef(t, t.webFileId),
    fileRef(t, t.tillFileId),
    // Table load sorted by name, and the department transfer.
    index('product_branch_name_lower_idx').on(t.merchantAccountId, t.merchantBranchId, t.nameLower),
    // Names starting with a text (the autocomplete, the startsWith filter): LIKE 'text%' is a range of this
    // index in any collation; the one above answers it only where the collation is "C" (PGlite, not C.UTF-8).
    index('product_branch_name_pattern_idx').on(t.merchantAccountId, t.merchantBranchId, t.nameLower.op('text_pattern_ops')),
    index('product_department_idx').on(t.merchantAccountId, t.departmentId),
    // "contains" filters and the autocomplete: a trigram index answers LIKE '%text%' on the lowered name, within
    // the store (btree_gin puts the tenant keys in the same GIN index, so other stores' matches are never read).
    // pg_trgm and btree_gin are trusted extensions, loaded on both engines. No pending list (fastupdate off):
    // every search scanned the unsorted list of recent inserts until a vacuum merged it, and PGlite never
    // vacuums by itself (a bulk-loaded catalogue counted a contains filter 1.7 times slower on PostgreSQL).
    index('product_branch_name_trgm_idx')
      .using('gin', t.merchantAccountId, t.merchantBranchId, sql`${t.nameLower} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The public image-by-barcode call reads across stores.
    index('product_barcode_idx').on(t.barcode),
  ],
);

export const productProductTag = pgTable(
  'product_product_tag',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    productId: integer('product_id').notNull(),
    tagId: integer('tag_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.productId, t.tagId] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.productId], foreignColumns: [product.merchantAccountId, product.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.merchantAccountId, t.tagId], foreignColumns: [productTag.merchantAccountId, productTag.id] }).onDelete('cascade'),
  ],
);

export const productGroup = pgTable(
  'product_group',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    price: integer('price'),
    selectionType: text('selection_type').notNull().default('SINGLE'),
    pricingType: text('pricing_type').notNull().default('PRODUCT_PRICE'),
    zeroPriceLimit: integer('zero_price_limit'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t)],
);

/** The products of a group in the order shown; a product is in a group at most once (the key). */
export const productGroupProduct = pgTable(
  'product_group_product',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    groupId: integer('group_id').notNull(),
    productId: integer('product_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.groupId, t.productId] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.groupId], foreignColumns: [productGroup.merchantAccountId, productGroup.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.merchantAccountId, t.productId], foreignColumns: [product.merchantAccountId, product.id] }).onDelete('cascade'),
  ],
);

/** Every stock change of a product (PUT product/stock), with the level before and after. */
export const stockEvent = pgTable(
  'stock_event',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    productId: integer('product_id').notNull(),
    stockOperation: text('stock_operation').notNull(),
    stockEventReason: text('stock_event_reason'),
    quantity: integer('quantity').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    userId: integer('user_id'),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.productId], foreignColumns: [product.merchantAccountId, product.id] }).onDelete('cascade'),
  ],
);

// ---- web menu, mix and match, floor plan (spec 2 §3) -----------------------------------------

/**
 * The web menu tree: a menu (hasSubMenu) holds menus and items; an item shows a product. parent_id
 * is null at the top level (the API's -1). Option groups and printers are the branch's own (the keys).
 */
export const webMenu = pgTable(
  'web_menu',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    parentId: integer('parent_id'),
    productId: integer('product_id'),
    longname: text('longname'),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    subTitle: text('sub_title'),
    hasSubMenu: boolean('has_sub_menu').notNull().default(true),
    webEnabled: boolean('web_enabled').notNull().default(true),
    webFileId: integer('web_file_id'),
    tillFileId: integer('till_file_id'),
    grpContent: integer('grp_content'),
    grpContentX: integer('grp_content_x'),
    grpMain: integer('grp_main'),
    grpOption1: integer('grp_option1'),
    grpOption2: integer('grp_option2'),
    grpOption3: integer('grp_option3'),
    grpOption4: integer('grp_option4'),
    grpOption1Label: text('grp_option1_label').notNull().default('opt1'),
    grpOption2Label: text('grp_option2_label').notNull().default('opt2'),
    grpOption3Label: text('grp_option3_label').notNull().default('opt3'),
    grpOption4Label: text('grp_option4_label').notNull().default('opt4'),
    kitchenPrinterGrp1: integer('kitchen_printer_grp1'),
    kitchenPrinterGrp2: integer('kitchen_printer_grp2'),
    kitchenPrinterGrp3: integer('kitchen_printer_grp3'),
    kitchenPrinterGrp4: integer('kitchen_printer_grp4'),
    kitchenPrinter1: integer('kitchen_printer1'),
    kitchenPrinter2: integer('kitchen_printer2'),
    kitchenPrinter3: integer('kitchen_printer3'),
    kitchenPrinter4: integer('kitchen_printer4'),
    printOrder: integer('print_order').notNull().default(0),
    fontSize: text('font_size').notNull().default('3.0vmin'),
    fontWeight: text('font_weight').notNull().default('bold'),
    textAlign: text('text_align').notNull().default('center'),
    flex: integer('flex').notNull().default(1),
    menuStyleHeightFlex: integer('menu_style_height_flex').notNull().default(1),
    rowNo: integer('row_no').notNull().default(1),
    colNo: integer('col_no').notNull().default(1),
    borderRadius: text('border_radius').notNull().default('1vmin'),
    pageSize: integer('page_size').notNull().default(1),
    rowSize: integer('row_size').notNull().default(1),
    spaceLength: integer('space_length').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    lining: boolean('lining').notNull().default(false),
    dummy: boolean('dummy').notNull().default(false),
    displaySiblings: boolean('display_siblings').notNull().default(false),
    displayGrandChilds: boolean('display_grand_childs').notNull().default(false),
    tillIdList: text('till_id_list'),
    showInline: boolean('show_inline').notNull().default(false),
    singleLine: boolean('single_line').notNull().default(false),
    condiment: boolean('condiment').notNull().default(false),
    color: text('color'),
    background: text('background'),
    menuDisplayType: text('menu_display_type').notNull().default('DISPLAY_NUMBER'),
    menuDisplayNo: integer('menu_display_no').notNull().default(0),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    // A menu with children cannot be deleted (the service says so first); a deleted product takes its items with it.
    foreignKey({ columns: [t.merchantAccountId, t.parentId], foreignColumns: [t.merchantAccountId, t.id] }),
    foreignKey({ columns: [t.merchantAccountId, t.productId], foreignColumns: [product.merchantAccountId, product.id] }).onDelete('cascade'),
    ...(['grpContent', 'grpContentX', 'grpMain', 'grpOption1', 'grpOption2', 'grpOption3', 'grpOption4', 'kitchenPrinterGrp1', 'kitchenPrinterGrp2', 'kitchenPrinterGrp3', 'kitchenPrinterGrp4'] as const).map((c) =>
      foreignKey({ columns: [t.merchantAccountId, t[c]], foreignColumns: [productGroup.merchantAccountId, productGroup.id] }),
    ),
    ...(['kitchenPrinter1', 'kitchenPrinter2', 'kitchenPrinter3', 'kitchenPrinter4'] as const).map((c) =>
      foreignKey({ columns: [t.merchantAccountId, t[c]], foreignColumns: [device.merchantAccountId, device.id] }),
    ),
    fileRef(t, t.webFileId),
    fileRef(t, t.tillFileId),
    // The storefront's reads: a branch's children of a parent.
    index('web_menu_parent_idx').on(t.merchantAccountId, t.merchantBranchId, t.parentId),
    index('web_menu_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const webMenuProductTag = pgTable(
  'web_menu_product_tag',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    webMenuId: integer('web_menu_id').notNull(),
    tagId: integer('tag_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.webMenuId, t.tagId] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.webMenuId], foreignColumns: [webMenu.merchantAccountId, webMenu.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.merchantAccountId, t.tagId], foreignColumns: [productTag.merchantAccountId, productTag.id] }).onDelete('cascade'),
  ],
);

/** Mix and match offers; quantity is an item count (PRODUCT level) or pence (BASKET level), amount pence. */
export const mixAndMatch = pgTable(
  'mix_and_match',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    mixAndMatchType: text('mix_and_match_type').notNull().default('MIXMATCH'),
    level: text('level').notNull().default('PRODUCT'),
    operation: text('operation').notNull().default('FIXED_PRICE'),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date'),
    monday: boolean('monday').notNull().default(true),
    tuesday: boolean('tuesday').notNull().default(true),
    wednesday: boolean('wednesday').notNull().default(true),
    thursday: boolean('thursday').notNull().default(true),
    friday: boolean('friday').notNull().default(true),
    saturday: boolean('saturday').notNull().default(true),
    sunday: boolean('sunday').notNull().default(true),
    startHour: integer('start_hour'),
    startMinute: integer('start_minute'),
    duration: integer('duration'),
    mmPrint: text('mm_print').notNull().default('LABEL'),
    webEnabled: boolean('web_enabled').notNull().default(true),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t)],
);

export const mixAndMatchProduct = pgTable(
  'mix_and_match_product',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    mixAndMatchId: integer('mix_and_match_id').notNull(),
    productId: integer('product_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.mixAndMatchId, t.productId] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.mixAndMatchId], foreignColumns: [mixAndMatch.merchantAccountId, mixAndMatch.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.merchantAccountId, t.productId], foreignColumns: [product.merchantAccountId, product.id] }).onDelete('cascade'),
    // Department's hasConnectedAnyMixAndMatch and the pricing read offers by product.
    index('mix_and_match_product_idx').on(t.merchantAccountId, t.productId),
  ],
);

/** Restaurant tables of a branch's floor plan; a number appears once per branch. */
export const restTable = pgTable(
  'rest_table',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    tableNo: integer('table_no').notNull(),
    tableCapacity: integer('table_capacity'),
    status: text('status').notNull().default('ACTIVE'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('rest_table_no_key').on(t.merchantAccountId, t.merchantBranchId, t.tableNo)],
);

/** The floor plan's last resize: how many tables and how many to a row. */
export const floorPlan = pgTable(
  'floor_plan',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    size: integer('size').notNull(),
    rowSize: integer('row_size').notNull(),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('floor_plan_branch_key').on(t.merchantAccountId, t.merchantBranchId)],
);

// ---- storefront members (spec 3 §3, §4.9, §7.4, §7.5; ARCHITECTURE §3) ---------------------------

/**
 * A storefront customer's account. Members belong to the platform, not to a merchant (one account
 * orders from every store), so this is a global table; everything a member owns is keyed by
 * member_user_id (MEMBER_TABLES, checked by schema-rules.test.ts). E-mail is unique whatever its
 * case. password_hash is null for an account made through Google only.
 */
export const memberUser = pgTable(
  'member_user',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** MR, MRS or MISS (spec 3 §9; default MR). */
    title: text('title').notNull().default('MR'),
    mobilePhone: text('mobile_phone'),
    birthDay: date('birth_day', { mode: 'string' }),
    /** ACTIVE (spec 3 §9). A member who deletes the account is erased, not marked (members.repo.ts eraseMember). */
    status: text('status').notNull().default('ACTIVE'),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    /** The Google account's `sub` claim once the member signed in with Google. */
    googleSubject: text('google_subject'),
    wrongEntryNumbers: integer('wrong_entry_numbers').notNull().default(0),
    lockedUntil: ts('locked_until'),
    passwordChangeDate: ts('password_change_date'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    uniqueIndex('member_user_email_key').on(sql`lower(${t.email})`),
    unique('member_user_google_subject_key').on(t.googleSubject),
  ],
);

const memberRef = (t: { memberUserId: AnyPgColumn }) =>
  foreignKey({ columns: [t.memberUserId], foreignColumns: [memberUser.id] }).onDelete('cascade');

/** Delivery and billing addresses share the spec's shape; at most one default each per member. */
const memberAddressColumns = () => ({
  memberUserId: integer('member_user_id').notNull(),
  id: serial('id').notNull(),
  description: text('description'),
  postCode: text('post_code').notNull(),
  city: text('city').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2'),
  addressLine3: text('address_line3'),
  addressLine4: text('address_line4'),
  defaultAddress: boolean('default_address').notNull().default(false),
  createdDate: created(),
  updatedDate: updated(),
});

/** A member's delivery address (memberuser/address/). */
export const memberAddress = pgTable('member_address', memberAddressColumns(), (t) => [
  primaryKey({ columns: [t.memberUserId, t.id] }),
  memberRef(t),
  // Change the default in two statements (clear, then set): a unique index is checked row by row.
  uniqueIndex('member_address_default_key').on(t.memberUserId).where(sql`default_address`),
]);

/** A member's billing address (memberbilling/address/). */
export const memberBillingAddress = pgTable('member_billing_address', memberAddressColumns(), (t) => [
  primaryKey({ columns: [t.memberUserId, t.id] }),
  memberRef(t),
  uniqueIndex('member_billing_address_default_key').on(t.memberUserId).where(sql`default_address`),
]);

/**
 * A saved card: the payment provider's token for it, with brand, last four digits and expiry for
 * the list. Never the card number or CVV (PCI DSS 3.3.1). The token is valid only with the provider
 * account of the branch it was saved through, hence the branch.
 */
export const memberCard = pgTable(
  'member_card',
  {
    memberUserId: integer('member_user_id').notNull(),
    id: serial('id').notNull(),
    merchantAccountId: integer('merchant_account_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    /** cardType of the spec: VISA (default), MASTERCARD, AMEX … */
    cardBrand: text('card_brand').notNull().default('VISA'),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    cardHolderName: text('card_holder_name').notNull(),
    defaultCard: boolean('default_card').notNull().default(true),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.memberUserId, t.id] }),
    memberRef(t),
    branchRef(t),
    unique('member_card_token_key').on(t.memberUserId, t.provider, t.providerToken),
    uniqueIndex('member_card_default_key').on(t.memberUserId).where(sql`default_card`),
  ],
);

/**
 * A member's customer at a payment provider's account (Dojo keeps saved cards per customer, and a
 * customer exists in one Dojo account): one per member and account, so every card the member saves
 * through that account lives on it. providerAccount is a fingerprint of the account (its address and
 * key, hashed; never the key), so a branch moved to another account gets a customer there. The key
 * makes it once: of two checkouts racing to make it, the first stored id stands (on conflict).
 */
export const memberProviderCustomer = pgTable(
  'member_provider_customer',
  {
    memberUserId: integer('member_user_id').notNull(),
    provider: text('provider').notNull(),
    providerAccount: text('provider_account').notNull(),
    customerId: text('customer_id').notNull(),
    createdDate: created(),
  },
  (t) => [primaryKey({ columns: [t.memberUserId, t.provider, t.providerAccount] }), memberRef(t)],
);

/** The member's saved order notes and allergies (memberuser/notes/), one row per member. */
export const memberNotes = pgTable(
  'member_notes',
  {
    memberUserId: integer('member_user_id').notNull(),
    orderNotes: text('order_notes'),
    allergies: text('allergies'),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.memberUserId] }), memberRef(t)],
);

/** A favourite store (marketplace/branchid/{id}/favorite/{true|false}). */
export const memberFavourite = pgTable(
  'member_favourite',
  {
    memberUserId: integer('member_user_id').notNull(),
    merchantAccountId: integer('merchant_account_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    createdDate: created(),
  },
  (t) => [primaryKey({ columns: [t.memberUserId, t.merchantAccountId, t.merchantBranchId] }), memberRef(t), branchRef(t)],
);

/** A complaint or suggestion sent to a store (memberuser/complaintSuggestion/). */
export const memberFeedback = pgTable(
  'member_feedback',
  {
    memberUserId: integer('member_user_id').notNull(),
    id: serial('id').notNull(),
    merchantAccountId: integer('merchant_account_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    /** Technical (default) or Other. */
    feedbackType: text('feedback_type').notNull().default('Technical'),
    description: text('description').notNull(),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.memberUserId, t.id] }),
    memberRef(t),
    branchRef(t),
    index('member_feedback_branch_idx').on(t.merchantAccountId, t.merchantBranchId),
  ],
);

// ---- storefront basket, orders and the postcode gazetteer (spec 3 §3, §4.6, §4.7, §7.3, §7.5) -----

/**
 * A storefront basket. bss_id (≥ 128 random bits) is the customer's capability: whoever holds it may
 * change the basket, so it is never guessable and never chosen by the client. state is OPEN while
 * items can change, PLACING while an order is being placed, ORDERED once placed, CANCELLED.
 */
export const basket = pgTable(
  'basket',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    bssId: text('bss_id').notNull(),
    orderType: text('order_type').notNull(),
    state: text('state').notNull().default('OPEN'),
    /** The customer's service charge choice in percent; null takes the branch's default. */
    serviceChargeRate: integer('service_charge_rate'),
    ageConfirmed: boolean('age_confirmed').notNull().default(false),
    tableNo: integer('table_no'),
    /** The signed-in member the basket belongs to (setBasketToLoginUser); null for a visitor's basket. */
    memberUserId: integer('member_user_id').references(() => memberUser.id, { onDelete: 'set null' }),
    placingSince: ts('placing_since'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.id] }), branchRef(t), unique('basket_bss_id_key').on(t.merchantAccountId, t.merchantBranchId, t.bssId)],
);

/** A basket line: a web menu item, its chosen options and quantity in tenths (weighed items step 0.1 kg). Prices are never stored here. */
export const basketLine = pgTable(
  'basket_line',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    basketId: integer('basket_id').notNull(),
    bssId: text('bss_id').notNull(),
    webMenuId: integer('web_menu_id').notNull(),
    quantityTenths: integer('quantity_tenths').notNull(),
    extraNotes: text('extra_notes'),
    options: jsonb('options').$type<{ groupKey: string; productId: number }[]>().notNull().default([]),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('basket_line_bss_id_key').on(t.merchantAccountId, t.basketId, t.bssId),
    // One line per content (item, notes, options): an add of an equal line merges into it (basket.repo's addLine), also when two arrive at once.
    unique('basket_line_content_key').on(t.merchantAccountId, t.basketId, t.webMenuId, t.extraNotes, t.options).nullsNotDistinct(),
    foreignKey({ columns: [t.merchantAccountId, t.basketId], foreignColumns: [basket.merchantAccountId, basket.id] }).onDelete('cascade'),
  ],
);

/** A delivery or billing address as an order keeps it (postcode, city and first line always present). */
type StoredOrderAddress = { postCode: string; city: string; addressLine1: string; addressLine2: string | null; addressLine3: string | null; addressLine4: string | null };

/** An order placed from a basket: one per basket (the unique key is the exactly-once guard), money in pence. */
export const customerOrder = pgTable(
  'customer_order',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    basketId: integer('basket_id').notNull(),
    orderNo: integer('order_no').notNull(),
    orderType: text('order_type').notNull(),
    basketType: text('basket_type').notNull().default('sale'),
    basketStatus: text('basket_status').notNull(),
    orderStatus: text('order_status').notNull(),
    syncStatus: text('sync_status').notNull().default('INIT'),
    errorType: text('error_type').notNull().default('INIT'),
    errorMessage: text('error_message'),
    remote: boolean('remote').notNull().default(true),
    read: boolean('read').notNull().default(false),
    paymentType: text('payment_type').notNull(),
    tableNo: integer('table_no'),
    /** The member who ordered (My Orders, the merchant's Customers); set null when the member erases the account, the order stays. */
    memberUserId: integer('member_user_id').references(() => memberUser.id, { onDelete: 'set null' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    deliveryAddress: jsonb('delivery_address').$type<StoredOrderAddress>(),
    /** The billing address a card payment was made with (spec 3 §3 place-order payload memberBillingAddress); null when not paid by card. */
    billingAddress: jsonb('billing_address').$type<StoredOrderAddress>(),
    orderNotes: text('order_notes'),
    allergies: text('allergies'),
    deliveryTime: text('delivery_time'),
    subTotal: integer('sub_total').notNull(),
    discount: integer('discount').notNull(),
    serviceCharge: integer('service_charge').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    orderDate: ts('order_date').notNull().defaultNow(),
    acceptedDate: ts('accepted_date'),
    preparingDate: ts('preparing_date'),
    readyDate: ts('ready_date'),
    deliveredDate: ts('delivered_date'),
    /**
     * The merchant user driving a dispatched DELIVERY order (null: none chosen, spec 3 §5.1 sends -1).
     * No foreign key: a composite one could not set only this column null when the user is deleted,
     * and the order must outlive its driver; dispatch checks the user is a driver of the branch.
     */
    driverId: integer('driver_id'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('customer_order_no_key').on(t.merchantAccountId, t.merchantBranchId, t.orderNo),
    unique('customer_order_basket_key').on(t.merchantAccountId, t.basketId),
    index('customer_order_member_idx').on(t.memberUserId, t.orderDate),
    index('customer_order_tenant_member_idx').on(t.merchantAccountId, t.memberUserId),
    foreignKey({ columns: [t.merchantAccountId, t.basketId], foreignColumns: [basket.merchantAccountId, basket.id] }),
  ],
);

/**
 * Each branch's last order number. The next one is taken as the placing transaction's last write
 * (insertOrder), so the row is locked only for the end of that transaction and places of one branch
 * overlap up to there, instead of queueing on the branch row from their first write to commit.
 */
export const branchOrderCounter = pgTable(
  'branch_order_counter',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    lastOrderNo: integer('last_order_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.merchantBranchId] }), branchRef(t)],
);

/** What was ordered, as priced when placed (later price changes do not touch it). */
export const customerOrderLine = pgTable(
  'customer_order_line',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id'),
    /** The web menu item it was ordered from: its kitchen printers. No foreign key: the order outlives the menu. */
    webMenuId: integer('web_menu_id'),
    description: text('description').notNull(),
    quantityTenths: integer('quantity_tenths').notNull(),
    totalPrice: integer('total_price').notNull(),
    /** The VAT rate it was sold at, basis points (the product's, else its department's, as the basket priced it): a later change of rate leaves past reports alone. */
    taxRateBp: integer('tax_rate_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.orderId], foreignColumns: [customerOrder.merchantAccountId, customerOrder.id] }).onDelete('cascade'),
  ],
);

/** Order changes for the live order screens (read in id order; pg_notify wakes the listeners). */
export const orderEvent = pgTable(
  'order_event',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    orderId: integer('order_id').notNull(),
    kind: text('kind').notNull(),
    orderStatus: text('order_status').notNull(),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.orderId], foreignColumns: [customerOrder.merchantAccountId, customerOrder.id] }).onDelete('cascade'),
    index('order_event_branch_idx').on(t.merchantAccountId, t.merchantBranchId, t.id),
  ],
);

/** Who moved an order, when, from which status to which (spec 3 §4.2; issue 12 "order history"). */
export const orderHistory = pgTable(
  'order_history',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** The merchant user who acted (no foreign key, as customer_order.driver_id: history outlives users). */
    userId: integer('user_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.orderId], foreignColumns: [customerOrder.merchantAccountId, customerOrder.id] }).onDelete('cascade'),
    index('order_history_order_idx').on(t.merchantAccountId, t.orderId, t.id),
  ],
);

/**
 * Kitchen tickets and receipts waiting to print (ARCHITECTURE §5). Queued in the order action's
 * transaction and sent after commit by the printing job (claimed with SKIP LOCKED, leased, retried
 * with backoff). printed_device_ids: the printers of a kitchen job that already have their ticket,
 * so a retry prints again only on the ones that did not answer.
 */
export const printJob = pgTable(
  'print_job',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** KITCHEN (tickets to the items' kitchen printers) or RECEIPT (the branch's receipt printer). */
    kind: text('kind').notNull(),
    /** PENDING, PRINTING (leased), PRINTED, FAILED (gave up), SUPERSEDED (a newer print of the same kind replaced it). */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    printedDeviceIds: jsonb('printed_device_ids').$type<number[]>().notNull().default([]),
    lastError: text('last_error'),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    foreignKey({ columns: [t.merchantAccountId, t.orderId], foreignColumns: [customerOrder.merchantAccountId, customerOrder.id] }).onDelete('cascade'),
    index('print_job_due_idx').on(t.status, t.nextAttemptAt),
    index('print_job_order_idx').on(t.merchantAccountId, t.orderId),
  ],
);

// ---- card payments (spec 3 §4.7, §4.8, §7.5; ARCHITECTURE §5) ---------------------------------

/**
 * One card payment attempt for a basket. Recorded PENDING (with the checkout it pays for) before the
 * provider is called, so a crash between the charge and the order can be recovered by asking the
 * provider. Holds only provider tokens, last four digits, brand and expiry: never a card number or
 * CVV (PCI DSS 3.3.1). reference (`{merchantAccountId}.{128 random bits}`) is our id towards the
 * provider: Opayo's vendorTxCode, the idempotency key and the 3-D Secure notification address.
 */
export const payment = pgTable(
  'payment',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    basketId: integer('basket_id').notNull(),
    orderId: integer('order_id'),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    paymentType: text('payment_type').notNull(),
    /** PENDING, CHALLENGED, AUTHORISED, DECLINED, FAILED, REFUNDING, REFUNDED. */
    state: text('state').notNull().default('PENDING'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** The provider's session: simulator session key, Opayo merchant session key, Dojo payment intent id. */
    sessionId: text('session_id'),
    transactionId: text('transaction_id'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    cardExpiry: text('card_expiry'),
    message: text('message'),
    /** What the order needs once the money is taken (prices as charged); never card data. */
    checkout: jsonb('checkout').$type<Record<string, unknown>>().notNull(),
    refundReference: text('refund_reference'),
    refundedDate: ts('refunded_date'),
    /** How many times the recovery job asked the provider and got no answer (released after a limit). */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    createdDate: created(),
    updatedDate: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('payment_reference_key').on(t.merchantAccountId, t.reference),
    foreignKey({ columns: [t.merchantAccountId, t.basketId], foreignColumns: [basket.merchantAccountId, basket.id] }),
    // At most one payment in flight or taken per basket: the database's own guard against a second charge.
    uniqueIndex('payment_live_basket_key')
      .on(t.merchantAccountId, t.basketId)
      .where(sql`state in ('PENDING', 'CHALLENGED', 'AUTHORISED', 'REFUNDING', 'REFUNDED')`),
    index('payment_state_idx').on(t.state, t.updatedDate),
  ],
);

/**
 * The SIMULATOR provider's own records (sessions, card identifiers, transactions), as an outside
 * provider would keep them: outcome, last four digits, brand and expiry; never a card number or CVV.
 */
export const paymentSimulatorRecord = pgTable('payment_simulator_record', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdDate: created(),
});

/** The built-in postcode gazetteer: addresses and coordinates by normalised postcode (global reference data). */
export const postcodeAddress = pgTable(
  'postcode_address',
  {
    id: serial('id').primaryKey(),
    postCode: text('post_code').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    addressLine4: text('address_line4'),
    postTown: text('post_town').notNull(),
    /** Degrees times 1,000,000 (about 0.1 m): integers, like money. */
    latitudeE6: integer('latitude_e6').notNull(),
    longitudeE6: integer('longitude_e6').notNull(),
  },
  (t) => [index('postcode_address_post_code_idx').on(t.postCode)],
);

// ---- sale reports (spec 3 §2.1, §3, §4.3, §7.2; spec 1 "Admin sale report") -------------------

/**
 * A finalised (Z) sale report of a branch: the period [from_date, to_date), its figures in pence and
 * its lines as shown, frozen. Exactly one report per number and per period start (the unique keys are
 * the database's guard behind the branch lock), and at most one end-of-day report per due hour.
 */
export const saleReport = pgTable(
  'sale_report',
  {
    merchantAccountId: integer('merchant_account_id').notNull(),
    id: serial('id').notNull(),
    merchantBranchId: integer('merchant_branch_id').notNull(),
    xreportCounter: integer('xreport_counter').notNull(),
    fromDate: ts('from_date').notNull(),
    toDate: ts('to_date').notNull(),
    grossSale: integer('gross_sale').notNull(),
    grossSaleCnt: integer('gross_sale_cnt').notNull(),
    refunds: integer('refunds').notNull(),
    refundsCnt: integer('refunds_cnt').notNull(),
    netSale: integer('net_sale').notNull(),
    netSaleCnt: integer('net_sale_cnt').notNull(),
    /** The same headline figures per channel (TABLE_ORDER, WEB_ORDER…), for the admin report's channel filter. */
    byChannel: jsonb('by_channel').$type<Record<string, { grossSale: number; grossSaleCnt: number; refunds: number; refundsCnt: number }>>().notNull(),
    lines: jsonb('lines').$type<{ name: string; quantityText: string; amountText: string }[]>().notNull(),
    /** The end-of-day hour this report closed (auto end of day); null when finalised by a user. */
    endOfDayDue: ts('end_of_day_due'),
    /** The merchant user who finalised it; null for the end-of-day job. No foreign key: reports outlive users. */
    finalisedBy: integer('finalised_by'),
    calculatedDate: ts('calculated_date').notNull().defaultNow(),
    createdDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.id] }),
    branchRef(t),
    unique('sale_report_counter_key').on(t.merchantAccountId, t.merchantBranchId, t.xreportCounter),
    unique('sale_report_period_key').on(t.merchantAccountId, t.merchantBranchId, t.fromDate),
    unique('sale_report_eod_key').on(t.merchantAccountId, t.merchantBranchId, t.endOfDayDue),
    index('sale_report_to_date_idx').on(t.toDate),
  ],
);

/** Tables without merchant_account_id, and why they are global. */
export const GLOBAL_TABLES: Record<string, string> = {
  system_parameter: 'platform settings',
  server_secret: 'signing keys shared by every server instance',
  admin_user: 'platform administrators belong to no tenant',
  role: 'roles are defined by the platform',
  role_privilege: 'privileges of platform-defined roles',
  menu_item: 'the back-office menu is the same for every tenant',
  auth_key: 'keys are looked up by their hash before the tenant is known',
  refresh_token: 'tokens are looked up by their hash before the tenant is known',
  captcha_used: 'captcha replay guard',
  mail_outbox: 'mail delivery queue for every kind of user',
  merchant_account: 'the tenant root itself',
  mail_settings: 'SMTP settings of the platform (-1) and of branches, managed only by administrators',
  country: 'countries of origin, the same list for every merchant',
  postcode_address: 'the postcode gazetteer is reference data, the same for every merchant',
  payment_simulator_record: 'the built-in test payment provider stands for an outside service; its records belong to no tenant',
  member_user: 'storefront members belong to the platform and order from every store',
};

/**
 * Member-owned tables (ARCHITECTURE §3): keyed by member_user_id the way merchant-owned tables are
 * keyed by merchant_account_id (primary key first, unique keys and member-to-member foreign keys
 * include it). A merchant_account_id in them only points at a store.
 */
export const MEMBER_TABLES: Record<string, string> = {
  member_address: 'delivery addresses',
  member_billing_address: 'billing addresses',
  member_card: 'saved cards (provider tokens)',
  member_provider_customer: "the member's customer at a payment provider account (Dojo)",
  member_notes: 'saved order notes and allergies',
  member_favourite: 'favourite stores',
  member_feedback: 'complaints and suggestions a member sent',
};

/** Unique constraints that may leave out merchant_account_id, and why. */
export const GLOBAL_UNIQUES: Record<string, string> = {
  merchant_branch_domain_name_key: 'customers reach a store by its domain name, so it is unique on the platform',
  credential_client_id_key: 'a till presents only its client id, before the tenant is known',
};
