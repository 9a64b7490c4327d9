/** Request schemas of the stock routes. */
import { z } from 'zod';
import { skuSchema, storeCodeSchema } from '@vitrina/domain';
import { csvList } from '../http/validation.ts';

/** the storefront asks in batches of 15 (STOCK_LIST_BATCH); up to 100 are accepted */
export const STOCK_LIST_MAX = 100;

export const checkQuery = z.object({ sku: skuSchema, storeCode: storeCodeSchema.optional() });
export const listQuery = z.object({ skus: csvList(STOCK_LIST_MAX), storeCode: storeCodeSchema.optional() });
export const trackerQuery = listQuery;
