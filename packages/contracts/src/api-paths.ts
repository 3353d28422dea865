/** API paths under /api/, spelled as the spec spells them. */
export const API_PREFIX = '/api/';
/** The script element in which the server sends a page the replies of its first screen's calls (server platform/web-app.ts, web shared/api.ts). */
export const INLINED_REPLIES_ID = 'tp-replies';

/** The generic resource calls of ARCHITECTURE §2 for a base (e.g. 'storemanagement/tax/'), spelled once. */
export function resourcePaths<B extends string>(base: B) {
  return {
    base,
    /** GET: the caller's branch's records; PUT: the table load. */
    all: `${base}all` as const,
    byId: (id: number) => `${base}${id}`,
    /** GET: the records of a branch (the caller's own, or one it works at; any for administrators). */
    byBranch: (branchId: number) => `${base}merchantBranchId/${branchId}`,
    allOfBranch: (branchId: number) => `${base}all/${branchId}`,
    active: `${base}status/active` as const,
    activeCombo: `${base}status/active/combo` as const,
    create: `${base}create` as const,
    /** PUT, the body carries the id. */
    update: `${base}update` as const,
    /** DELETE. */
    remove: (id: number) => `${base}${id}`,
    status: (id: number, status: string) => `${base}${id}/status/${status}`,
    imageUpload: (id: number, type: string) => `${base}image/upload/${id}/${type}`,
    imageRemove: (id: number, type: string) => `${base}image/remove/${id}/${type}`,
    imageDownload: (id: number, type: string) => `${base}image/download/${id}/${type}`,
  };
}

const productPaths = resourcePaths('storemanagement/product/');
const tagPaths = resourcePaths('storemanagement/tag/');

export const PATHS = {
  systemParams: 'systemparams/',
  health: 'actuator/health',
  captchaChallenge: 'captcha/challenge',
  menu: 'merchant/menu',
  admin: {
    login: 'adminuser/security/login',
    tokens: (code: string) => `adminuser/security/tokens/code/${code}`,
    refresh: 'adminuser/security/tokens/refresh',
    logout: 'adminuser/security/logout',
    resetInit: 'adminuser/security/password/reset/init',
    resetFinish: 'adminuser/security/password/reset/finish',
  },
  merchant: {
    login: 'v1/auth/login',
    tokens: (code: string) => `v1/auth/tokens/code/${code}`,
    refresh: 'v1/auth/tokens/refresh',
    logout: 'v1/auth/logout',
    resetInit: 'v1/auth/password/reset/init',
    resetFinish: 'v1/auth/password/reset/finish',
  },
  licenceCheck: (branchId: number) => `merchant/license/check/${branchId}`,
  licenceFlags: (branchId: number) => `merchant/license/getLicenses/${branchId}`,
  tax: 'storemanagement/tax/',
  /** Catalogue (spec 2 §7). Each base also has the generic resource calls of ARCHITECTURE §2. */
  department: {
    base: 'storemanagement/department/',
    hasConnectedAnyMixAndMatch: (id: number) => `storemanagement/department/${id}/hasConnectedAnyMixAndMatch`,
    /** DELETE; otherId -1 when no department receives the products. */
    transfer: (id: number, otherId: number) => `storemanagement/department/${id}/transferDepartmentId/${otherId}`,
  },
  product: {
    /** all — PUT: the product table load; GET: every product of the store. */
    ...productPaths,
    menu: 'storemanagement/product/menu',
    byBarcode: (barcode: string) => `storemanagement/product/barcode/${encodeURIComponent(barcode)}`,
    byName: (text: string) => `storemanagement/product/name/${encodeURIComponent(text)}`,
    generateBarcode: 'storemanagement/product/barcode/generate',
    calculateWebPrice: 'storemanagement/product/calculate/webprice',
    stock: 'storemanagement/product/stock',
    // imageUpload (PUT multipart, field `file`), imageRemove (PUT), imageDownload (GET): type WEB or TILL.
    /** Public, no token (the spec's data-warehouse calls, served by us): a white placeholder when there is none. */
    imageByBarcodeAndName: (barcode: string, name: string) =>
      `product/image/barcode/${encodeURIComponent(barcode)}/name/${encodeURIComponent(name)}`,
    hasImage: (barcode: string, name: string) => `product/hasImage/barcode/${encodeURIComponent(barcode)}/name/${encodeURIComponent(name)}`,
  },
  productGroup: resourcePaths('storemanagement/productgroup/'),
  productTag: {
    ...tagPaths,
    findAllActive: tagPaths.active,
    // A tag has one image, of type WEB.
    imageUpload: (id: number) => tagPaths.imageUpload(id, 'WEB'),
    imageRemove: (id: number) => tagPaths.imageRemove(id, 'WEB'),
    imageDownload: (id: number) => tagPaths.imageDownload(id, 'WEB'),
  },
  supplier: 'storemanagement/supplier/',
  /** Printers. */
  device: 'storemanagement/device/',
  /** GET all, GET {id}: the platform's list. */
  country: 'storemanagement/country/',
  productClass: 'storemanagement/productclass/',
  merchantAccount: {
    /** all — PUT: table load; GET: every account. */
    ...resourcePaths('merchant/account/'),
    contact: (id: number) => `merchant/account/${id}/contact`,
    checkHealth: 'merchant/account/checkHealth',
  },
  merchantBranch: {
    /** all — GET: the caller's branches (a merchant user's: those of its account it works at; an administrator's: every branch). */
    ...resourcePaths('merchant/branch/'),
    /** PUT: table load of an account's branches. */
    branches: (accountId: number) => `merchant/branch/${accountId}/branches`,
    combo: (accountId: number) => `merchant/branch/${accountId}/combo`,
    /** POST: a new branch of the account. */
    create: (accountId: number) => `merchant/branch/${accountId}/branch`,
    contact: (id: number) => `merchant/branch/${id}/contact`,
    address: (id: number) => `merchant/branch/${id}/address`,
    checkHealth: 'merchant/branch/checkHealth',
    /** Public (no token). */
    byDomainName: (name: string) => `merchant/branch/domainName/${encodeURIComponent(name)}`,
    /** The branch a table QR code's client id names (the floor plan's codes carry it). */
    byClientId: (clientId: string) => `merchant/branch/clientId/${encodeURIComponent(clientId)}`,
    tradingName: (id: number) => `merchant/branch/tradingname/merchantBranchId/${id}`,
    storeInfo: (id: number) => `merchant/branch/storeInfo/merchantBranchId/${id}`,
  },
  /** all — PUT: the licences page's table load (every branch). */
  licence: resourcePaths('merchant/license/'),
  credential: resourcePaths('merchant/credentials/'),
  credit: {
    ...resourcePaths('merchant/credit/'),
    totals: (branchId: number) => `merchant/credit/totals/merchantBranchId/${branchId}`,
  },
  tillAuth: 'till/auth',
  /** GET: every connection; PUT: table load. */
  tillConnections: 'merchant/tillconnection/all',
  merchantUser: {
    ...resourcePaths('merchantuser/'),
    roles: 'merchantuser/roles/all',
    /** Add ?merchantBranchId= when an administrator asks. */
    drivers: 'merchantuser/role/driver',
    byAccount: (accountId: number) => `merchantuser/findByMerchantAccountId/${accountId}`,
    passwordChange: 'merchantuser/password/change',
    tillUsers: (branchId: number) => `merchantuser/tilluser/branchId/${branchId}`,
    tillUserCreate: resourcePaths('merchantuser/tilluser/').create,
    /** tillUserId -1 clears the link. */
    tillUserLink: (userId: number, branchId: number, tillUserId: number) =>
      `merchantuser/tilluser/userId/${userId}/merchantBranchId/${branchId}/tillUserId/${tillUserId}`,
  },
  /** all — GET: every administrator; PUT: table load. */
  adminUser: resourcePaths('adminuser/'),
  /** create; byBranch — GET: the branch's sync requests, newest first (pending and delivered). */
  dataUpload: resourcePaths('storemanagement/dataupload/'),
  /** create; byBranch — GET: the branch's reset audit records, newest first. */
  dataReset: resourcePaths('storemanagement/datareset/'),
  /** GET with a till token: the branch's pending sync requests and their data. */
  tillSync: 'till/sync',
  /** PUT with a till token: the till's operator names. */
  tillUsersPush: 'till/tillusers',
} as const;
