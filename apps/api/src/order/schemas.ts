/** Request schemas of the order routes: the order itself is the domain's `orderCreateSchema`. */
import { z } from 'zod';
import { orderCreateSchema, storeCodeSchema } from '@vitrina/domain';

export const createBody = orderCreateSchema;
export const createQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  token: z.string().max(2048).optional(),
});
export const pullQuery = z.object({
  number: z.string().trim().min(1).max(32),
  orderToken: z.string().trim().min(1).max(128),
  storeCode: storeCodeSchema.optional(),
});
