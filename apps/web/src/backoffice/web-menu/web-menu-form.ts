import { TOP_LEVEL, WEB_MENU_DEFAULTS, type WebMenu, type WebMenuForm } from '@tillpoint/contracts/web-menu';
import type { Draft } from '../../shared/ui/use-zod-form';

type Form = Draft<WebMenuForm>;
const D = WEB_MENU_DEFAULTS;

/** A new menu: spec 2 §3 and §9 defaults. */
export const empty = (parentId: number): Form => ({
  parentId,
  productId: null,
  longname: '',
  name: '',
  status: D.status,
  subTitle: '',
  hasSubMenu: D.hasSubMenu,
  webEnabled: D.webEnabled,
  productTags: [],
  grpContent: null,
  grpContentX: null,
  grpMain: null,
  grpOption1: null,
  grpOption2: null,
  grpOption3: null,
  grpOption4: null,
  grpOption1Label: D.grpOption1Label,
  grpOption2Label: D.grpOption2Label,
  grpOption3Label: D.grpOption3Label,
  grpOption4Label: D.grpOption4Label,
  kitchenPrinterGrp1: null,
  kitchenPrinterGrp2: null,
  kitchenPrinterGrp3: null,
  kitchenPrinterGrp4: null,
  kitchenPrinter1: null,
  kitchenPrinter2: null,
  kitchenPrinter3: null,
  kitchenPrinter4: null,
  printOrder: D.printOrder,
  fontSize: D.fontSize,
  fontWeight: D.fontWeight,
  textAlign: D.textAlign,
  flex: D.flex,
  menuStyleHeightFlex: D.menuStyleHeightFlex,
  rowNo: D.rowNo,
  colNo: D.colNo,
  borderRadius: D.borderRadius,
  pageSize: D.pageSize,
  rowSize: D.rowSize,
  spaceLength: 0,
  pinned: D.pinned,
  lining: D.lining,
  dummy: D.dummy,
  displaySiblings: D.displaySiblings,
  displayGrandChilds: D.displayGrandChilds,
  tillIdList: '',
  showInline: D.showInline,
  singleLine: D.singleLine,
  condiment: D.condiment,
  color: null,
  background: null,
  menuDisplayType: D.menuDisplayType,
  menuDisplayNo: D.menuDisplayNo,
});

/** The form's copy of a saved menu: its input fields (derived fields stay on the record). */
export const toForm = (m: WebMenu): Form => {
  const form: Record<string, unknown> = {};
  for (const key of Object.keys(empty(TOP_LEVEL))) form[key] = m[key as keyof WebMenu] ?? null;
  return { ...(form as Form), longname: m.longname ?? '', subTitle: m.subTitle ?? '', tillIdList: m.tillIdList ?? '' } as Form;
};

