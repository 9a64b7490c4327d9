import { useEffect, useState, type FormEvent } from 'react';
import { useApi } from '../../../api-client/use-api';
import { errorMessage } from '../../../components/account/forms';
import { useAccountT } from '../../../i18n/account';
import { newsletter, useNewsletter } from '../../../state/newsletter';
import { notify } from '../../../state/notifications';
import { useUser } from '../../../state/user-view';
import { isSubscribed, statusAfterSubscribe } from '../rules/newsletter';

/** The customer's newsletter choice (GET status, POST subscribe, DELETE unsubscribe). */
export function useNewsletterChoice() {
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
        const subscribed = isSubscribed(s);
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
        setStatus(statusAfterSubscribe);
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

  return {
    checked,
    check: setChecked,
    /** the subscription waits for its confirmation e-mail */
    pending: status === 'pending',
    alert,
    busy,
    disabled: busy || !email,
    submit,
  };
}

export type NewsletterChoiceModel = ReturnType<typeof useNewsletterChoice>;
