import { Field } from '../../../components/Field';
import { useCheckoutT } from '../../../i18n/checkout';
import type { PersonalStepModel } from '../hooks/use-personal-step';
import { StepSection, type StepProps } from './StepSection';

/** Who buys: names and e-mail, "Log in" for an account, or "Create an account" with a password. */
export function PersonalStep({ current, busy, onEdit, model }: StepProps<PersonalStepModel>) {
  const t = useCheckoutT();
  const { personal: p, errors, loggedIn, setPersonal } = model;
  return (
    <StepSection
      step="personal"
      current={current}
      title={t('checkout.personal')}
      onEdit={onEdit}
      summary={
        <p>
          {p.firstName} {p.lastName}
          <br />
          {p.emailAddress}
        </p>
      }
    >
      {loggedIn ? null : (
        <p className="checkout-login">
          {t('checkout.haveAccount')}{' '}
          <button type="button" className="btn-link" onClick={model.openLogin}>
            {t('checkout.logIn')}
          </button>
        </p>
      )}
      <form ref={model.formRef} noValidate onSubmit={model.submit} aria-busy={busy}>
        <Field
          id="firstName"
          label={t('checkout.firstName')}
          autoComplete="given-name"
          required
          value={p.firstName}
          error={errors.firstName}
          onChange={(e) => setPersonal({ firstName: e.target.value })}
        />
        <Field
          id="lastName"
          label={t('checkout.lastName')}
          autoComplete="family-name"
          required
          value={p.lastName}
          error={errors.lastName}
          onChange={(e) => setPersonal({ lastName: e.target.value })}
        />
        <Field
          id="emailAddress"
          type="email"
          label={t('checkout.email')}
          autoComplete="email"
          required
          value={p.emailAddress}
          error={errors.emailAddress}
          onChange={(e) => setPersonal({ emailAddress: e.target.value })}
        />
        {loggedIn ? null : (
          <div className="field field-check">
            <input
              type="checkbox"
              id="createAccount"
              checked={p.createAccount}
              onChange={(e) => setPersonal({ createAccount: e.target.checked })}
            />
            <label htmlFor="createAccount">{t('checkout.createAccount')}</label>
          </div>
        )}
        {model.wantsAccount ? (
          <>
            <Field
              id="password"
              type="password"
              label={t('checkout.password')}
              autoComplete="new-password"
              required
              value={p.password}
              error={errors.password}
              onChange={(e) => setPersonal({ password: e.target.value })}
            />
            <Field
              id="passwordRepeat"
              type="password"
              label={t('checkout.passwordRepeat')}
              autoComplete="new-password"
              required
              value={model.passwordRepeat}
              error={errors.passwordRepeat}
              onChange={(e) => model.setPasswordRepeat(e.target.value)}
            />
          </>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('common.loading') : t('checkout.continue')}
        </button>
      </form>
    </StepSection>
  );
}
