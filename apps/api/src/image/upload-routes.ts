/**
 * `POST /vsbridge/staff/media?kind=products|banners`: an image uploaded in the back office (area
 * `products` or `content`: roles `catalog` and `admin`; 401 without a staff session, 403 for another
 * role), sent as `multipart/form-data` with the file in the field `file`. The route says its own body
 * limit (IMAGE_UPLOAD_MAX_MB and 64 KiB for the form's other fields) instead of API_BODY_LIMIT, and
 * only this scope reads multipart. Answers the stored image's media path (image/upload.ts); audited.
 */
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiApp, ApiContext } from '../context.ts';
import type { ApiConfig } from '../config.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { audit } from '../staff/audit.ts';
import { megabytes, storeUpload, UPLOAD_KINDS } from './upload.ts';

/** room for the multipart envelope and the form's text fields beside the file */
export const UPLOAD_FORM_OVERHEAD = 64 * 1024;

/** the body limit of a request carrying one uploaded image (this route, and the pages that post one: apps/server ssr.ts) */
export const uploadBodyLimit = (config: Pick<ApiConfig, 'imageUploadMaxBytes'>) =>
  config.imageUploadMaxBytes + UPLOAD_FORM_OVERHEAD;

const uploadQuery = z.object({
  storeCode: z.string().optional(),
  kind: z.enum(UPLOAD_KINDS).default('products'),
});

export function uploadRoutes(app: ApiApp, ctx: Pick<ApiContext, 'config' | 'database' | 'staffSessions'>) {
  const guard = staffArea(ctx, 'products', 'content');
  const bodyLimit = uploadBodyLimit(ctx.config);
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
      done(null, body),
    );
    // a body above the route's limit: the same message as a file above IMAGE_UPLOAD_MAX_MB (the
    // request's length stands for the file's), not the API's generic "body too large"
    scope.setErrorHandler((error: { code?: string }, req) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      const length = Number(req.headers['content-length'] ?? 0);
      throw fieldError(
        'file',
        'api.uploadTooLarge',
        { size: megabytes(length || bodyLimit), max: megabytes(ctx.config.imageUploadMaxBytes) },
        413,
      );
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/vsbridge/staff/media',
      {
        onRequest: guard,
        bodyLimit,
        schema: {
          tags: ['staff'],
          summary: 'Uploads a JPEG, PNG or WebP image (multipart field `file`); answers its media path',
          querystring: uploadQuery,
        },
      },
      async (req) => {
        const type = String(req.headers['content-type'] ?? '');
        if (!type.startsWith('multipart/form-data'))
          throw fieldError('file', 'api.uploadNotImage', undefined, 415);
        let file: FormDataEntryValue | null;
        try {
          const form = await new Response(new Uint8Array(req.body as Buffer), {
            headers: { 'content-type': type },
          }).formData();
          file = form.get('file');
        } catch {
          throw fieldError('file', 'api.uploadEmpty');
        }
        if (!file || typeof file === 'string') throw fieldError('file', 'api.uploadEmpty');
        const stored = await storeUpload(ctx.config, req.query.kind, Buffer.from(await file.arrayBuffer()));
        await audit(ctx.database, staffPrincipal(req), 'media.upload', stored.path, {
          kind: req.query.kind,
          name: file.name.slice(0, 200),
          bytes: stored.bytes,
          width: stored.width,
          height: stored.height,
          format: stored.format,
        });
        return ok(stored);
      },
    );
  });
}
