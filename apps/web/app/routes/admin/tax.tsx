/**
 * The VAT rates in the back office (role admin): each tax rule's rate per country, changed when a
 * country's law changes it. The form sends each rate it changes with the rate it showed, so a form
 * opened before someone else's change is refused (the page then shows the rates as they are). The page
 * says what a change does to prices (apps/api/src/settings/tax-rates.ts: the import's one rule).
 * Below, the changes scheduled for a date (a law changes a rate from a day): the pending ones, each
 * with its Cancel button, and a form to schedule one (apps/api/src/settings/scheduled-tax-rates.ts:
 * it applies by itself at 00:00 Vilnius time of its date).
 */
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatDate, nextCalendarDay } from '@vitrina/domain';
import type { Route } from './+types/tax';
import { adminT, type AdminT } from '../../admin/i18n';
import { labelledField } from '../../admin/labelled-field';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Rule = { id: number; code: string; rates: { rate: number; tax_country_id: string }[] };
type Scheduled = { id: number; rule_id: number; country: string; rate: number; effective_on: string };
type Rates = { rules: Rule[]; prices_include_tax: boolean; scheduled: Scheduled[] };
type Change = { rule: number; country: string; from: number; to: number };

const fieldName = (rule: number, country: string) => `rate-${rule}-${country}`;

export async function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    rates: resultOrThrow(await staffApi<Rates>(args, '/tax-rates'), args.request),
    // the first day a change may be scheduled for: tomorrow in shop time (the API checks it again)
    firstDay: nextCalendarDay(formatDate(new Date())),
  };
}

/** the schedule form's field the API's field is about */
const SCHEDULE_FIELD: Record<string, string> = {
  rule_id: 'schedule-rate-of',
  country: 'schedule-rate-of',
  rate: 'schedule-rate',
  effective_on: 'schedule-day',
};

/** a change scheduled for a date (intent `schedule`), or one cancelled (intent `cancel`) */
async function scheduleAction(args: Route.ActionArgs, f: Record<string, string>, t: AdminT) {
  if (f.intent === 'cancel') {
    const answer = await staffApi(args, `/tax-rates/scheduled/${Number(f.id) || 0}`, { method: 'DELETE' });
    if (answer.status === 401) throw toLogin(args.request);
    return answer.ok
      ? { ok: true as const, message: t('tax.cancelled'), field: null, values: null }
      : { ok: false as const, message: answer.message, field: null, values: null };
  }
  const [rule, country] = (f['schedule-rate-of'] ?? '').split('-');
  const rateText = (f['schedule-rate'] ?? '').trim().replace(',', '.');
  const rate = Number(rateText);
  if (rateText === '' || !Number.isFinite(rate))
    return { ok: false as const, message: t('tax.notNumber'), field: 'schedule-rate', values: f };
  const answer = await staffApi(args, '/tax-rates/scheduled', {
    method: 'POST',
    body: { rule_id: Number(rule), country: country ?? '', rate, effective_on: f['schedule-day'] ?? '' },
  });
  if (answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return {
      ok: true as const,
      message: t('tax.scheduledSaved', { day: f['schedule-day'] ?? '' }),
      field: null,
      values: null,
    };
  return {
    ok: false as const,
    message: answer.errors?.[0]?.message ?? answer.message,
    field: SCHEDULE_FIELD[answer.errors?.[0]?.field ?? ''] ?? 'schedule-day',
    values: f,
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
  if (f.intent === 'schedule' || f.intent === 'cancel') return scheduleAction(args, f, t);
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
  const { lang, rates, firstDay } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = adminT(lang);
  const typed = result && !result.ok ? result.values : null;
  const scheduleError = (name: string) =>
    result && !result.ok && result.field === name ? result.message : undefined;
  const field = labelledField(scheduleError);
  const codeOf = new Map(rates.rules.map((r) => [r.id, r.code]));
  return (
    <>
      <h1>{t('tax.title')}</h1>
      <p>{t('tax.intro')}</p>
      <p className="admin-note">{t(rates.prices_include_tax ? 'tax.grossRule' : 'tax.netRule')}</p>
      {result && !(result.field ?? '').startsWith('schedule-') ? (
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
      <h2 id="tax-scheduled">{t('tax.scheduledTitle')}</h2>
      <p>{t('tax.scheduledIntro')}</p>
      {result && !result.ok && (result.field ?? '').startsWith('schedule-') ? (
        <p className="admin-alert" role="alert">
          {t('tax.scheduleRefused')}
        </p>
      ) : null}
      {rates.scheduled.length ? (
        <table className="admin-rates" aria-labelledby="tax-scheduled">
          <thead>
            <tr>
              <th scope="col">{t('tax.rule')}</th>
              <th scope="col">{t('tax.country')}</th>
              <th scope="col">{t('tax.newRate')}</th>
              <th scope="col">{t('tax.from')}</th>
              <th scope="col">
                <span className="admin-sr">{t('tax.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rates.scheduled.map((s) => {
              const rule = codeOf.get(s.rule_id) ?? String(s.rule_id);
              return (
                <tr key={s.id}>
                  <td>{rule}</td>
                  <td>{s.country}</td>
                  <td>{s.rate} %</td>
                  <td>{s.effective_on}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="id" value={s.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        aria-label={t('tax.cancelOf', {
                          rule,
                          country: s.country,
                          rate: s.rate,
                          day: s.effective_on,
                        })}
                      >
                        {t('tax.cancel')}
                      </button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="admin-note">{t('tax.noneScheduled')}</p>
      )}
      <Form method="post" className="admin-form" aria-labelledby="tax-schedule-title">
        <h3 id="tax-schedule-title">{t('tax.scheduleTitle')}</h3>
        <input type="hidden" name="intent" value="schedule" />
        {field('schedule-rate-of', t('tax.rateToChange'), (props) => (
          <select {...props} defaultValue={typed?.['schedule-rate-of'] ?? undefined}>
            {rates.rules.flatMap((rule) =>
              rule.rates.map((r) => (
                <option key={`${rule.id}-${r.tax_country_id}`} value={`${rule.id}-${r.tax_country_id}`}>
                  {rule.code}, {r.tax_country_id} ({r.rate} %)
                </option>
              )),
            )}
          </select>
        ))}
        {field('schedule-rate', t('tax.newRatePercent'), (props) => (
          <input
            {...props}
            inputMode="decimal"
            size={6}
            required
            defaultValue={typed?.['schedule-rate'] ?? ''}
          />
        ))}
        {field(
          'schedule-day',
          t('tax.fromDay'),
          (props) => (
            <input
              {...props}
              type="date"
              min={firstDay}
              required
              defaultValue={typed?.['schedule-day'] ?? ''}
            />
          ),
          t('tax.fromDayHint'),
        )}
        <p>
          <button type="submit" disabled={busy}>
            {t('tax.schedule')}
          </button>
        </p>
      </Form>
    </>
  );
}
