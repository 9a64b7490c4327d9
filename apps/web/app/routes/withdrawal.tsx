/**
 * The withdrawal function (Directive 2011/83/EU art. 11a; docs/legal.md): reached by the button
 * "Withdraw from the contract here" on the account's order page (the customer's session) and on the
 * guest's order page and confirmation e-mail (`?number=&token=`, the order token). Step 1 names the
 * order and the lines with their quantities; step 2 is the statement and its confirmation button;
 * the answer shows the date and time the withdrawal was received, and the acknowledgement e-mail is
 * on its way. Without an order (`/withdrawal`, the address the terms PDF names for every order) it
 * says how to reach one: the account, the confirmation e-mail's link, or a form taking the order's
 * number and e-mail that sends the order's link to the order's address (WithdrawalLinkForm).
 * Client-rendered: the page is private (noindex).
 */
import { formatDateTime } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/withdrawal';
import { pageMeta } from '../lib/seo';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';
import { useApi } from '../api-client/use-api';
import type { WithdrawalDone, WithdrawalView } from '../api-client/api';
import { useUser } from '../state/user-view';
import { Link } from '../lib/link';
import { localizedPath } from '@vitrina/domain';
import { afterSaleT, useAfterSaleT, type AfterSaleT } from '../i18n/after-sale';
import { WithdrawalLinkForm } from '../components/WithdrawalLinkForm';

export const links = checkoutAccountLinks;
export const loader = privatePageLoader;
export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta({
        title: `${afterSaleT(data.storeCode)('withdrawal.title')} | Vitrina`,
        description: afterSaleT(data.storeCode)('withdrawal.button'),
        seo: data.seo,
        robots: 'noindex',
      })
    : [];

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'notFound' }
  | { state: 'ready'; view: WithdrawalView };

export default function Withdrawal() {
  const t = useAfterSaleT();
  const [params] = useSearchParams();
  const number = params.get('number')?.slice(0, 32) ?? '';
  const token = params.get('token')?.slice(0, 128) ?? '';
  const api = useApi();
  const loggedIn = useUser((s) => Boolean(s.token));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [step, setStep] = useState<'choose' | 'review'>('choose');
  const [qty, setQty] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<WithdrawalDone | null>(null);

  useEffect(() => {
    // the shop's withdrawal page without an order (the address the terms PDF names): the way to one
    if (!number || (!token && !loggedIn)) {
      setLoad({ state: 'missing' });
      return;
    }
    let live = true;
    api.afterSale.withdrawalView(number, token || null).then(
      (view) => live && setLoad({ state: 'ready', view }),
      () => live && setLoad({ state: 'notFound' }),
    );
    return () => {
      live = false;
    };
  }, [api, number, token, loggedIn]);

  return (
    <section className="narrow withdrawal" aria-labelledby="withdrawal-title">
      <h1 id="withdrawal-title">{done ? t('withdrawal.doneTitle') : t('withdrawal.title')}</h1>
      {load.state === 'loading' ? <p aria-busy="true">…</p> : null}
      {load.state === 'missing' ? (
        <>
          <p>
            {t('withdrawal.needAccess')}{' '}
            <Link to={localizedPath(t.storeCode, '/my-account')}>{t('withdrawal.order')}</Link>
          </p>
          {/* the order's number and e-mail: its link is e-mailed to the order's address (Annex I(A) "on our website") */}
          {number ? null : <WithdrawalLinkForm />}
        </>
      ) : null}
      {load.state === 'notFound' ? <p role="alert">{t('withdrawal.notFound')}</p> : null}
      {load.state === 'ready' && done ? <Done t={t} done={done} /> : null}
      {load.state === 'ready' && !done ? (
        <Form
          t={t}
          view={load.view}
          step={step}
          qty={qty}
          error={error}
          sending={sending}
          onQty={(id, n) => setQty((q) => ({ ...q, [id]: n }))}
          onContinue={() => {
            if (!Object.values(qty).some((n) => n > 0)) return setError(t('withdrawal.chooseSome'));
            setError(null);
            setStep('review');
          }}
          onBack={() => setStep('choose')}
          onConfirm={async () => {
            setSending(true);
            setError(null);
            try {
              const lines = Object.entries(qty)
                .filter(([, n]) => n > 0)
                .map(([id, n]) => ({ item_id: Number(id), qty: n }));
              setDone(await api.afterSale.withdraw({ number, ...(token ? { token } : {}), lines }));
            } catch (err) {
              setError(err instanceof Error && err.message ? err.message : t('withdrawal.failed'));
            } finally {
              setSending(false);
            }
          }}
        />
      ) : null}
    </section>
  );
}

function Done({ t, done }: { t: AfterSaleT; done: WithdrawalDone }) {
  return (
    <div role="status" className="withdrawal-done" data-testid="withdrawal-done">
      <p>{t('withdrawal.doneText', { at: done.declared_at_text, email: done.email })}</p>
    </div>
  );
}

function Form(props: {
  t: AfterSaleT;
  view: WithdrawalView;
  step: 'choose' | 'review';
  qty: Record<number, number>;
  error: string | null;
  sending: boolean;
  onQty: (itemId: number, n: number) => void;
  onContinue: () => void;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t, view, step, qty } = props;
  const deadline = view.deadline ? formatDateTime(view.deadline) : null;
  if (!view.open)
    return (
      <p role="alert">
        {view.closed_reason === 'cancelled'
          ? t('withdrawal.cancelled')
          : t('withdrawal.closed', { deadline: deadline ?? '' })}
      </p>
    );
  const open = view.lines.filter((l) => l.left > 0);
  const chosen = view.lines.filter((l) => (qty[l.item_id] ?? 0) > 0);
  return (
    <>
      <dl className="order-facts">
        <dt>{t('withdrawal.order')}</dt>
        <dd>{view.number}</dd>
        <dt>{t('withdrawal.orderDate')}</dt>
        <dd>{formatDateTime(view.created_at)}</dd>
      </dl>
      <p>
        {t('withdrawal.periodOpen', { days: view.days })}{' '}
        {deadline ? t('withdrawal.until', { deadline }) : null}
      </p>
      {view.withdrawals.length ? (
        <p>
          {t('withdrawal.earlier', {
            list: view.withdrawals.map((w) => formatDateTime(w.declared_at)).join(', '),
          })}
        </p>
      ) : null}
      {open.length === 0 ? <p role="status">{t('withdrawal.nothingLeft')}</p> : null}
      {open.length && step === 'choose' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onContinue();
          }}
        >
          <p>{t('withdrawal.intro', { number: view.number })}</p>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('withdrawal.product')}</th>
                  <th scope="col" className="num">
                    {t('withdrawal.ordered')}
                  </th>
                  <th scope="col" className="num">
                    {t('withdrawal.qty')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.lines.map((l) => (
                  <tr key={l.item_id}>
                    <td>
                      {l.name}
                      <br />
                      <small>{l.sku}</small>
                    </td>
                    <td className="num">{l.qty}</td>
                    <td className="num">
                      {l.left > 0 ? (
                        <input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={l.left}
                          value={qty[l.item_id] ?? 0}
                          aria-label={`${t('withdrawal.qty')}: ${l.name}`}
                          onChange={(e) =>
                            props.onQty(
                              l.item_id,
                              Math.max(0, Math.min(l.left, Math.floor(Number(e.target.value) || 0))),
                            )
                          }
                          style={{ width: '5em' }}
                        />
                      ) : (
                        t('withdrawal.noneLeft')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {props.error ? (
            <p className="field-error" role="alert">
              {props.error}
            </p>
          ) : null}
          <p>
            <button type="submit" className="btn btn-primary">
              {t('withdrawal.continue')}
            </button>
          </p>
        </form>
      ) : null}
      {open.length && step === 'review' ? (
        <div>
          <h2>{t('withdrawal.reviewTitle')}</h2>
          <p>{t('withdrawal.statement', { number: view.number })}</p>
          <ul>
            {chosen.map((l) => (
              <li key={l.item_id}>
                {qty[l.item_id]} × {l.name} ({l.sku})
              </li>
            ))}
          </ul>
          {props.error ? (
            <p className="field-error" role="alert">
              {props.error}
            </p>
          ) : null}
          <p className="withdrawal-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={props.sending}
              onClick={props.onConfirm}
            >
              {props.sending ? t('withdrawal.sending') : t('withdrawal.confirm')}
            </button>{' '}
            <button type="button" className="btn" disabled={props.sending} onClick={props.onBack}>
              {t('withdrawal.back')}
            </button>
          </p>
        </div>
      ) : null}
    </>
  );
}
