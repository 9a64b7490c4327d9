/**
 * Uploading pickup points (roles staff and admin): the shop's pickup point CSV, or a carrier's own
 * published list as it is (Omniva's locations.json: domain omniva-locations.ts names the format and
 * its documentation). First a dry run lists the new and changed points and the rows it cannot read;
 * then the same file is applied. The file travels as this page's form post, so FORM_BODY_LIMIT
 * (64 KiB unless set) bounds it: the page says the limit it has.
 */
import { Form, useActionData, useLoaderData } from 'react-router';
import type { PickupDiff, PickupFileIssue } from '@vitrina/domain';
import { Link } from '../../lib/link';
import type { Route } from './+types/pickup-points-import';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type ImportAnswer = {
  format: 'csv' | 'omniva';
  points: number;
  skipped: number;
  diff: PickupDiff;
  issues: PickupFileIssue[];
  applied: boolean;
  form_body_limit: number;
};

export async function loader(args: Route.LoaderArgs) {
  const list = resultOrThrow(
    await staffApi<{ form_body_limit: number; carriers: string[] }>(args, '/pickup-points?size=1'),
    args.request,
  );
  return { lang: langOf(args.request), limit: list.form_body_limit, carriers: list.carriers };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const upload = form.get('upload');
  const file =
    typeof upload === 'object' && upload !== null && 'text' in upload && upload.size > 0
      ? await upload.text()
      : String(form.get('file') ?? '');
  const options = {
    format: form.get('format') === 'omniva' ? ('omniva' as const) : ('csv' as const),
    carrier_code: String(form.get('carrier_code') ?? '').trim() || 'omniva',
    countries: String(form.get('countries') ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((c) => c.toUpperCase()),
    parcel_machines_only: form.get('parcel_machines_only') === 'on',
  };
  const answer = await staffApi<ImportAnswer>(args, '/pickup-points/import', {
    method: 'POST',
    body: { ...options, file, dry_run: form.get('intent') !== 'apply' },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok
    ? { error: null, result: answer.result, file, options }
    : { error: answer.message, result: null, file, options };
}

/** where Omniva publishes its locations and their format (domain omniva-locations.ts) */
const OMNIVA_FILE = 'https://www.omniva.ee/locations.json';
const OMNIVA_SPEC = 'https://www.omniva.ee/public/files/failid/offload-specification.pdf';

function kib(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}

export default function AdminPickupImport() {
  const { lang, limit, carriers } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const t = adminT(lang);
  const show = (v: string | number | boolean | null) => (v === null || v === '' ? '—' : String(v));
  const o = data?.options;
  /** a new point as one line: carrier, name, address, postcode and city, country, off when it is */
  const summary = (changes: PickupDiff[number]['changes']) => {
    const to = (field: string) => changes.find((c) => c.field === field)?.to;
    const place = [to('postcode'), to('city')].filter(Boolean).join(' ');
    return [
      to('carrier_code'),
      to('name'),
      to('address'),
      place,
      to('country_id'),
      to('is_active') === false ? t('pickup.disabled') : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const r = data?.result;
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/pickup-points')}>{t('pickup.backToList')}</Link>
      </p>
      <h1>{t('pickup.importTitle')}</h1>
      <p>{t('pickup.importHint')}</p>
      <p>
        {t('pickup.omnivaHint')} <a href={OMNIVA_FILE}>{t('pickup.omnivaFile')}</a>,{' '}
        <a href={OMNIVA_SPEC}>{t('pickup.omnivaSpec')}</a>.
      </p>
      <p className="admin-hint">{t('pickup.limit', { size: kib(limit) })}</p>
      <Form method="post" encType="multipart/form-data" reloadDocument>
        <div className="admin-grid">
          <label>
            {t('pickup.format')}
            <select name="format" defaultValue={o?.format ?? 'csv'}>
              <option value="csv">{t('pickup.formatCsv')}</option>
              <option value="omniva">{t('pickup.formatOmniva')}</option>
            </select>
          </label>
          <label>
            {t('pickup.file')}
            <input type="file" name="upload" accept=".csv,text/csv,.json,application/json" required />
          </label>
          <label>
            {t('pickup.carrierCode')}
            <input
              name="carrier_code"
              list="pickup-carriers"
              autoComplete="off"
              defaultValue={o?.carrier_code ?? 'omniva'}
            />
            <datalist id="pickup-carriers">
              {carriers.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </label>
          <label>
            {t('pickup.countries')}
            <input name="countries" autoComplete="off" defaultValue={o?.countries.join(', ') ?? ''} />
          </label>
        </div>
        <p className="admin-actions">
          <label className="admin-check">
            <input
              type="checkbox"
              name="parcel_machines_only"
              defaultChecked={o?.parcel_machines_only ?? false}
            />
            {t('pickup.parcelMachinesOnly')}
          </label>
          <button type="submit" name="intent" value="dry">
            {t('pickup.dryRun')}
          </button>
        </p>
      </Form>
      {data?.error ? (
        <p className="admin-alert" role="alert">
          {data.error}
        </p>
      ) : null}
      {r ? (
        <>
          <p className={r.applied ? 'admin-note' : undefined} role="status">
            {r.applied
              ? t('pickup.applied', { changes: r.diff.length })
              : t('pickup.wouldChange', { points: r.points, changes: r.diff.length, skipped: r.skipped })}
          </p>
          {r.issues.length > 0 ? (
            <div className="admin-alert" role="alert">
              <p>{t('pickup.issues')}</p>
              <ul>
                {r.issues.slice(0, 100).map((i, n) => (
                  <li key={n}>{t('pickup.issue', { line: i.line, field: i.field, message: i.message })}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {r.diff.length > 0 ? (
            <ScrollRegion label={t('pickup.changes')}>
              <table>
                <caption>{t('pickup.changes')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('pickup.id')}</th>
                    <th scope="col">{t('pickup.change')}</th>
                    <th scope="col">{t('pickup.field')}</th>
                    <th scope="col">{t('pickup.from')}</th>
                    <th scope="col">{t('pickup.to')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.diff.slice(0, 500).flatMap((d) =>
                    // a new point in one row (what it will be); a changed one a row per changed field
                    d.action === 'new'
                      ? [
                          <tr key={d.id}>
                            <td>
                              <code>{d.id}</code>
                            </td>
                            <td>{t('pickup.new')}</td>
                            <td>—</td>
                            <td>—</td>
                            <td>{summary(d.changes)}</td>
                          </tr>,
                        ]
                      : d.changes.map((c, n) => (
                          <tr key={`${d.id}-${c.field}`}>
                            <td>{n === 0 ? <code>{d.id}</code> : null}</td>
                            <td>{n === 0 ? t('pickup.changed') : null}</td>
                            <td>{c.field}</td>
                            <td>{show(c.from)}</td>
                            <td>{show(c.to)}</td>
                          </tr>
                        )),
                  )}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
          {!r.applied && r.diff.length > 0 && o ? (
            <Form method="post" encType="multipart/form-data" reloadDocument>
              <input type="hidden" name="file" value={data.file} />
              <input type="hidden" name="format" value={o.format} />
              <input type="hidden" name="carrier_code" value={o.carrier_code} />
              <input type="hidden" name="countries" value={o.countries.join(',')} />
              {o.parcel_machines_only ? <input type="hidden" name="parcel_machines_only" value="on" /> : null}
              <button type="submit" name="intent" value="apply">
                {t('pickup.apply', { n: r.diff.length })}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </>
  );
}
