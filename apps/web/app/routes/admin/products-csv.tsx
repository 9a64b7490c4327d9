/**
 * The price and stock CSV (roles catalog and admin): download every product's prices and stock,
 * edit them in a spreadsheet, upload the file: first a dry run lists what would change, then the
 * same file is applied. The API imports it with the import file's rules (a stock quantity never
 * undoes a sale made after the file's `exported_at`; such rows are listed, not written).
 */
import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/products-csv';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT } from '../../admin/i18n';
import { langOf, staffApi, toLogin } from '../../admin/staff-api.server';

type Change = { field: string; from: string | number | null; to: string | number | null };
type CsvAnswer = {
  rows: number;
  changed: number;
  applied: boolean;
  diff: { sku: string; changes: Change[] }[];
  stock_conflicts: { sku: string; file_qty: number; shop_qty: number; changed_at: string }[];
};

export async function loader(args: Route.LoaderArgs) {
  return { lang: langOf(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const file = form.get('file');
  const csv =
    typeof file === 'object' && file !== null && 'text' in file
      ? await file.text()
      : String(form.get('csv') ?? '');
  const dryRun = form.get('intent') !== 'apply';
  const answer = await staffApi<CsvAnswer>(args, '/products/prices.csv', {
    method: 'POST',
    body: { csv, dry_run: dryRun },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok
    ? { error: null, result: answer.result, csv }
    : { error: answer.message, result: null, csv };
}

export default function AdminProductsCsv() {
  const { lang } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const t = adminT(lang);
  const show = (v: string | number | null) => (v === null ? '—' : String(v));
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/products')}>{t('product.backToList')}</Link>
      </p>
      <h1>{t('csv.title')}</h1>
      <p>
        <a href={`/vsbridge/staff/products/prices.csv?storeCode=${lang}`} download>
          {t('csv.download')}
        </a>
      </p>
      <p>{t('csv.hint')}</p>
      <Form method="post" encType="multipart/form-data" reloadDocument className="admin-actions">
        <label>
          {t('csv.file')}
          <input type="file" name="file" accept=".csv,text/csv" required />
        </label>
        <button type="submit" name="intent" value="dry">
          {t('csv.dryRun')}
        </button>
      </Form>
      {data?.error ? (
        <p className="admin-alert" role="alert">
          {data.error}
        </p>
      ) : null}
      {data?.result ? (
        <>
          <p className={data.result.applied ? 'admin-note' : undefined} role="status">
            {data.result.applied
              ? t('csv.applied', { changed: data.result.changed })
              : t('csv.wouldChange', { changed: data.result.changed, rows: data.result.rows })}
          </p>
          {data.result.diff.length > 0 ? (
            <ScrollRegion label={t('csv.changes')}>
              <table>
                <caption>{t('csv.changes')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('products.sku')}</th>
                    <th scope="col">{t('csv.field')}</th>
                    <th scope="col">{t('csv.from')}</th>
                    <th scope="col">{t('csv.to')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.result.diff.flatMap((d) =>
                    d.changes.map((c) => (
                      <tr key={`${d.sku}-${c.field}`}>
                        <td>{d.sku}</td>
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
          {data.result.stock_conflicts.length > 0 ? (
            <div className="admin-alert" role="alert">
              <p>{t('csv.conflicts')}</p>
              <ul>
                {data.result.stock_conflicts.map((c) => (
                  <li key={c.sku}>{t('csv.conflict', { sku: c.sku, file: c.file_qty, shop: c.shop_qty })}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {!data.result.applied && data.result.changed > 0 ? (
            <Form method="post" reloadDocument>
              <input type="hidden" name="csv" value={data.csv} />
              <button type="submit" name="intent" value="apply">
                {t('csv.apply', { changed: data.result.changed })}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </>
  );
}
