import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Country } from '@tillpoint/contracts/country';
import type { Department } from '@tillpoint/contracts/department';
import type { ProductClass } from '@tillpoint/contracts/product-class';
import type { ProductTag } from '@tillpoint/contracts/product-tag';
import type { Supplier } from '@tillpoint/contracts/supplier';
import type { Tax } from '@tillpoint/contracts/tax';
import { listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';
import { taxes } from './tax-api';

/** The catalogue's API areas (spec 2 §7): each a generic resource base with its query keys. */
export const departments = area('departments', PATHS.department.base);
export const products = area('products', PATHS.product.base);
export const productGroups = area('productGroups', PATHS.productGroup.base);
export const productTags = area('productTags', PATHS.productTag.base);
export const suppliers = area('suppliers', PATHS.supplier);

/** The pick lists of the catalogue's forms, read afresh on every visit (a record added a moment ago belongs in them). */
export const useTaxOptions = () => useQuery(listQuery<Tax>(taxes.keys.list('combo'), `${taxes.base}status/active/combo`));
/** Active departments (any signed-in merchant user may read the combo). */
export const useDepartmentOptions = () => useQuery(listQuery<Department>(departments.keys.list('combo'), `${departments.base}status/active/combo`));
/** Tags for pickers: the active ones only (spec 2 §7, findAllActive). */
export const useActiveTags = () => useQuery(listQuery<ProductTag>(productTags.keys.list('active'), PATHS.productTag.findAllActive));
export const useSupplierOptions = () => useQuery(listQuery<Supplier>(suppliers.keys.list('combo'), `${suppliers.base}status/active/combo`));
export const useCountryOptions = () => useQuery(listQuery<Country>(['countries'], `${PATHS.country}all`));
export const useProductClassOptions = () => useQuery(listQuery<ProductClass>(['productClasses', 'combo'], `${PATHS.productClass}status/active/combo`));

/** Options of a value list in words: 'PRODUCT_LINE' shows as 'Product Line' and is sent as it is. */
export const enumOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.replace(/_/g, ' ').replace(/\w+/g, (w) => w[0] + w.slice(1).toLowerCase()) }));
