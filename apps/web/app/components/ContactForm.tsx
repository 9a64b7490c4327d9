import { validateRequired } from '@vitrina/domain';
import { useAccountT } from '../i18n/account';
import { useApi } from '../api-client/use-api';
import { useUser } from '../state/user-view';
import { emailField, emailRules } from './account/forms';
import { useForm } from './account/use-form';
import { FieldForm } from './FieldForm';

interface ContactValues extends Record<string, string> {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/**
 * The contact form of the contact page (`POST /contact/create`); a logged-in customer's name and
 * e-mail prefilled. `kind: 'warranty'` is the warranty service request of the warranty page: the same
 * form and context (stored, e-mailed to the shop), its subject preset to "Warranty service".
 */
export function ContactForm({ kind = 'contact' }: { kind?: 'contact' | 'warranty' }) {
  const t = useAccountT();
  const api = useApi();
  const profile = useUser((s) => s.current);
  const f = useForm<ContactValues>({
    t,
    initial: () => ({
      name: profile ? `${profile.firstname} ${profile.lastname}` : '',
      email: profile?.email ?? '',
      phone: '',
      subject: kind === 'warranty' ? t('warranty.subject') : '',
      message: '',
    }),
    rules: { name: [validateRequired], email: emailRules, message: [validateRequired] },
    submit: async (v) => {
      await api.contact.create({
        name: v.name.trim(),
        email: v.email.trim(),
        message: v.message.trim(),
        ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
        ...(v.subject.trim() ? { subject: v.subject.trim() } : {}),
      });
    },
  });

  return (
    <section aria-labelledby="contact-form-title" className="contact-form">
      <h2 id="contact-form-title">{kind === 'warranty' ? t('warranty.formTitle') : t('contact.title')}</h2>
      <FieldForm
        form={f}
        idPrefix="contact"
        fields={[
          { name: 'name', label: t('contact.name'), autoComplete: 'name', required: true },
          emailField(t('contact.email')),
          { name: 'phone', label: t('contact.phone'), type: 'tel', autoComplete: 'tel' },
          { name: 'subject', label: t('contact.subject') },
          {
            name: 'message',
            label: kind === 'warranty' ? t('warranty.message') : t('contact.message'),
            required: true,
            rows: 6,
          },
        ]}
        submitLabel={t('contact.send')}
        done={<p role="status">{t('contact.sent')}</p>}
      />
    </section>
  );
}
