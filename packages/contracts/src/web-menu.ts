import { z } from 'zod';
import { flagSchema, hexColourSchema, optionalRef } from './catalogue-fields';
import { statusSchema } from './enums';
import { TEXT_MAX, idSchema, optionalText, requiredText } from './fields';
import { MESSAGES } from './messages';
import { PRICING_TYPES, SELECTION_TYPES } from './product-group';
import { OPTION_GROUP_KEYS, TOP_LEVEL } from './web-menu-paths';

// The zod-free constants live in web-menu-paths.ts so the lean storefront can import them without zod.
export { MENU_SEARCH_MIN, OPTION_GROUP_KEYS, OPTION_GROUP_LABELS, type OptionGroupKey, TOP_LEVEL, WEB_MENU_MEMBER_PATHS } from './web-menu-paths';

/** The web menu tree (spec 2 §2, §3 WebMenu, §4, §5, §7) and what the storefront reads of it (spec 3 §3, §7.5). */

export const WEB_MENU_PATHS = {
  base: 'storemanagement/webmenu/',
  parents: 'storemanagement/webmenu/all/parent',
  withSubMenus: 'storemanagement/webmenu/all/hassubmenu',
  subMenus: (parentId: number) => `storemanagement/webmenu/all/menu/sub/${parentId}`,
  /** PUT: adds the product as the last item of the menu (position -1); mainGroupId -1 when none. */
  addItem: (parentId: number, productId: number, mainGroupId: number) => `storemanagement/webmenu/item/add/${parentId}/${productId}/${mainGroupId}`,
  /** PUT: card sorting (name, menu sorting, sorting number, submenu sorting) of one or more menus. */
  display: 'storemanagement/webmenu/display',
  /** PUT: moves a menu under another parent (-1 for the top level). */
  transfer: 'storemanagement/webmenu/transfer',
} as const;


export const WEB_MENU_MESSAGES = {
  productMissing: 'Product is missing!',
  nameRequired: 'Please fill the name field!',
  maxUpload: 'Maximum upload size is 50K.',
  /** Ours. */
  ownAncestor: 'A menu cannot be moved under itself or one of its own submenus.',
  parentNotMenu: 'Items can only be added to a menu that has submenus.',
  notKitchenPrinter: 'Please choose a kitchen printer.',
  tooManyTags: 'A menu can have at most 5 tags.',
  hasChildren: 'This menu still has items. Move or delete them first.',
} as const;

export const MAX_MENU_TAGS = 5;
export const WEB_MENU_IMAGE_TYPES = ['WEB', 'TILL'] as const;

/**
 * How a menu orders its children: by sorting number then name, or by name. The spec leaves the
 * list out ("sort types: not shown"); these two are ours. A card's sorting number shows only when
 * its parent sorts by number (spec 2 §2).
 */
export const MENU_SORT_TYPES = ['DISPLAY_NUMBER', 'NAME'] as const;
export type MenuSortType = (typeof MENU_SORT_TYPES)[number];
export const FONT_WEIGHTS = ['normal', 'bold', 'lighter', 'bolder'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

/** Spec 2 §3 / §9 defaults. */
export const WEB_MENU_DEFAULTS = {
  parentId: TOP_LEVEL,
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
  menuDisplayType: 'DISPLAY_NUMBER',
  menuDisplayNo: 0,
} as const;


const parentIdSchema = z
  .number({ error: MESSAGES.emptyValues })
  .int({ error: MESSAGES.emptyValues })
  .refine((n) => n === TOP_LEVEL || (n > 0 && n <= 2147483647), { error: MESSAGES.emptyValues });
const count = (min: number, max: number, fallback: number) =>
  z
    .number({ error: MESSAGES.emptyValues })
    .int({ error: MESSAGES.emptyValues })
    .min(min, { error: MESSAGES.emptyValues })
    .max(max, { error: MESSAGES.emptyValues })
    .nullish()
    .transform((v) => v ?? fallback);
const cssSize = (fallback: string) =>
  z
    .string({ error: MESSAGES.emptyValues })
    .trim()
    .max(20, { error: MESSAGES.emptyValues })
    .regex(/^(\d{1,3}(\.\d{1,2})?(vmin|vmax|vh|vw|px|em|rem|%)?)?$/, { error: 'Please enter a size such as 3.0vmin or 12px.' })
    .nullish()
    .transform((v) => v || fallback);
const label = (fallback: string) =>
  optionalText()
    .transform((v) => v || fallback);
const colour = hexColourSchema.nullish().or(z.literal('')).transform((v) => v || null);

/**
 * A web menu (or menu item) as saved. name is required ('Please fill the required fields!'); a
 * menu without submenus must have a product ('Product is missing!'). Group, printer, product and
 * tag ids must be the caller's own (the server answers 404 otherwise).
 */
export const webMenuInputSchema = z
  .object({
    parentId: parentIdSchema.default(TOP_LEVEL),
    productId: optionalRef,
    longname: optionalText(),
    name: requiredText(),
    status: statusSchema.default('ACTIVE'),
    subTitle: optionalText(),
    hasSubMenu: flagSchema.default(true),
    webEnabled: flagSchema.default(true),
    productTags: z
      .array(idSchema, { error: MESSAGES.emptyValues })
      .max(MAX_MENU_TAGS, { error: WEB_MENU_MESSAGES.tooManyTags })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    grpContent: optionalRef,
    grpContentX: optionalRef,
    grpMain: optionalRef,
    grpOption1: optionalRef,
    grpOption2: optionalRef,
    grpOption3: optionalRef,
    grpOption4: optionalRef,
    grpOption1Label: label('opt1'),
    grpOption2Label: label('opt2'),
    grpOption3Label: label('opt3'),
    grpOption4Label: label('opt4'),
    kitchenPrinterGrp1: optionalRef,
    kitchenPrinterGrp2: optionalRef,
    kitchenPrinterGrp3: optionalRef,
    kitchenPrinterGrp4: optionalRef,
    kitchenPrinter1: optionalRef,
    kitchenPrinter2: optionalRef,
    kitchenPrinter3: optionalRef,
    kitchenPrinter4: optionalRef,
    printOrder: count(0, 1000, 0),
    fontSize: cssSize('3.0vmin'),
    fontWeight: z.enum(FONT_WEIGHTS, { error: MESSAGES.emptyValues }).default('bold'),
    textAlign: z.enum(TEXT_ALIGNS, { error: MESSAGES.emptyValues }).default('center'),
    flex: count(1, 100, 1),
    menuStyleHeightFlex: count(1, 100, 1),
    rowNo: count(1, 1000, 1),
    colNo: count(1, 1000, 1),
    borderRadius: cssSize('1vmin'),
    pageSize: count(1, 1000, 1),
    rowSize: count(1, 1000, 1),
    spaceLength: count(0, 1000, 0),
    pinned: flagSchema.default(false),
    lining: flagSchema.default(false),
    dummy: flagSchema.default(false),
    displaySiblings: flagSchema.default(false),
    displayGrandChilds: flagSchema.default(false),
    tillIdList: optionalText(),
    showInline: flagSchema.default(false),
    singleLine: flagSchema.default(false),
    condiment: flagSchema.default(false),
    color: colour,
    background: colour,
    menuDisplayType: z.enum(MENU_SORT_TYPES, { error: MESSAGES.emptyValues }).default('DISPLAY_NUMBER'),
    menuDisplayNo: count(0, 100000, 0),
  })
  .refine((v) => v.hasSubMenu || v.productId !== null, { error: WEB_MENU_MESSAGES.productMissing, path: ['productId'] });
export type WebMenuInput = z.output<typeof webMenuInputSchema>;
export type WebMenuForm = z.input<typeof webMenuInputSchema>;

export const webMenuSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  productId: z.number().int().nullable(),
  longname: z.string().nullable(),
  name: z.string(),
  status: statusSchema,
  subTitle: z.string().nullable(),
  hasSubMenu: z.boolean(),
  webEnabled: z.boolean(),
  productTags: z.array(z.number().int()),
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  fileTypeTill: z.string().nullable(),
  fileNameTill: z.string().nullable(),
  grpContent: z.number().int().nullable(),
  grpContentX: z.number().int().nullable(),
  grpMain: z.number().int().nullable(),
  grpOption1: z.number().int().nullable(),
  grpOption2: z.number().int().nullable(),
  grpOption3: z.number().int().nullable(),
  grpOption4: z.number().int().nullable(),
  grpOption1Label: z.string(),
  grpOption2Label: z.string(),
  grpOption3Label: z.string(),
  grpOption4Label: z.string(),
  kitchenPrinterGrp1: z.number().int().nullable(),
  kitchenPrinterGrp2: z.number().int().nullable(),
  kitchenPrinterGrp3: z.number().int().nullable(),
  kitchenPrinterGrp4: z.number().int().nullable(),
  kitchenPrinter1: z.number().int().nullable(),
  kitchenPrinter2: z.number().int().nullable(),
  kitchenPrinter3: z.number().int().nullable(),
  kitchenPrinter4: z.number().int().nullable(),
  printOrder: z.number().int(),
  fontSize: z.string(),
  fontWeight: z.string(),
  textAlign: z.string(),
  flex: z.number().int(),
  menuStyleHeightFlex: z.number().int(),
  rowNo: z.number().int(),
  colNo: z.number().int(),
  borderRadius: z.string(),
  pageSize: z.number().int(),
  rowSize: z.number().int(),
  spaceLength: z.number().int(),
  pinned: z.boolean(),
  lining: z.boolean(),
  dummy: z.boolean(),
  displaySiblings: z.boolean(),
  displayGrandChilds: z.boolean(),
  tillIdList: z.string().nullable(),
  showInline: z.boolean(),
  singleLine: z.boolean(),
  condiment: z.boolean(),
  color: z.string().nullable(),
  background: z.string().nullable(),
  menuDisplayType: z.enum(MENU_SORT_TYPES),
  /** The parent's sorting (read-only here): a card shows its sorting number only when this is DISPLAY_NUMBER. */
  menuDisplayTypeParent: z.enum(MENU_SORT_TYPES),
  menuDisplayNo: z.number().int(),
  productName: z.string().nullable(),
  productBarcode: z.string().nullable(),
  productFileType: z.string().nullable(),
});
export type WebMenu = z.infer<typeof webMenuSchema>;

/** PUT display: the card's own fields (name required: 'Please fill the name field!'). */
export const webMenuDisplayItemSchema = z.object({
  id: idSchema,
  name: z
    .string({ error: WEB_MENU_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: WEB_MENU_MESSAGES.nameRequired })
    .max(TEXT_MAX, { error: MESSAGES.maxText }),
  menuDisplayNo: count(0, 100000, 0),
  menuDisplayType: z.enum(MENU_SORT_TYPES, { error: MESSAGES.emptyValues }).nullish(),
});
export const webMenuDisplayInputSchema = z
  .array(webMenuDisplayItemSchema, { error: MESSAGES.emptyValues })
  .min(1, { error: MESSAGES.emptyValues })
  .max(1000, { error: MESSAGES.emptyValues });
export type WebMenuDisplayInput = z.output<typeof webMenuDisplayInputSchema>;

/** PUT transfer: the menus to move and their new parent (-1 for the top level). */
export const webMenuTransferInputSchema = z.object({
  ids: z.array(idSchema, { error: MESSAGES.emptyValues }).min(1, { error: MESSAGES.emptyValues }).max(1000, { error: MESSAGES.emptyValues }),
  parentId: parentIdSchema,
});
export type WebMenuTransferInput = z.output<typeof webMenuTransferInputSchema>;

// ---- storefront (public) ---------------------------------------------------------------------

export const menuOptionProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  selectedValue: z.boolean(),
});
export const menuOptionGroupSchema = z.object({
  key: z.enum(OPTION_GROUP_KEYS),
  id: z.number().int(),
  label: z.string(),
  text: z.string(),
  selectionType: z.enum(SELECTION_TYPES),
  pricingType: z.enum(PRICING_TYPES),
  price: z.number().nullable(),
  zeroPriceLimit: z.number().int().nullable(),
  products: z.array(menuOptionProductSchema),
});
export type MenuOptionGroup = z.infer<typeof menuOptionGroupSchema>;

/** A web menu item or category as the storefront shows it (spec 3 §3 "Web menu item / product"); money in pounds. */
export const memberMenuItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  longname: z.string().nullable(),
  subTitle: z.string().nullable(),
  hasSubMenu: z.boolean(),
  price: z.number().nullable(),
  oldPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  itemPrice: z.number().nullable(),
  totalPrice: z.number().nullable(),
  quantity: z.number(),
  basketQuantity: z.number(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  extraNotes: z.string().nullable(),
  ageRestricted: z.boolean(),
  weighable: z.boolean(),
  unit: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productBarcode: z.string().nullable(),
  /** The image's address (a public call with an ETag); null without one. Content is never inlined. */
  imageUrl: z.string().nullable(),
  content: z.null(),
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  tag1Name: z.string().nullable(),
  tag2Name: z.string().nullable(),
  tag3Name: z.string().nullable(),
  tag4Name: z.string().nullable(),
  tag5Name: z.string().nullable(),
  /** The 'Served With' products' names, comma-joined. */
  grpContentText: z.string().nullable(),
  /** Whether the item has option groups (a set menu: the dialog asks setmenuitemdetails). */
  hasOptions: z.boolean(),
  /** On shortcuts: true when the category has no further categories inside. */
  lastShortcuts: z.boolean(),
  color: z.string().nullable(),
  background: z.string().nullable(),
});
export type MemberMenuItem = z.infer<typeof memberMenuItemSchema>;

/** GET basket/setmenuitemdetails/id/{id}: the item and its option groups in the storefront's order. */
export const setMenuItemDetailsSchema = memberMenuItemSchema.extend({ groups: z.array(menuOptionGroupSchema) });
export type SetMenuItemDetails = z.infer<typeof setMenuItemDetailsSchema>;
