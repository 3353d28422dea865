/** API paths under /api/, spelled as the spec spells them. */
export const API_PREFIX = '/api/';

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
    base: 'storemanagement/product/',
    /** PUT: the product table load; GET: every product of the store. */
    all: 'storemanagement/product/all',
    menu: 'storemanagement/product/menu',
    byBarcode: (barcode: string) => `storemanagement/product/barcode/${encodeURIComponent(barcode)}`,
    byName: (text: string) => `storemanagement/product/name/${encodeURIComponent(text)}`,
    generateBarcode: 'storemanagement/product/barcode/generate',
    calculateWebPrice: 'storemanagement/product/calculate/webprice',
    stock: 'storemanagement/product/stock',
    /** PUT multipart (field `file`) / PUT / GET, type WEB or TILL. */
    imageUpload: (id: number, type: string) => `storemanagement/product/image/upload/${id}/${type}`,
    imageRemove: (id: number, type: string) => `storemanagement/product/image/remove/${id}/${type}`,
    imageDownload: (id: number, type: string) => `storemanagement/product/image/download/${id}/${type}`,
    /** Public, no token (the spec's data-warehouse calls, served by us): a white placeholder when there is none. */
    imageByBarcodeAndName: (barcode: string, name: string) =>
      `product/image/barcode/${encodeURIComponent(barcode)}/name/${encodeURIComponent(name)}`,
    hasImage: (barcode: string, name: string) => `product/hasImage/barcode/${encodeURIComponent(barcode)}/name/${encodeURIComponent(name)}`,
  },
  productGroup: { base: 'storemanagement/productgroup/', all: 'storemanagement/productgroup/all' },
  productTag: {
    base: 'storemanagement/tag/',
    findAllActive: 'storemanagement/tag/status/active',
    imageUpload: (id: number) => `storemanagement/tag/image/upload/${id}/WEB`,
    imageRemove: (id: number) => `storemanagement/tag/image/remove/${id}/WEB`,
    imageDownload: (id: number) => `storemanagement/tag/image/download/${id}/WEB`,
  },
  supplier: 'storemanagement/supplier/',
  /** Printers. */
  device: 'storemanagement/device/',
  /** GET all, GET {id}: the platform's list. */
  country: 'storemanagement/country/',
  productClass: 'storemanagement/productclass/',
  merchantAccount: {
    base: 'merchant/account/',
    /** PUT: table load; GET: every account. */
    all: 'merchant/account/all',
    byId: (id: number) => `merchant/account/${id}`,
    create: 'merchant/account/create',
    update: 'merchant/account/update',
    remove: (id: number) => `merchant/account/${id}`,
    status: (id: number, status: string) => `merchant/account/${id}/status/${status}`,
    contact: (id: number) => `merchant/account/${id}/contact`,
    checkHealth: 'merchant/account/checkHealth',
  },
  merchantBranch: {
    base: 'merchant/branch/',
    /** PUT: table load of an account's branches. */
    branches: (accountId: number) => `merchant/branch/${accountId}/branches`,
    combo: (accountId: number) => `merchant/branch/${accountId}/combo`,
    create: (accountId: number) => `merchant/branch/${accountId}/branch`,
    byId: (id: number) => `merchant/branch/${id}`,
    update: 'merchant/branch/update',
    contact: (id: number) => `merchant/branch/${id}/contact`,
    address: (id: number) => `merchant/branch/${id}/address`,
    status: (id: number, status: string) => `merchant/branch/${id}/status/${status}`,
    checkHealth: 'merchant/branch/checkHealth',
    /** Public (no token). */
    byDomainName: (name: string) => `merchant/branch/domainName/${encodeURIComponent(name)}`,
    tradingName: (id: number) => `merchant/branch/tradingname/merchantBranchId/${id}`,
    storeInfo: (id: number) => `merchant/branch/storeInfo/merchantBranchId/${id}`,
  },
  licence: {
    base: 'merchant/license/',
    /** PUT: the licences page's table load (every branch). */
    all: 'merchant/license/all',
    create: 'merchant/license/create',
    update: 'merchant/license/update',
    byId: (id: number) => `merchant/license/${id}`,
    byBranch: (branchId: number) => `merchant/license/merchantBranchId/${branchId}`,
    remove: (id: number) => `merchant/license/${id}`,
  },
  credential: {
    base: 'merchant/credentials/',
    create: 'merchant/credentials/create',
    update: 'merchant/credentials/update',
    byId: (id: number) => `merchant/credentials/${id}`,
    byBranch: (branchId: number) => `merchant/credentials/merchantBranchId/${branchId}`,
    remove: (id: number) => `merchant/credentials/${id}`,
    status: (id: number, status: string) => `merchant/credentials/${id}/status/${status}`,
  },
  credit: {
    base: 'merchant/credit/',
    create: 'merchant/credit/create',
    update: 'merchant/credit/update',
    byId: (id: number) => `merchant/credit/${id}`,
    byBranch: (branchId: number) => `merchant/credit/merchantBranchId/${branchId}`,
    remove: (id: number) => `merchant/credit/${id}`,
    status: (id: number, status: string) => `merchant/credit/${id}/status/${status}`,
    totals: (branchId: number) => `merchant/credit/totals/merchantBranchId/${branchId}`,
  },
  tillAuth: 'till/auth',
  /** GET: every connection; PUT: table load. */
  tillConnections: 'merchant/tillconnection/all',
  merchantUser: {
    base: 'merchantuser/',
    roles: 'merchantuser/roles/all',
    /** Add ?merchantBranchId= when an administrator asks. */
    drivers: 'merchantuser/role/driver',
    byAccount: (accountId: number) => `merchantuser/findByMerchantAccountId/${accountId}`,
    byId: (id: number) => `merchantuser/${id}`,
    create: 'merchantuser/create',
    update: 'merchantuser/update',
    status: (id: number, status: string) => `merchantuser/${id}/status/${status}`,
    passwordChange: 'merchantuser/password/change',
    tillUsers: (branchId: number) => `merchantuser/tilluser/branchId/${branchId}`,
    tillUserCreate: 'merchantuser/tilluser/create',
    /** tillUserId -1 clears the link. */
    tillUserLink: (userId: number, branchId: number, tillUserId: number) =>
      `merchantuser/tilluser/userId/${userId}/merchantBranchId/${branchId}/tillUserId/${tillUserId}`,
  },
  adminUser: {
    base: 'adminuser/',
    /** GET: every administrator; PUT: table load. */
    all: 'adminuser/all',
    byId: (id: number) => `adminuser/${id}`,
    create: 'adminuser/create',
    update: 'adminuser/update',
    remove: (id: number) => `adminuser/${id}`,
    status: (id: number, status: string) => `adminuser/${id}/status/${status}`,
  },
  dataUpload: {
    base: 'storemanagement/dataupload/',
    create: 'storemanagement/dataupload/create',
    /** GET: the branch's sync requests, newest first (pending and delivered). */
    byBranch: (branchId: number) => `storemanagement/dataupload/merchantBranchId/${branchId}`,
  },
  dataReset: {
    base: 'storemanagement/datareset/',
    create: 'storemanagement/datareset/create',
    /** GET: the branch's reset audit records, newest first. */
    byBranch: (branchId: number) => `storemanagement/datareset/merchantBranchId/${branchId}`,
  },
  /** GET with a till token: the branch's pending sync requests and their data. */
  tillSync: 'till/sync',
  /** PUT with a till token: the till's operator names. */
  tillUsersPush: 'till/tillusers',
} as const;
