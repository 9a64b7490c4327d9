import { validateFields, validateRequired } from '@vitrina/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useAccountT } from '../i18n/account';
import { ApiError } from '../lib/api';
import { useApi } from '../lib/use-api';
import { useUser } from '../state/user';
import { FormAlert, emailRules, focusFirstInvalid, messages, type Errors } from './account/forms';
import { Field } from './Field';

interface ContactValues extends Record<string, string> {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/** The contact form of the contact page (`POST /contact/create`); a logged-in customer's name and e-mail prefilled. */
export function ContactForm() {
  const t = useAccountT();
  const api = useApi();
  const profile = useUser((s) => s.current);
  const [values, setValues] = useState<ContactValues>(() => ({
    name: profile ? `${profile.firstname} ${profile.lastname}` : '',
    email: profile?.email ?? '',
    phone: '',
    subject: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Errors<ContactValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof ContactValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const errs = messages<ContactValues>(
      t,
      validateFields(values, { name: [validateRequired], email: emailRules, message: [validateRequired] }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await api.contact.create({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
      });
      setSent(true);
    } catch (err) {
      setAlert(err instanceof ApiError && err.message ? t.msg(err.message) : t.msg('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="contact-form-title" className="contact-form">
      <h2 id="contact-form-title">{t('contact.title')}</h2>
      {sent ? (
        <p role="status">{t('contact.sent')}</p>
      ) : (
        <form ref={form} noValidate onSubmit={submit}>
          <FormAlert>{alert}</FormAlert>
          <Field
            id="contact-name"
            label={t('contact.name')}
            autoComplete="name"
            required
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <Field
            id="contact-email"
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <Field
            id="contact-phone"
            label={t('contact.phone')}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
          />
          <Field
            id="contact-subject"
            label={t('contact.subject')}
            value={values.subject}
            onChange={set('subject')}
          />
          <div className="field">
            <label htmlFor="contact-message">{t('contact.message')}</label>
            <textarea
              id="contact-message"
              required
              rows={6}
              value={values.message}
              onChange={set('message')}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'contact-message-error' : undefined}
            />
            {errors.message ? (
              <p id="contact-message-error" className="field-error">
                {errors.message}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('auth.wait') : t('contact.send')}
          </button>
        </form>
      )}
    </section>
  );
}
