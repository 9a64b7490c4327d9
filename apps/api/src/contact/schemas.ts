/** Request schema of the contact form: the domain's `contactCreateSchema` (name, email, phone?, subject?, message). */
import { z } from 'zod';
import { contactCreateSchema, storeCodeSchema } from '@vitrina/domain';

export const createBody = contactCreateSchema;
export const createQuery = z.object({ storeCode: storeCodeSchema.optional() });
