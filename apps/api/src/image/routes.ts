/** Image resize route: bytes, not the envelope (errors are enveloped as everywhere). */
import type { ApiApp, ApiContext } from '../context.ts';
import { resizeParams } from './schemas.ts';
import { ResizeBusyError } from './limits.ts';

export function imageRoutes(app: ApiApp, ctx: Pick<ApiContext, 'images'>) {
  app.get(
    '/vsbridge/image/:width/:height/resize/*',
    {
      schema: {
        tags: ['image'],
        summary: 'A resized image (WebP unless Accept says otherwise)',
        params: resizeParams,
      },
    },
    async (req, reply) => {
      const { width, height } = req.params;
      const image = await ctx.images
        .resized(width, height, req.params['*'], req.headers.accept)
        .catch((err: unknown) => {
          // every resize slot and queue place taken: come back in a moment
          if (err instanceof ResizeBusyError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        });
      return reply
        .header('content-type', image.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Accept')
        .send(image.body);
    },
  );
}
