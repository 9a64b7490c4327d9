/**
 * The VAT rates in the back office (role admin): each tax rule's rate per country, changed when a
 * country's law changes it. The form sends each rate it changes with the rate it showed, so a form
 * opened before someone else's change is refused (the page then shows the rates as they are). The page
 * says what a change does to prices (apps/api/src/settings/tax-rates.ts: the import's one rule).
 */
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/tax';
import { adminT } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Rule = { id: number; code: string; rates: { rate: number; tax_country_id: string }[] };
type Rates = { rules: Rule[]; prices_include_tax: boolean };
type Change = { rule: number; country: string; from: number; to: number };

const fieldName = (rule: number, country: string) => `rate-${rule}-${country}`;

export async function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    rates: resultOrThrow(await staffApi<Rates>(args, '/tax-rates'), args.request),
  };
}

/** the rates the form changes: each field that differs from the rate it was opened with (`from-…`) */
function changesOf(f: Record<string, string>): { changes: Change[]; bad: string[] } {
  const changes: Change[] = [];
  const bad: string[] = [];
  for (const [name, value] of Object.entries(f)) {
    const m = /^rate-(\d+)-([A-Z]{2})$/.exec(name);
    if (!m) continue;
    const to = Number(value.trim().replace(',', '.'));
    const from = Number(f[`from-${m[1]}-${m[2]}`]);
    if (value.trim() === '' || !Number.isFinite(to)) bad.push(name);
    else if (to !== from) changes.push({ rule: Number(m[1]), country: m[2] as string, from, to });
  }
  return { changes, bad };
}

export async function action(args: Route.ActionArgs) {
  const t = adminT(langOf(args.request));
  const f = await formFields(args.request);
  const { changes, bad } = changesOf(f);
  if (bad.length)
    return { ok: false as const, message: t('tax.notNumber'), field: bad[0] ?? null, values: f };
  if (!changes.length) return { ok: true as const, message: t('tax.nothing'), field: null, values: null };
  const answer = await staffApi<{ changed: Change[] }>(args, '/tax-rates', {
    method: 'POST',
    body: { changes },
  });
  if (answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return {
      ok: true as const,
      message: t('tax.saved', { n: answer.result.changed.length }),
      field: null,
      values: null,
    };
  // the API names the change (`changes.0.to`): the page names its field
  const index = Number(/^changes\.(\d+)/.exec(answer.errors?.[0]?.field ?? '')?.[1]);
  const named = changes[index];
  return {
    ok: false as const,
    message: answer.errors?.[0]?.message ?? answer.message,
    field: named ? fieldName(named.rule, named.country) : null,
    // a stale form shows the rates as they are now; other refusals keep what was typed
    values: answer.status === 409 ? null : f,
  };
}

export default function AdminTax() {
  const { lang, rates } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = adminT(lang);
  const typed = result && !result.ok ? result.values : null;
  return (
    <>
      <h1>{t('tax.title')}</h1>
      <p>{t('tax.intro')}</p>
      <p className="admin-note">{t(rates.prices_include_tax ? 'tax.grossRule' : 'tax.netRule')}</p>
      {result ? (
        <p className={result.ok ? 'admin-note' : 'admin-alert'} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </p>
      ) : null}
      <Form method="post">
        <table className="admin-rates">
          <caption className="admin-sr">{t('tax.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tax.rule')}</th>
              <th scope="col">{t('tax.country')}</th>
              <th scope="col">{t('tax.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.rules.flatMap((rule) =>
              rule.rates.map((r) => {
                const name = fieldName(rule.id, r.tax_country_id);
                const invalid = result && !result.ok && result.field === name;
                return (
                  <tr key={name}>
                    <td>{rule.code}</td>
                    <td>{r.tax_country_id}</td>
                    <td>
                      <input type="hidden" name={`from-${rule.id}-${r.tax_country_id}`} value={r.rate} />
                      <input
                        id={name}
                        name={name}
                        inputMode="decimal"
                        size={6}
                        defaultValue={typed?.[name] ?? String(r.rate)}
                        aria-label={t('tax.rateOf', { rule: rule.code, country: r.tax_country_id })}
                        aria-invalid={invalid ? true : undefined}
                      />{' '}
                      %
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
        <p>
          <button type="submit" disabled={busy} aria-describedby="tax-slow">
            {t('tax.save')}
          </button>{' '}
          <small id="tax-slow" className="admin-hint">
            {t('tax.slow')}
          </small>
        </p>
      </Form>
    </>
  );
}
