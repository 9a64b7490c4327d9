import { formatPrice, staticPagePath, PAYMENT_NEOPAY } from '@vitrina/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/checkout';
import { CartTotals } from '../components/CartTotals';
import { SyncDisabledNotice } from '../components/MiniCart';
import { SummaryLines } from '../components/CartLineOptions';
import { Field } from '../components/Field';
import { AddressFields, CountrySelect } from '../components/checkout/AddressFields';
import { OpeningHours } from '../components/checkout/OpeningHours';
import { BankSelector } from '../components/checkout/BankSelector';
import { OfflineEstimate } from '../components/checkout/OfflineEstimate';
import { PickupPointPicker, pickupLabel } from '../components/checkout/PickupPointPicker';
import { getT, useT } from '../i18n';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import type { ChosenPickupPoint, PaymentDetails } from '../state/checkout';
import { QueuedOrderPanel } from '../components/QueuedOrderPanel';
import { methodLabel, methodPrice } from '../features/checkout/rules/shipping-methods';
import { STEPS, type Step } from '../features/checkout/rules/steps';
import { useCheckoutFlow } from '../features/checkout/hooks/use-checkout-flow';

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

export default function Checkout() {
  const t = useT();
  const flow = useCheckoutFlow();
  const { step, goTo: setStep, busy, cart: cartState, personal, delivery, payment, review } = flow;
  if (flow.screen === 'queued')
    return <QueuedOrderPanel taskId={flow.queued.queuedId ?? ''} onBack={flow.queued.dismiss} />;
  if (flow.screen === 'loading') return <p>{t('common.loading')}</p>;
  const { online, cachedOptions } = flow;
  // a cart with no server id yet: online it is being connected; offline it goes on with the cached
  // methods, unless the device has none (or the shop refused the cart: sync disabled)
  if (flow.screen === 'unconnected') {
    return (
      <section className="narrow" aria-busy={online && !cartState.syncDisabled}>
        <h1>{t('checkout.title')}</h1>
        {cartState.syncDisabled ? (
          // spec "Cart connection" step 4: no server cart can be had now (issue #14 item 16)
          <SyncDisabledNotice text={t('checkout.syncDisabled')} />
        ) : (
          <p role="status">
            {online || cachedOptions === undefined ? t('common.loading') : t('checkout.offlineCart')}
          </p>
        )}
        <SummaryLines items={cartState.items} totals={null} />
      </section>
    );
  }
  if (flow.screen === 'empty') {
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
  const p = personal.personal;
  const loggedIn = personal.loggedIn;
  const personalErrors = personal.errors;
  const s = delivery.shipping;
  const { virtual, kind, chosenShipping, needsPickup, methodError, pickupError } = delivery;
  const shippingErrors = delivery.errors;
  const pd = payment.payment;
  const paymentErrors = payment.errors;
  const chosenPayment = payment.chosen;
  const { estimate, terms, termsError, redirecting } = review;
  const totalsConfirmed = payment.totalsConfirmed;

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
          {loggedIn ? null : (
            <p className="checkout-login">
              {t('checkout.haveAccount')}{' '}
              <button type="button" className="btn-link" onClick={personal.openLogin}>
                {t('checkout.logIn')}
              </button>
            </p>
          )}
          <form ref={personal.formRef} noValidate onSubmit={personal.submit} aria-busy={busy}>
            <Field
              id="firstName"
              label={t('checkout.firstName')}
              autoComplete="given-name"
              required
              value={p.firstName}
              error={personalErrors.firstName}
              onChange={(e) => personal.setPersonal({ firstName: e.target.value })}
            />
            <Field
              id="lastName"
              label={t('checkout.lastName')}
              autoComplete="family-name"
              required
              value={p.lastName}
              error={personalErrors.lastName}
              onChange={(e) => personal.setPersonal({ lastName: e.target.value })}
            />
            <Field
              id="emailAddress"
              type="email"
              label={t('checkout.email')}
              autoComplete="email"
              required
              value={p.emailAddress}
              error={personalErrors.emailAddress}
              onChange={(e) => personal.setPersonal({ emailAddress: e.target.value })}
            />
            {loggedIn ? null : (
              <div className="field field-check">
                <input
                  type="checkbox"
                  id="createAccount"
                  checked={p.createAccount}
                  onChange={(e) => personal.setPersonal({ createAccount: e.target.checked })}
                />
                <label htmlFor="createAccount">{t('checkout.createAccount')}</label>
              </div>
            )}
            {personal.wantsAccount ? (
              <>
                <Field
                  id="password"
                  type="password"
                  label={t('checkout.password')}
                  autoComplete="new-password"
                  required
                  value={p.password}
                  error={personalErrors.password}
                  onChange={(e) => personal.setPersonal({ password: e.target.value })}
                />
                <Field
                  id="passwordRepeat"
                  type="password"
                  label={t('checkout.passwordRepeat')}
                  autoComplete="new-password"
                  required
                  value={personal.passwordRepeat}
                  error={personalErrors.passwordRepeat}
                  onChange={(e) => personal.setPasswordRepeat(e.target.value)}
                />
              </>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('common.loading') : t('checkout.continue')}
            </button>
          </form>
        </StepSection>

        <StepSection
          step="shipping"
          current={step}
          title={t('checkout.shipping')}
          onEdit={() => setStep('shipping')}
          summary={
            <div>
              <p>
                {kind === 'pickup'
                  ? `${s.firstName} ${s.lastName}, ${s.phoneNumber}`
                  : `${s.firstName} ${s.lastName}, ${s.streetAddress} ${s.apartmentNumber}, ${s.city}, ${s.zipCode}, ${t(`checkout.country.${s.country as 'LT'}`)}`}
                <br />
                {chosenShipping ? methodLabel(chosenShipping) : null}
                {needsPickup && delivery.chosenPoint ? (
                  <>
                    <br />
                    {pickupLabel(delivery.chosenPoint)}
                  </>
                ) : null}
              </p>
              {needsPickup ? <OpeningHours hours={delivery.chosenPoint?.openingHours} /> : null}
            </div>
          }
        >
          <form ref={delivery.formRef} noValidate onSubmit={delivery.submit} aria-busy={busy}>
            {/* the delivery country and method first: they decide which fields are asked (see STEPS) */}
            {virtual ? null : (
              <>
                <CountrySelect
                  id="country"
                  section="shipping"
                  value={s.country}
                  onChange={(country) => delivery.setShipping({ country })}
                />
                {delivery.offeredMethods ? (
                  delivery.offeredMethods.length ? (
                    <fieldset
                      className="methods"
                      aria-invalid={methodError ? true : undefined}
                      aria-describedby={methodError ? 'shipping-method-error' : undefined}
                    >
                      <legend>{t('checkout.shippingMethod')}</legend>
                      {delivery.offeredMethods.map((m) => {
                        const id = `ship-${m.carrier_code}-${m.method_code}`;
                        return (
                          <div key={id} className="method">
                            <input
                              type="radio"
                              id={id}
                              name="shippingMethod"
                              checked={
                                s.shippingMethod?.carrier_code === m.carrier_code &&
                                s.shippingMethod?.method_code === m.method_code
                              }
                              onChange={() => delivery.chooseMethod(m)}
                            />
                            <label htmlFor={id}>
                              {methodLabel(m)}{' '}
                              <span className="price">
                                {methodPrice(m) > 0
                                  ? formatPrice(methodPrice(m), t.storeCode)
                                  : t('checkout.free')}
                              </span>
                            </label>
                          </div>
                        );
                      })}
                      {methodError ? (
                        <p id="shipping-method-error" className="field-error">
                          {methodError}
                        </p>
                      ) : null}
                    </fieldset>
                  ) : (
                    <p className="field-error">{t('checkout.noShippingMethods')}</p>
                  )
                ) : (
                  <p className="muted">{t('common.loading')}</p>
                )}
                {delivery.offlineNoPickup ? <p className="muted">{t('checkout.offlineNoPickup')}</p> : null}
              </>
            )}
            {needsPickup ? (
              <PickupPointPicker
                points={delivery.pickupPoints}
                value={delivery.chosenPoint?.id ?? null}
                error={pickupError}
                onChange={delivery.choosePoint}
              />
            ) : null}
            {kind === 'pickup' ? (
              <>
                <p className="muted pickup-note">{t('checkout.pickupAddressNote')}</p>
                <Field
                  id="phoneNumber"
                  type="tel"
                  label={t('checkout.phone')}
                  autoComplete="shipping tel"
                  required
                  value={s.phoneNumber}
                  error={shippingErrors.phoneNumber}
                  onChange={(e) => delivery.setShipping({ phoneNumber: e.target.value })}
                />
              </>
            ) : (
              <AddressFields
                section="shipping"
                // the names get their own ids (the personal step's are firstName, lastName)
                idOf={(f) => (f === 'firstName' || f === 'lastName' ? `shipping-${f}` : f)}
                value={s}
                errors={shippingErrors}
                onChange={delivery.setShipping}
                // a virtual cart has no methods above: the country is asked with the address
                withCountry={virtual}
              />
            )}
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
          summary={
            <p>
              {chosenPayment?.title ?? pd.paymentMethod}
              {/* a pickup order without a billing address of its own has no address to repeat */}
              {pd.sameAsShipping && kind === 'pickup' ? null : (
                <>
                  <br />
                  {t('checkout.billingAddress')}:{' '}
                  {pd.sameAsShipping
                    ? t('checkout.billingSameAsShipping')
                    : `${pd.firstName} ${pd.lastName}, ${pd.streetAddress} ${pd.apartmentNumber}, ${pd.city}, ${pd.zipCode}, ${t(`checkout.country.${pd.country as 'LT'}`)}`}
                </>
              )}
            </p>
          }
        >
          <form noValidate onSubmit={payment.submit}>
            {kind === 'pickup' ? (
              // no delivery address to copy: a billing address is given only when wanted (an invoice)
              <div className="field field-check">
                <input
                  type="checkbox"
                  id="billingAddressOwn"
                  checked={!pd.sameAsShipping}
                  onChange={(e) => payment.setBillingSameAsShipping(!e.target.checked)}
                />
                <label htmlFor="billingAddressOwn">{t('checkout.billingAddressAdd')}</label>
              </div>
            ) : (
              <div className="field field-check">
                <input
                  type="checkbox"
                  id="billingSameAsShipping"
                  checked={pd.sameAsShipping}
                  onChange={(e) => payment.setBillingSameAsShipping(e.target.checked)}
                />
                <label htmlFor="billingSameAsShipping">{t('checkout.billingSameAsShipping')}</label>
              </div>
            )}
            {pd.sameAsShipping ? null : (
              <fieldset className="billing-address">
                <legend>{t('checkout.billingAddress')}</legend>
                <AddressFields
                  section="billing"
                  idOf={(f) => `billing-${f}`}
                  value={pd}
                  errors={paymentErrors}
                  onChange={payment.setPaymentDetails}
                />
              </fieldset>
            )}
            <fieldset className="methods">
              <legend>{t('checkout.buyerType')}</legend>
              {(['natural', 'legal'] as const).map((type) => (
                <div key={type} className="method">
                  <input
                    type="radio"
                    id={`buyer-${type}`}
                    name="buyerType"
                    checked={pd.buyerType === type}
                    onChange={() => payment.setPaymentDetails({ buyerType: type })}
                  />
                  <label htmlFor={`buyer-${type}`}>
                    {t(type === 'legal' ? 'checkout.legalPerson' : 'checkout.naturalPerson')}
                  </label>
                </div>
              ))}
            </fieldset>
            {pd.buyerType === 'legal' ? (
              <>
                <Field
                  id="company"
                  label={t('checkout.company')}
                  autoComplete="organization"
                  required
                  value={pd.company}
                  error={paymentErrors.company}
                  onChange={(e) => payment.setPaymentDetails({ company: e.target.value })}
                />
                <Field
                  id="companyCode"
                  label={t('checkout.companyCode')}
                  required
                  value={pd.companyCode}
                  error={paymentErrors.companyCode}
                  onChange={(e) => payment.setPaymentDetails({ companyCode: e.target.value })}
                />
                <Field
                  id="vatCode"
                  label={t('checkout.vatCode')}
                  value={pd.vatCode}
                  error={paymentErrors.vatCode}
                  onChange={(e) => payment.setPaymentDetails({ vatCode: e.target.value })}
                />
                <Field
                  id="taxId"
                  label={t('checkout.taxId')}
                  value={pd.taxId}
                  error={paymentErrors.taxId}
                  onChange={(e) => payment.setPaymentDetails({ taxId: e.target.value })}
                />
              </>
            ) : null}
            <fieldset className="methods">
              <legend>{t('checkout.paymentMethod')}</legend>
              {payment.offered.map((m) => (
                <div key={m.code} className="method">
                  <input
                    type="radio"
                    id={`pay-${m.code}`}
                    name="paymentMethod"
                    checked={pd.paymentMethod === m.code}
                    onChange={() => payment.choose(m.code)}
                  />
                  <label htmlFor={`pay-${m.code}`}>
                    {m.title}
                    {m.cost_incl_tax ? (
                      <>
                        {' '}
                        <span className="price">{formatPrice(m.cost_incl_tax, t.storeCode)}</span>
                      </>
                    ) : null}
                  </label>
                </div>
              ))}
            </fieldset>
            {pd.paymentMethod === PAYMENT_NEOPAY ? (
              <BankSelector
                banks={payment.banks}
                loading={payment.banks === null}
                value={pd.paymentMethodAdditional.bank}
                onChange={(bic) =>
                  payment.setPaymentDetails({ paymentMethodAdditional: bic ? { bank: bic } : {} })
                }
              />
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={!pd.paymentMethod || busy}>
              {busy ? t('common.loading') : t('checkout.continue')}
            </button>
          </form>
        </StepSection>

        <StepSection
          step="review"
          current={step}
          title={t('checkout.review')}
          onEdit={() => setStep('review')}
        >
          <form noValidate onSubmit={review.placeOrder} aria-busy={busy}>
            <ReviewDetails
              shipping={chosenShipping && !virtual ? methodLabel(chosenShipping) : null}
              point={needsPickup ? delivery.chosenPoint : null}
              payment={chosenPayment?.title ?? pd.paymentMethod ?? ''}
              bank={payment.chosenBankName}
              details={pd}
            />
            {/* on a phone the order's lines and totals come before "Place order" (the aside is below) */}
            <div className="review-summary" data-testid="review-summary">
              <SummaryLines items={cartState.items} totals={cartState.totals} />
              {cartState.totals ? <CartTotals totals={cartState.totals} shippingChosen /> : null}
            </div>
            {estimate ? (
              <OfflineEstimate estimate={estimate} />
            ) : totalsConfirmed ? null : (
              <p className="muted">{t('checkout.totalsUnconfirmed')}</p>
            )}
            <div className="field field-check">
              <input
                type="checkbox"
                id="terms"
                checked={terms}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'terms-error' : undefined}
                onChange={(e) => review.setTerms(e.target.checked)}
              />
              <label htmlFor="terms">{t('checkout.terms')}</label>{' '}
              <Link
                className="terms-link"
                to={staticPagePath('purchase-sales-rules', t.storeCode)}
                target="_blank"
                rel="noopener"
              >
                {t('checkout.termsRead')}
              </Link>
              {termsError ? (
                <p id="terms-error" className="field-error">
                  {termsError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn btn-primary btn-large" disabled={busy || redirecting}>
              {redirecting
                ? t('checkout.redirecting')
                : busy
                  ? t('checkout.placing')
                  : totalsConfirmed && cartState.totals
                    ? // the final total, as the server answered it for the chosen methods
                      t('checkout.placeOrderTotal', {
                        total: formatPrice(cartState.totals.grand_total, t.storeCode),
                      })
                    : t('checkout.placeOrder')}
            </button>
          </form>
        </StepSection>
      </div>

      <aside
        className={`checkout-summary${step === 'review' ? ' at-review' : ''}`}
        aria-labelledby="summary-title"
      >
        <h2 id="summary-title">{t('checkout.summary')}</h2>
        <SummaryLines items={cartState.items} totals={cartState.totals} />
        {cartState.totals ? (
          // from the payment step on, the totals are those of the chosen shipping method
          <CartTotals totals={cartState.totals} shippingChosen={step === 'payment' || step === 'review'} />
        ) : null}
      </aside>
    </div>
  );
}

/**
 * What the review repeats before the order is placed (issue #13 "Paying"): the delivery method
 * and pickup point (the store with its opening hours), the payment method, the chosen bank by its
 * name, and a legal person's company details.
 */
function ReviewDetails({
  shipping,
  point,
  payment,
  bank,
  details,
}: {
  shipping: string | null;
  point: ChosenPickupPoint | null;
  payment: string;
  bank: string | null;
  details: PaymentDetails;
}) {
  const t = useT();
  const legal = details.buyerType === 'legal';
  return (
    <div className="review-details" data-testid="review-details">
      {shipping ? (
        <div className="review-delivery">
          <p>
            {t('checkout.deliveryTo', { method: shipping })}
            {point ? (
              <>
                <br />
                {pickupLabel(point)}
              </>
            ) : null}
          </p>
          {point ? <OpeningHours hours={point.openingHours} /> : null}
        </div>
      ) : null}
      <p>
        {payment}
        {bank ? (
          <>
            <br />
            {t('checkout.chosenBank', { bank })}
          </>
        ) : null}
      </p>
      {legal ? (
        <p>
          {t('checkout.buyerCompany', { company: details.company, code: details.companyCode })}
          {details.vatCode.trim() ? (
            <>
              <br />
              {t('checkout.buyerVat', { code: details.vatCode.trim() })}
            </>
          ) : null}
          {details.taxId.trim() ? (
            <>
              <br />
              {t('checkout.buyerTaxId', { code: details.taxId.trim() })}
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
