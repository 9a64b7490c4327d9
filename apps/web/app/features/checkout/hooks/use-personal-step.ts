import { useRef, useState, type FormEvent } from 'react';
import { changeCheckout, withPersonalDetails, type PersonalDetails } from '../../../state/checkout';
import { notify } from '../../../state/notifications';
import { ui } from '../../../state/ui';
import { user } from '../../../state/user';
import { hasErrors, validatePersonal, type FieldMessages, type PersonalForm } from '../rules/form-errors';
import { focusFirstInvalid } from './focus-first-invalid';
import type { CheckoutSession } from './use-checkout-session';

/**
 * Who buys: the names and e-mail; a shopper without an account may log in here or create one
 * (the account is made and the shopper logged in at this step, so the cart moves
 * to the account and the order placed at the end belongs to it).
 */
export function usePersonalStep({ t, details, loggedIn, goTo, setBusy, failed }: CheckoutSession) {
  const p = details.personalDetails;
  const [errors, setErrors] = useState<FieldMessages<PersonalForm>>({});
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // the shipping names follow the personal ones until edited (state/checkout.ts withPersonalDetails)
  const setPersonal = (patch: Partial<PersonalDetails>) =>
    changeCheckout((st) => withPersonalDetails(st, patch));
  const wantsAccount = p.createAccount && !loggedIn;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePersonal(t, { ...p, createAccount: wantsAccount, passwordRepeat });
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    if (wantsAccount) {
      setBusy(true);
      try {
        await user.register({
          firstname: p.firstName.trim(),
          lastname: p.lastName.trim(),
          email: p.emailAddress.trim(),
          password: p.password,
        });
        notify({ type: 'success', message: t('checkout.accountCreated') });
      } catch (err) {
        failed(err);
        return;
      } finally {
        setBusy(false);
      }
      // the password is not kept once the account exists (spec §4 empties it after the order)
      setPersonal({ password: '', createAccount: false });
      setPasswordRepeat('');
    }
    // empty shipping names (e.g. after a login prefill) take the buyer's
    changeCheckout((st) => withPersonalDetails(st, {}));
    goTo('shipping');
  };

  return {
    personal: p,
    loggedIn,
    /** the password fields are asked: an account is to be created */
    wantsAccount,
    passwordRepeat,
    errors,
    formRef,
    setPersonal,
    setPasswordRepeat,
    openLogin: () => ui.openAuth('login'),
    submit,
  };
}

export type PersonalStepModel = ReturnType<typeof usePersonalStep>;
