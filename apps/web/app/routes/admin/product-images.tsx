/**
 * The product form's images action (roles catalog and admin; admin/ProductImages.tsx posts here):
 * upload an image (multipart: sent on to the API's `/media`, which judges the bytes and holds them to
 * the upload limits), move one up or down, delete one, or save the alt texts, for the product or one
 * of its variants (`target`). The new list is saved as the product's `image` and `media_gallery` (or
 * the variant's) through the product save, with the version the page was opened at: the import
 * file's rules, the re-index of that product, the audit row and the webhook event apply, and a form
 * opened before someone else's save is refused. The answer is always the product page again, with
 * what happened in its address.
 *
 * The shop server lets this path take a body of IMAGE_UPLOAD_MAX_MB (apps/server ssr.ts); every other
 * form stays within FORM_BODY_LIMIT.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/product-images';
import { adminPath, adminT } from '../../admin/i18n';
import { langOf, staffApi, toLogin } from '../../admin/staff-api.server';

const VIEWS = ['lt', 'en', 'ru'] as const;
type FormImage = { image: string; label: Partial<Record<(typeof VIEWS)[number], string>> };
type Product = {
  sku: string;
  version: number;
  images: FormImage[];
  children: { sku: string; images: FormImage[] }[];
};

/** a GET of this address is the product page */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(adminPath(langOf(request), `/products/${encodeURIComponent(params.sku)}`));
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const labelOf = (form: FormData, prefix: string) =>
  Object.fromEntries(VIEWS.map((v) => [v, text(form, `${prefix}_${v}`)]).filter(([, value]) => value !== ''));

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const sku = args.params.sku;
  const page = adminPath(lang, `/products/${encodeURIComponent(sku)}`);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const target = text(form, 'target');
  // the variant changed comes back unfolded
  const back = (query: Record<string, string>) =>
    redirect(`${page}?${new URLSearchParams({ ...query, ...(target ? { target } : {}) })}#images`);
  const version = Number(text(form, 'version'));

  const current = await staffApi<{ product: Product }>(args, `/products/${encodeURIComponent(sku)}`);
  if (!current.ok && current.status === 401) throw toLogin(args.request);
  if (!current.ok) return back({ image_error: current.message });
  const product = current.result.product;
  const child = target ? product.children.find((c) => c.sku === target) : undefined;
  if (target && !child) return back({ image_error: `${target}: ?` });

  // the list as the form showed it (its alt texts as typed), else as stored
  const count = Number(text(form, 'count') || 0);
  let list: FormImage[] = (child ? child.images : product.images).slice();
  if (count > 0) {
    const shown: FormImage[] = [];
    for (let i = 0; i < count; i++) {
      const image = text(form, `image_${i}`);
      if (image) shown.push({ image, label: labelOf(form, `alt_${i}`) });
    }
    list = shown;
  }

  const [verb, at] = intent.split(':');
  const i = Number(at);
  if (verb === 'upload') {
    const file = form.get('file');
    if (!file || typeof file === 'string' || file.size === 0)
      return back({ image_error: adminT(lang)('images.noFile') });
    const body = new FormData();
    body.set('file', file, file.name);
    const upload = await staffApi<{ path: string }>(args, '/media?kind=products', {
      method: 'POST',
      form: body,
    });
    if (!upload.ok && upload.status === 401) throw toLogin(args.request);
    if (!upload.ok) return back({ image_error: upload.message });
    if (!list.some((m) => m.image === upload.result.path))
      list.push({ image: upload.result.path, label: labelOf(form, 'alt') });
  } else if ((verb === 'up' || verb === 'down') && Number.isInteger(i)) {
    const j = verb === 'up' ? i - 1 : i + 1;
    if (list[i] && list[j]) [list[i], list[j]] = [list[j]!, list[i]!];
  } else if (verb === 'delete' && Number.isInteger(i)) {
    list.splice(i, 1);
  }

  const images = { image: list[0]?.image ?? null, media_gallery: list };
  const save = await staffApi<{ sku: string }>(args, `/products/${encodeURIComponent(sku)}`, {
    method: 'POST',
    body: {
      version,
      product: child ? { configurable_children: [{ sku: child.sku, ...images }] } : images,
    },
  });
  if (!save.ok && save.status === 401) throw toLogin(args.request);
  if (!save.ok) return back({ image_error: save.message });
  return back({ images: 'saved' });
}
