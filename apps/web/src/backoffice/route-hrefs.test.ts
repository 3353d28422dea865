import { describe, expect, it } from 'vitest';
import { parseHash } from '../shared/hash-route';
import { ROUTES } from './route-hrefs';

describe('ROUTES: the spec spellings of the back-office addresses', () => {
  it('spells record pages with positional parameters, an empty one meaning new', () => {
    expect(ROUTES.merchantAccountSave(12)).toBe('#merchantAccountSave?12');
    expect(ROUTES.merchantAccountSave()).toBe('#merchantAccountSave?');
    expect(ROUTES.merchantBranchSave(5, 7)).toBe('#merchantBranchSave?5?7');
    expect(ROUTES.merchantBranchSave(null, 7)).toBe('#merchantBranchSave??7');
    expect(ROUTES.merchantBranchSave(5)).toBe('#merchantBranchSave?5');
    expect(ROUTES.merchantUserSave(3)).toBe('#merchantUserSave?3');
    expect(ROUTES.webMenuSave(null, 4)).toBe('#webMenuSave??4');
    expect(ROUTES.webMenuList(true)).toBe('#webMenuList?1');
    expect(ROUTES.productSave()).toBe('#productSave?');
  });

  it('reads back as the route name and parameters the shell and pages parse', () => {
    expect(parseHash(ROUTES.merchantBranchSave(null, 7))).toEqual({ name: 'merchantBranchSave', params: ['', '7'] });
    expect(parseHash(ROUTES.taxSave)).toEqual({ name: 'taxSave', params: [] });
    expect(parseHash(ROUTES.home)).toEqual({ name: '', params: [] });
  });
});
