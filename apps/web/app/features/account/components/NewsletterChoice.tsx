import { FormAlert } from '../../../components/account/forms';
import { useAccountT } from '../../../i18n/account';
import type { NewsletterChoiceModel } from '../hooks/use-newsletter-choice';

/** The newsletter checkbox and its Save button. */
export function NewsletterChoice({ model }: { model: NewsletterChoiceModel }) {
  const t = useAccountT();
  return (
    <form onSubmit={model.submit}>
      <FormAlert>{model.alert}</FormAlert>
      <div className="field-check">
        <input
          id="nl-choice"
          type="checkbox"
          checked={model.checked}
          onChange={(e) => model.check(e.target.checked)}
        />
        <label htmlFor="nl-choice">{t('account.newsletterLabel')}</label>
      </div>
      {model.pending ? <p role="status">{t('account.newsletterPending')}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={model.disabled}>
        {model.busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}
