/**
 * The demo data's removal in the back office (role admin): what `npm run demo:remove` does, so an
 * owner who tried the shop on the demo catalogue ends the demo without a developer. The page says
 * what goes and what stays (packages/db demo/lifecycle.ts), the administrator ticks that they mean
 * it, and the answer counts what was removed. It cannot be undone: nothing is removed unticked.
 */
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/demo';
import { adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Removed = Record<string, number> | null;
type Stored = { status: { demo_catalog: boolean } };

/** the removal's counts in the order the page lists them (catalogVersion is the shop's, not a count) */
const COUNTED: [string, AdminKey][] = [
  ['products', 'demo.products'],
  ['categories', 'demo.categories'],
  ['coupons', 'demo.coupons'],
  ['pickup_points', 'demo.pickupPoints'],
  ['cms_pages', 'demo.cmsPages'],
  ['cms_blocks', 'demo.cmsBlocks'],
  ['banners', 'demo.banners'],
  ['special_offers', 'demo.specialOffers'],
];

export async function loader(args: Route.LoaderArgs) {
  // the settings' status says whether the shop is still the demo (role admin, as the settings)
  const stored = resultOrThrow(await staffApi<Stored>(args, '/settings'), args.request);
  return { lang: langOf(args.request), demo: stored.status.demo_catalog };
}

export async function action(args: Route.ActionArgs) {
  const t = adminT(langOf(args.request));
  const f = await formFields(args.request);
  if (f.confirm !== 'on') return { ok: false as const, message: t('demo.confirmMissing'), removed: null };
  const answer = await staffApi<{ removed: Removed }>(args, '/demo/remove', {
    method: 'POST',
    body: { confirm: true },
  });
  if (answer.status === 401) throw toLogin(args.request);
  if (!answer.ok) return { ok: false as const, message: answer.message, removed: null };
  return { ok: true as const, message: '', removed: answer.result.removed };
}

export default function AdminDemo() {
  const { lang, demo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = adminT(lang);
  const removed = result?.ok ? result.removed : null;
  return (
    <>
      <h1>{t('demo.title')}</h1>
      {removed ? (
        <div className="admin-note" role="status">
          <p>{t('demo.done')}</p>
          <ul>
            {COUNTED.map(([key, label]) => (
              <li key={key}>
                {t(label)}: {removed[key] ?? 0}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result && !result.ok ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      {!demo ? (
        <p>{t('demo.notDemo')}</p>
      ) : (
        <>
          <p>{t('demo.intro')}</p>
          <h2>{t('demo.goes')}</h2>
          <ul>
            {COUNTED.map(([key, label]) => (
              <li key={key}>{t(label)}</li>
            ))}
          </ul>
          <h2>{t('demo.stays')}</h2>
          <p>{t('demo.staysList')}</p>
          <Form method="post">
            <label className="admin-check">
              <input type="checkbox" name="confirm" required />
              {t('demo.confirm')}
            </label>
            <p>
              <button type="submit" className="secondary admin-danger" disabled={busy}>
                {t('demo.remove')}
              </button>
            </p>
          </Form>
        </>
      )}
    </>
  );
}
