import {
  PAYMENT_CASH_ON_DELIVERY,
  PAYMENT_MOKILIZINGAS,
  PAYMENT_NEOPAY,
  cartHash,
  formatPrice,
  isVirtualCart,
  normaliseZip,
  validateAlphaOnly,
  validateEmail,
  validateFields,
  validateNameLength,
  validateRequired,
  validateTermsAccepted,
  validateZip,
  type FieldError,
  type FieldRule,
} from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/checkout';
import { CartTotals } from '../components/CartTotals';
import { Field } from '../components/Field';
import { getT, useT, type Translator } from '../i18n';
import { ApiError } from '../lib/api';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import type { Address, PaymentMethod, ShippingMethod } from '../lib/types';
import { useApi } from '../lib/use-api';
import { cart, useCart } from '../state/cart';
import {
  checkout,
  idempotencyKeyFor,
  updateCheckout,
  useCheckout,
  type PersonalDetails,
  type ShippingDetails,
} from '../state/checkout';
import { notify } from '../state/notifications';

export const handle: RouteHandle = { layout: 'minimal' };

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('checkout.title')} | ${t('site.name')}`,
    description: t('checkout.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

const STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
type Step = (typeof STEPS)[number];
const COUNTRIES = ['LT', 'LV', 'EE'] as const;
/**
 * The shipping codes sent for a virtual cart (nothing to ship): the order contract requires
 * non-empty codes and the API ignores them for virtual carts.
 */
const NO_SHIPPING = { carrier_code: 'none', method_code: 'none' };
/** Payment methods that need a redirect flow (not part of this skeleton). */
const REDIRECT_METHODS = new Set([PAYMENT_NEOPAY, PAYMENT_MOKILIZINGAS]);

type Errors<V> = Partial<Record<keyof V, string>>;

function messages<V>(t: Translator, errors: Partial<Record<keyof V, FieldError>>): Errors<V> {
  const out: Errors<V> = {};
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

function validatePersonal(t: Translator, v: PersonalDetails): Errors<PersonalDetails> {
  return messages<PersonalDetails>(
    t,
    validateFields(v as unknown as Record<string, unknown>, {
      firstName: name,
      lastName: name,
      emailAddress: [validateRequired, (x) => validateEmail(str(x))],
    }) as Partial<Record<keyof PersonalDetails, FieldError>>,
  );
}

function validateShipping(t: Translator, v: ShippingDetails): Errors<ShippingDetails> {
  return messages<ShippingDetails>(
    t,
    validateFields(v as unknown as Record<string, unknown>, {
      streetAddress: [validateRequired],
      apartmentNumber: [validateRequired],
      city: [validateRequired],
      zipCode: [validateRequired, (x, all) => validateZip(str(all.country), str(x))],
      country: [validateRequired],
      phoneNumber: [validateRequired],
    }) as Partial<Record<keyof ShippingDetails, FieldError>>,
  );
}

function toAddress(p: PersonalDetails, s: ShippingDetails): Address {
  return {
    firstname: p.firstName.trim(),
    lastname: p.lastName.trim(),
    email: p.emailAddress.trim(),
    street: [s.streetAddress.trim(), s.apartmentNumber.trim()],
    city: s.city.trim(),
    postcode: normaliseZip(s.country, s.zipCode) ?? s.zipCode.trim(),
    countryId: s.country,
    telephone: s.phoneNumber.trim(),
  };
}

/** Moves focus to the first invalid field of a form after a failed submit. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function StepSection({
  step,
  current,
  title,
  summary,
  onEdit,
  children,
}: {
  step: Step;
  current: Step;
  title: string;
  summary?: ReactNode;
  onEdit: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const index = STEPS.indexOf(step);
  const active = step === current;
  const done = index < STEPS.indexOf(current);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (active && index > 0) headingRef.current?.focus();
  }, [active, index]);
  return (
    <section className={`checkout-step${active ? ' active' : ''}`} aria-labelledby={`step-${step}`}>
      <h2 id={`step-${step}`} ref={headingRef} tabIndex={-1}>
        <span className="step-no" aria-hidden="true">
          {index + 1}
        </span>{' '}
        {title}
        <span className="sr-only"> ({t('checkout.step', { n: index + 1, total: STEPS.length })})</span>
      </h2>
      {active ? children : null}
      {done ? (
        <div className="step-summary">
          {summary}
          <button type="button" className="btn-link" onClick={onEdit}>
            {t('common.edit')} <span className="sr-only">{title}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

function methodLabel(m: ShippingMethod): string {
  const parts = [...new Set([m.carrier_title, m.method_title].filter((x): x is string => Boolean(x)))];
  return parts.join(' – ') || m.title || m.method_code;
}

function methodPrice(m: ShippingMethod): number {
  return m.price_incl_tax ?? m.cost_incl_tax ?? m.amount ?? 0;
}

export default function Checkout() {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const cartState = useCart();
  const details = useCheckout();
  const [step, setStep] = useState<Step>('personal');
  const [personalErrors, setPersonalErrors] = useState<Errors<PersonalDetails>>({});
  const [shippingErrors, setShippingErrors] = useState<Errors<ShippingDetails>>({});
  const [methods, setMethods] = useState<{ forAddress: string; list: ShippingMethod[] } | null>(null);
  const [payments, setPayments] = useState<PaymentMethod[]>([]);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const personalForm = useRef<HTMLFormElement>(null);
  const shippingForm = useRef<HTMLFormElement>(null);

  const p = details.personalDetails;
  const s = details.shippingDetails;
  const setPersonal = (patch: Partial<PersonalDetails>) =>
    updateCheckout({ personalDetails: { ...p, ...patch } });
  const setShipping = (patch: Partial<ShippingDetails>) =>
    updateCheckout({ shippingDetails: { ...s, ...patch } });
  const failed = (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });

  if (!cartState.loaded) return <p>{t('common.loading')}</p>;
  const token = cartState.cartServerToken;
  if (!cartState.items.length || !token) {
    return (
      <section className="narrow">
        <h1>{t('checkout.title')}</h1>
        <p>{t('cart.empty')}</p>
        <p>
          <Link to={localizedPath(t.storeCode, '/')} className="btn btn-primary">
            {t('common.continueShopping')}
          </Link>
        </p>
      </section>
    );
  }

  const addressKey = JSON.stringify(toAddress(p, s));

  const submitPersonal = (e: FormEvent) => {
    e.preventDefault();
    const errors = validatePersonal(t, p);
    setPersonalErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(personalForm.current);
    setStep('shipping');
  };

  const submitShipping = async (e: FormEvent) => {
    e.preventDefault();
    const errors = validateShipping(t, s);
    setShippingErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(shippingForm.current);
    const address = toAddress(p, s);
    const virtual = isVirtualCart(cartState.items);
    setBusy(true);
    try {
      let list: PaymentMethod[];
      if (virtual) {
        // Nothing to ship: no shipping method; cash on delivery is hidden (spec §5).
        updateCheckout({ shippingMethod: NO_SHIPPING });
        list = await api.cart.paymentMethods(token);
      } else {
        if (!methods || methods.forAddress !== addressKey) {
          const found = (await api.cart.shippingMethods(token, address)).filter((m) => m.available !== false);
          setMethods({ forAddress: addressKey, list: found });
          const chosen = details.shippingMethod;
          const keep =
            chosen &&
            found.some((m) => m.carrier_code === chosen.carrier_code && m.method_code === chosen.method_code);
          const first = found.find((m) => m.default) ?? found[0];
          if (!keep)
            updateCheckout({
              shippingMethod: first
                ? { carrier_code: first.carrier_code, method_code: first.method_code }
                : null,
            });
          return;
        }
        const chosen = checkout.get().shippingMethod;
        if (!chosen) return;
        const answer = await api.cart.shippingInformation(token, {
          shippingAddress: address,
          billingAddress: address,
          shippingCarrierCode: chosen.carrier_code,
          shippingMethodCode: chosen.method_code,
        });
        cart.setTotals(answer.totals);
        list = answer.payment_methods?.length ? answer.payment_methods : await api.cart.paymentMethods(token);
      }
      list = list.filter(
        (m) => !REDIRECT_METHODS.has(m.code) && !(virtual && m.code === PAYMENT_CASH_ON_DELIVERY),
      );
      setPayments(list);
      const current = checkout.get().paymentMethod;
      if (!current || !list.some((m) => m.code === current)) {
        const preferred =
          list.find((m) => m.code === PAYMENT_CASH_ON_DELIVERY) ?? list.find((m) => m.default) ?? list[0];
        updateCheckout({ paymentMethod: preferred?.code ?? null });
      }
      setStep('payment');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPayment = (e: FormEvent) => {
    e.preventDefault();
    if (checkout.get().paymentMethod) setStep('review');
  };

  const placeOrder = async (e: FormEvent) => {
    e.preventDefault();
    const termsCheck = validateTermsAccepted(terms);
    setTermsError(termsCheck ? t.msg(termsCheck.key) : null);
    const chosen = checkout.get().shippingMethod;
    const payment = checkout.get().paymentMethod;
    if (termsCheck || !chosen || !payment) return;
    const address = toAddress(p, s);
    const key = idempotencyKeyFor(cartHash(cartState.items, token));
    setBusy(true);
    try {
      const order = await api.order.create({
        cart_id: token,
        products: cartState.items.map((i) => ({
          sku: i.sku,
          qty: i.qty,
          ...(i.product_option ? { product_option: i.product_option } : {}),
        })),
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_method_code: chosen.method_code,
          shipping_carrier_code: chosen.carrier_code,
          payment_method_code: payment,
        },
        personalDetails: {
          firstName: p.firstName.trim(),
          lastName: p.lastName.trim(),
          emailAddress: p.emailAddress.trim(),
        },
        idempotency_key: key,
      });
      // 200: the cart is cleared without server sync and the key is spent.
      cart.clear();
      updateCheckout({ idempotency: null });
      await navigate(
        `${localizedPath(t.storeCode, '/order-completed')}?number=${encodeURIComponent(order.orderNumber)}${order.orderToken ? `&token=${encodeURIComponent(order.orderToken)}` : ''}`,
      );
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const chosenShipping = methods?.list.find(
    (m) =>
      m.carrier_code === details.shippingMethod?.carrier_code &&
      m.method_code === details.shippingMethod?.method_code,
  );
  const chosenPayment = payments.find((m) => m.code === details.paymentMethod);

  return (
    <div className="checkout">
      <div className="checkout-main">
        <h1>{t('checkout.title')}</h1>

        <StepSection
          step="personal"
          current={step}
          title={t('checkout.personal')}
          onEdit={() => setStep('personal')}
          summary={
            <p>
              {p.firstName} {p.lastName}
              <br />
              {p.emailAddress}
            </p>
          }
        >
          <form ref={personalForm} noValidate onSubmit={submitPersonal}>
            <Field
              id="firstName"
              label={t('checkout.firstName')}
              autoComplete="given-name"
              required
              value={p.firstName}
              error={personalErrors.firstName}
              onChange={(e) => setPersonal({ firstName: e.target.value })}
            />
            <Field
              id="lastName"
              label={t('checkout.lastName')}
              autoComplete="family-name"
              required
              value={p.lastName}
              error={personalErrors.lastName}
              onChange={(e) => setPersonal({ lastName: e.target.value })}
            />
            <Field
              id="emailAddress"
              type="email"
              label={t('checkout.email')}
              autoComplete="email"
              required
              value={p.emailAddress}
              error={personalErrors.emailAddress}
              onChange={(e) => setPersonal({ emailAddress: e.target.value })}
            />
            <button type="submit" className="btn btn-primary">
              {t('checkout.continue')}
            </button>
          </form>
        </StepSection>

        <StepSection
          step="shipping"
          current={step}
          title={t('checkout.shipping')}
          onEdit={() => setStep('shipping')}
          summary={
            <p>
              {s.streetAddress} {s.apartmentNumber}, {s.city}, {s.zipCode},{' '}
              {t(`checkout.country.${s.country as 'LT'}`)}
              <br />
              {chosenShipping ? methodLabel(chosenShipping) : null}
            </p>
          }
        >
          <form ref={shippingForm} noValidate onSubmit={submitShipping} aria-busy={busy}>
            <Field
              id="streetAddress"
              label={t('checkout.street')}
              autoComplete="address-line1"
              required
              value={s.streetAddress}
              error={shippingErrors.streetAddress}
              onChange={(e) => setShipping({ streetAddress: e.target.value })}
            />
            <Field
              id="apartmentNumber"
              label={t('checkout.house')}
              autoComplete="address-line2"
              required
              value={s.apartmentNumber}
              error={shippingErrors.apartmentNumber}
              onChange={(e) => setShipping({ apartmentNumber: e.target.value })}
            />
            <Field
              id="city"
              label={t('checkout.city')}
              autoComplete="address-level2"
              required
              value={s.city}
              error={shippingErrors.city}
              onChange={(e) => setShipping({ city: e.target.value })}
            />
            <Field
              id="zipCode"
              label={t('checkout.zip')}
              autoComplete="postal-code"
              required
              value={s.zipCode}
              error={shippingErrors.zipCode}
              onChange={(e) => setShipping({ zipCode: e.target.value })}
            />
            <div className="field">
              <label htmlFor="country">{t('checkout.country')}</label>
              <select
                id="country"
                name="country"
                autoComplete="country"
                value={s.country}
                onChange={(e) => setShipping({ country: e.target.value })}
              >
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`checkout.country.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <Field
              id="phoneNumber"
              type="tel"
              label={t('checkout.phone')}
              autoComplete="tel"
              required
              value={s.phoneNumber}
              error={shippingErrors.phoneNumber}
              onChange={(e) => setShipping({ phoneNumber: e.target.value })}
            />
            {methods && methods.forAddress === addressKey ? (
              methods.list.length ? (
                <fieldset className="methods">
                  <legend>{t('checkout.shippingMethod')}</legend>
                  {methods.list.map((m) => {
                    const id = `ship-${m.carrier_code}-${m.method_code}`;
                    return (
                      <div key={id} className="method">
                        <input
                          type="radio"
                          id={id}
                          name="shippingMethod"
                          checked={
                            details.shippingMethod?.carrier_code === m.carrier_code &&
                            details.shippingMethod?.method_code === m.method_code
                          }
                          onChange={() =>
                            updateCheckout({
                              shippingMethod: { carrier_code: m.carrier_code, method_code: m.method_code },
                            })
                          }
                        />
                        <label htmlFor={id}>
                          {methodLabel(m)}{' '}
                          <span className="price">{formatPrice(methodPrice(m), t.storeCode)}</span>
                        </label>
                      </div>
                    );
                  })}
                </fieldset>
              ) : (
                <p className="field-error">{t('checkout.noShippingMethods')}</p>
              )
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('common.loading') : t('checkout.continue')}
            </button>
          </form>
        </StepSection>

        <StepSection
          step="payment"
          current={step}
          title={t('checkout.payment')}
          onEdit={() => setStep('payment')}
          summary={<p>{chosenPayment?.title ?? details.paymentMethod}</p>}
        >
          <form noValidate onSubmit={submitPayment}>
            <fieldset className="methods">
              <legend>{t('checkout.paymentMethod')}</legend>
              {payments.map((m) => (
                <div key={m.code} className="method">
                  <input
                    type="radio"
                    id={`pay-${m.code}`}
                    name="paymentMethod"
                    checked={details.paymentMethod === m.code}
                    onChange={() => updateCheckout({ paymentMethod: m.code })}
                  />
                  <label htmlFor={`pay-${m.code}`}>{m.title}</label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-primary" disabled={!details.paymentMethod}>
              {t('checkout.continue')}
            </button>
          </form>
        </StepSection>

        <StepSection
          step="review"
          current={step}
          title={t('checkout.review')}
          onEdit={() => setStep('review')}
        >
          <form noValidate onSubmit={placeOrder} aria-busy={busy}>
            <div className="field field-check">
              <input
                type="checkbox"
                id="terms"
                checked={terms}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'terms-error' : undefined}
                onChange={(e) => setTerms(e.target.checked)}
              />
              <label htmlFor="terms">{t('checkout.terms')}</label>
              {termsError ? (
                <p id="terms-error" className="field-error">
                  {termsError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
              {busy ? t('checkout.placing') : t('checkout.placeOrder')}
            </button>
          </form>
        </StepSection>
      </div>

      <aside className="checkout-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('checkout.summary')}</h2>
        <ul className="summary-lines">
          {cartState.items.map((i) => (
            <li key={`${i.sku}-${String(i.item_id ?? '')}`}>
              <span>
                {i.qty} × {i.name}
              </span>
            </li>
          ))}
        </ul>
        {cartState.totals ? <CartTotals totals={cartState.totals} /> : null}
      </aside>
    </div>
  );
}
