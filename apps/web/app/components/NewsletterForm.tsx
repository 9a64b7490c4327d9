import { validateEmail } from '@vitrina/domain';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { ApiError } from '../api-client/api';
import { newsletter } from '../state/newsletter';

/** Subscribe form (footer, popup, /newsletter): marks the client subscribed at once, as the spec says. */
export function NewsletterForm({ idPrefix, onDone }: { idPrefix: string; onDone?: () => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `${idPrefix}-newsletter-email`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = validateEmail(email);
    if (check) {
      setError(t.msg(check.key, check.params));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await newsletter.subscribe(email);
      setDone(true);
      onDone?.();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? t.msg(err.message) : t.msg('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  if (done) return <p role="status">{t('newsletter.thanks')}</p>;
  return (
    <form className="newsletter-form" noValidate onSubmit={submit}>
      <label htmlFor={id}>{t('newsletter.email')}</label>
      <div className="newsletter-row">
        <input
          id={id}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('newsletter.subscribe')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
