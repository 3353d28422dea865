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
} as const;
