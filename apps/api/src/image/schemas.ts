/** Request schemas of the image route. */
import { z } from 'zod';
import { MAX_IMAGE_SIZE } from '../config.ts';

export const resizeParams = z.object({
  width: z.coerce.number().int().min(1).max(MAX_IMAGE_SIZE),
  height: z.coerce.number().int().min(1).max(MAX_IMAGE_SIZE),
  '*': z.string().min(1).max(512).describe('image path under MEDIA_DIR, e.g. demo/laptops/3.png'),
});
