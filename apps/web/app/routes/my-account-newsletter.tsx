import { useEffect, useState, type FormEvent } from 'react';
import type { Route } from './+types/my-account-newsletter';
import { AccountLayout } from '../components/account/AccountLayout';
import { FormAlert, errorMessage } from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { useApi } from '../api-client/use-api';
import { newsletter, useNewsletter } from '../state/newsletter';
import { notify } from '../state/notifications';
import { useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.newsletter');

/** The customer's newsletter choice (GET status, POST subscribe, DELETE unsubscribe). */
function NewsletterChoice() {
  const t = useAccountT();
  const api = useApi();
  const email = useUser((s) => s.current?.email ?? null);
  const state = useNewsletter();
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!email) return;
    let live = true;
    api.newsletter.status(email).then(
      (s) => {
        if (!live) return;
        setStatus(s);
        const subscribed = s === 'subscribed' || s === 'pending';
        setChecked(subscribed);
        newsletter.store.set((n) => ({ ...n, isSubscribed: subscribed, email }));
      },
      () => live && setChecked(state.isSubscribed && state.email === email),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, email]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email) return;
    setAlert(null);
    setBusy(true);
    try {
      if (checked) {
        await newsletter.subscribe(email);
        setStatus((s) => (s === 'subscribed' ? s : 'pending'));
      } else {
        newsletter.store.set((n) => ({ ...n, isSubscribed: true }));
        await newsletter.unsubscribe(email);
        setStatus('unsubscribed');
      }
      notify({ type: 'success', message: t('account.newsletterSaved') });
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <FormAlert>{alert}</FormAlert>
      <div className="field-check">
        <input
          id="nl-choice"
          type="checkbox"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <label htmlFor="nl-choice">{t('account.newsletterLabel')}</label>
      </div>
      {status === 'pending' ? <p role="status">{t('account.newsletterPending')}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy || !email}>
        {busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}

export default function MyAccountNewsletter() {
  const t = useAccountT();
  return (
    <AccountLayout title={t('account.newsletter')}>
      <NewsletterChoice />
    </AccountLayout>
  );
}
