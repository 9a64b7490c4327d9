import {
  validateAlphaOnly,
  validateEmail,
  validateFields,
  validateNameLength,
  validatePassword,
  validatePasswordsMatch,
  validateRequired,
  type AddressPurpose,
  type DeliveryKind,
  type FieldError,
  type FieldRule,
} from '@vitrina/domain';
import type { Translator } from '../../../i18n';
import { addressFormErrors, deliveryFormErrors, paymentFormErrors } from '../../../state/address-form';
import type { AddressDetails, PaymentDetails, PersonalDetails } from '../../../state/checkout';

/**
 * The checkout forms' errors, in the shopper's language. The rules themselves are the domain's
 * (validation.ts, address-rules.ts through state/address-form.ts); this module only picks which rule
 * asks which field of each step and turns the domain's errors into messages.
 */
export type FieldMessages<V> = Partial<Record<keyof V, string>>;

/** The personal step's form: the personal details and the password typed again. */
export type PersonalForm = PersonalDetails & { passwordRepeat: string };

function messages<V>(t: Translator, errors: Partial<Record<keyof V, FieldError>>): FieldMessages<V> {
  const out: FieldMessages<V> = {};
  for (const [k, e] of Object.entries(errors) as [keyof V, FieldError | undefined][]) {
    if (e) out[k] = t.msg(e.key, e.params);
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const name: FieldRule<Record<string, unknown>>[] = [
  validateRequired,
  (v) => validateNameLength(str(v)),
  (v) => validateAlphaOnly(str(v)),
];

/** Who buys: the names and e-mail; a new account's password (twice) when one is to be created. */
export function validatePersonal(t: Translator, v: PersonalForm): FieldMessages<PersonalForm> {
  return messages<PersonalForm>(
    t,
    validateFields(v as unknown as Record<string, unknown>, {
      firstName: name,
      lastName: name,
      emailAddress: [validateRequired, (x) => validateEmail(str(x))],
      ...(v.createAccount
        ? {
            password: [validateRequired, (x) => validatePassword(str(x))],
            passwordRepeat: [(x, all) => validatePasswordsMatch(str(all.password), str(x))],
          }
        : {}),
    }) as Partial<Record<keyof PersonalForm, FieldError>>,
  );
}

/**
 * The payment step (domain address-rules.ts, through state/address-form.ts): a billing address other
 * than the shipping one is checked with the billing rule; a legal person: company name and code
 * required, VAT code and Tax ID optional (checked when given).
 */
export function validatePayment(t: Translator, v: PaymentDetails): FieldMessages<PaymentDetails> {
  return messages<PaymentDetails>(t, paymentFormErrors(v));
}

/** A shipping or billing address (accounts-checkout-routes.md §5, domain address-rules.ts). */
export function validateAddress(
  t: Translator,
  v: AddressDetails,
  purpose: AddressPurpose = 'billing',
): FieldMessages<AddressDetails> {
  return messages<AddressDetails>(t, addressFormErrors(v, purpose));
}

/**
 * The delivery step's fields for a delivery kind: the address rule of its purpose (a courier: the
 * home address and phone; a pickup: no home address; nothing to ship: the buyer's billing address).
 */
export function validateDelivery(
  t: Translator,
  v: AddressDetails,
  kind: DeliveryKind,
): FieldMessages<AddressDetails> {
  return messages<AddressDetails>(t, deliveryFormErrors(v, kind));
}

/** Whether a form's errors leave it to be corrected. */
export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
