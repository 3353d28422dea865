import { describe, expect, it } from 'vitest';
import { type WebMenu, webMenuInputSchema } from '@tillpoint/contracts/web-menu';
import { empty, toForm } from './web-menu-form';

const issues = (values: unknown) => {
  const r = webMenuInputSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('web menu editor form', () => {
  it('opens a new menu with the spec 2 §3 and §9 defaults, under the parent it was opened from', () => {
    const parsed = webMenuInputSchema.parse({ ...empty(42), name: 'Drinks' });
    expect(parsed).toMatchObject({
      parentId: 42,
      status: 'ACTIVE',
      hasSubMenu: true,
      webEnabled: true,
      grpOption1Label: 'opt1',
      grpOption2Label: 'opt2',
      grpOption3Label: 'opt3',
      grpOption4Label: 'opt4',
      printOrder: 0,
      fontSize: '3.0vmin',
      fontWeight: 'bold',
      textAlign: 'center',
      flex: 1,
      menuStyleHeightFlex: 1,
      rowNo: 1,
      colNo: 1,
      borderRadius: '1vmin',
      pageSize: 1,
      rowSize: 1,
      pinned: false,
      lining: false,
      dummy: false,
      displaySiblings: false,
      displayGrandChilds: false,
      showInline: false,
      singleLine: false,
      condiment: false,
      productTags: [],
    });
    expect(empty(-1).parentId).toBe(-1);
  });

  it('asks for a name, and for a product when the menu has no submenus', () => {
    expect(issues(empty(-1))).toEqual(['Please fill the required fields!']);
    expect(issues({ ...empty(-1), name: 'Burger Deal', hasSubMenu: false })).toEqual(['Product is missing!']);
    expect(issues({ ...empty(-1), name: 'Burger Deal', hasSubMenu: false, productId: 7 })).toEqual([]);
  });

  it('holds a saved menu as its input fields, which save back unchanged', () => {
    const saved = {
      ...webMenuInputSchema.parse({ ...empty(3), name: 'Burger Deal', hasSubMenu: false, productId: 7, grpContent: 11, grpOption1: 12, grpOption1Label: 'Drink', kitchenPrinter1: 5, background: '#fde68a', productTags: [2, 4] }),
      id: 9,
      longname: null,
      subTitle: null,
      tillIdList: null,
      fileType: null,
      fileName: null,
      fileTypeTill: null,
      fileNameTill: null,
      menuDisplayTypeParent: 'DISPLAY_NUMBER',
      productName: 'Classic Beef Burger',
      productBarcode: '5060000000077',
      productFileType: null,
    } as WebMenu;
    const form = toForm(saved);
    expect(form).not.toHaveProperty('id');
    expect(form).not.toHaveProperty('productName');
    expect(form.longname).toBe('');
    const again = webMenuInputSchema.parse(form);
    for (const key of ['parentId', 'productId', 'grpContent', 'grpOption1', 'grpOption1Label', 'kitchenPrinter1', 'background', 'productTags', 'fontSize'] as const) {
      expect(again[key]).toEqual(saved[key]);
    }
  });
});
