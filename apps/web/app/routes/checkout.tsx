import {
  cartHash,
  deliveryKindOf,
  formatPrice,
  staticPagePath,
  isVirtualCart,
  validateTermsAccepted,
  PAYMENT_NEOPAY,
} from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { checkoutAddress, checkoutBillingAddress } from '../lib/address-form';
import { ApiError } from '../lib/api';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import type { Bank, PaymentMethod, PickupPoint, ShippingMethod } from '../lib/types';
import { useApi } from '../lib/use-api';
import { cart, useCart } from '../state/cart';
import {
  afterOrderPlaced,
  billingAddressOf,
  changeCheckout,
  checkout,
  idempotencyKeyFor,
  updateCheckout,
  useCheckout,
  withBillingSameAsShipping,
  withConfirmedBilling,
  withPersonalDetails,
  type AddressDetails,
  type ChosenPickupPoint,
  type PaymentDetails,
  type PersonalDetails,
  type ShippingDetails,
} from '../state/checkout';
import { notify } from '../state/notifications';
import { ui } from '../state/ui';
import { useOnline } from '../pwa/connection';
import { isLoggedIn, user, useUser } from '../state/user';
import { QueuedOrderPanel } from '../components/QueuedOrderPanel';
import { queueOrder, rememberEstimate, shouldQueueOrder } from '../sync/offline-orders';
import { offlineMethodsFor, useCachedCheckoutOptions } from '../state/checkout-options';
import {
  validateDelivery,
  validatePayment,
  validatePersonal,
  type FieldMessages,
  type PersonalForm,
} from '../features/checkout/rules/form-errors';
import {
  NO_SHIPPING,
  chosenPointOf,
  defaultShippingMethod,
  keepsShippingMethod,
  methodLabel,
  methodPrice,
} from '../features/checkout/rules/shipping-methods';
import {
  canPlaceOrder,
  defaultPaymentMethod,
  keepsPaymentMethod,
  offeredPaymentMethods,
  redirectsToProvider,
} from '../features/checkout/rules/payment-methods';
import { orderCompletedPath, orderPayload, reviewEstimate } from '../features/checkout/rules/order-payload';
import { STEPS, type Step } from '../features/checkout/rules/steps';

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

export default function Checkout() {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const cartState = useCart();
  const details = useCheckout();
  const loggedIn = useUser(isLoggedIn);
  const [step, setStep] = useState<Step>('personal');
  const [personalErrors, setPersonalErrors] = useState<FieldMessages<PersonalForm>>({});
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [paymentErrors, setPaymentErrors] = useState<FieldMessages<PaymentDetails>>({});
  const [pickup, setPickup] = useState<{ key: string; list: PickupPoint[] } | null>(null);
  const [pickupError, setPickupError] = useState<string | null>(null);
  const [banks, setBanks] = useState<{ country: string; list: Bank[] } | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [shippingErrors, setShippingErrors] = useState<FieldMessages<AddressDetails>>({});
  /** the delivery methods offered for a country (asked first: they decide which fields are needed) */
  const [methods, setMethods] = useState<{ forCountry: string; list: ShippingMethod[] } | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [payments, setPayments] = useState<PaymentMethod[]>([]);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the queued order shown in this tab stays on screen when another tab sends it and clears the
  // flag: the panel then follows it to the order's thank-you page (issue #5 "Offline orders")
  const [shownQueued, setShownQueued] = useState<string | null>(null);
  useEffect(() => {
    if (details.queuedOrderId) setShownQueued(details.queuedOrderId);
  }, [details.queuedOrderId]);
  // a new visit: the thank-you state of an earlier order ends (an order still queued keeps it)
  useEffect(() => {
    void checkout.ready.then(() => {
      const st = checkout.get();
      if (st.isThankYouPage && !st.queuedOrderId) updateCheckout({ isThankYouPage: false });
    });
  }, []);
  const personalForm = useRef<HTMLFormElement>(null);
  const shippingForm = useRef<HTMLFormElement>(null);
  /** the latest payment choice sent to the cart: an older answer arriving later is not shown */
  const paymentSync = useRef(0);
  /** the payment method the cart's totals were answered for (null: not confirmed by the server) */
  const [totalsPayment, setTotalsPayment] = useState<string | null>(null);

  const p = details.personalDetails;
  const s = details.shippingDetails;
  const pd = details.paymentDetails;
  // the shipping names follow the personal ones until edited (state/checkout.ts withPersonalDetails)
  const setPersonal = (patch: Partial<PersonalDetails>) =>
    changeCheckout((st) => withPersonalDetails(st, patch));
  const setShipping = (patch: Partial<ShippingDetails>) =>
    updateCheckout({ shippingDetails: { ...s, ...patch } });
  const setPaymentDetails = (patch: Partial<PaymentDetails>) =>
    updateCheckout({ paymentDetails: { ...pd, ...patch } });
  const failed = (e: unknown) =>
    notify({
      type: 'error',
      message: [
        t.msg(e instanceof ApiError ? e.message : 'error.generic'),
        // "Some of the ordered products are not available!" names them (the API's `products` errors)
        ...(e instanceof ApiError
          ? (e.errors ?? []).filter((x) => x.field === 'products').map((x) => x.message)
          : []),
      ].join(' '),
    });

  const cartId = cartState.cartServerToken;
  // the methods cached while online: a cart filled offline goes through checkout with them
  const cachedOptions = useCachedCheckoutOptions(t.storeCode);
  const virtual = isVirtualCart(cartState.items);
  const chosenCarrier = s.shippingMethod?.carrier_code ?? null;
  const chosenShipping = methods?.list.find(
    (m) =>
      m.carrier_code === s.shippingMethod?.carrier_code && m.method_code === s.shippingMethod?.method_code,
  );
  const kind = deliveryKindOf(chosenShipping, virtual);
  const needsPickup = Boolean(chosenShipping?.needs_pickup_point);
  /**
   * The methods of a country (`POST /cart/shipping-methods`, which also tells the cart the
   * country), the default one chosen unless the shopper's choice is among them.
   */
  const loadMethods = async (country: string): Promise<ShippingMethod[]> => {
    if (methods?.forCountry === country) return methods.list;
    // a cart filled offline (no server id yet, issue #14 item 10): the methods cached while online
    const found = (
      cartId
        ? await api.cart.shippingMethods(cartId, { countryId: country })
        : (offlineMethodsFor(cachedOptions, country)?.shipping ?? [])
    ).filter((m) => m.available !== false);
    setMethods({ forCountry: country, list: found });
    const chosen = checkout.get().shippingDetails.shippingMethod;
    if (!keepsShippingMethod(found, chosen)) {
      const next = defaultShippingMethod(found);
      updateCheckout({ shippingDetails: { ...checkout.get().shippingDetails, shippingMethod: next } });
    }
    return found;
  };
  // the delivery step opens with its methods (and again when the country changes)
  useEffect(() => {
    if (step !== 'shipping' || virtual || (!cartId && !cachedOptions) || methods?.forCountry === s.country)
      return;
    let live = true;
    loadMethods(s.country).catch((err: unknown) => live && failed(err));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, virtual, cartId, cachedOptions, s.country, methods?.forCountry]);
  // the pickup points of the chosen parcel-locker or store carrier, in the cart's country (the
  // methods' request told the cart the country)
  const pickupKey = `${chosenCarrier ?? ''}/${methods?.forCountry ?? ''}`;
  useEffect(() => {
    if (!needsPickup || !chosenCarrier || !cartId || pickup?.key === pickupKey) return;
    let live = true;
    api
      .pickupPoints(chosenCarrier, cartId)
      .then((list) => {
        if (!live) return;
        setPickup({ key: pickupKey, list });
        // one point (the shop's own store): chosen for the shopper, shown with its hours
        const only = list.length === 1 ? list[0] : undefined;
        const current = checkout.get().pickupPoint;
        if (only && current?.id !== only.id) updateCheckout({ pickupPoint: chosenPointOf(only) });
      })
      .catch((err: unknown) => live && failed(err));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsPickup, pickupKey, cartId]);
  // NEOPAY: the banks of the shipping country for the bank selector
  const country = s.country;
  const wantsBanks = pd.paymentMethod === PAYMENT_NEOPAY;
  useEffect(() => {
    if (!wantsBanks || banks?.country === country) return;
    let live = true;
    api.payment
      .neopayBanks(country)
      .then((list) => live && setBanks({ country, list }))
      // no list: the shopper chooses the bank on NEOPAY's page
      .catch(() => live && setBanks({ country, list: [] }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsBanks, country]);

  // a cart filled offline has no server cart yet (issue #14 item 10): online, it is connected now
  // (the sync creates the server cart and sends its lines) instead of the checkout calling it empty
  const online = useOnline();
  const unconnected = cartState.loaded && cartState.items.length > 0 && !cartState.cartServerToken;
  useEffect(() => {
    if (unconnected && online) cart.sync(api).catch((err: unknown) => failed(err));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unconnected, online]);

  // an order queued on the device while offline: the thank-you page shows it as queued (issue #5)
  const queuedId = details.queuedOrderId ?? shownQueued;
  if (queuedId) return <QueuedOrderPanel taskId={queuedId} onBack={() => setShownQueued(null)} />;
  if (!cartState.loaded) return <p>{t('common.loading')}</p>;
  const token = cartState.cartServerToken;
  // a cart with no server id yet: online it is being connected; offline it goes on with the cached
  // methods, unless the device has none (or the shop refused the cart: sync disabled)
  if (cartState.items.length && !token && (online || cartState.syncDisabled || !cachedOptions)) {
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
  if (!cartState.items.length) {
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

  /**
   * Tells the cart the chosen payment method (`POST /cart/collect-totals`) and shows the totals it
   * answers: the method's fee is then a summary line, and the grand total shown is the one the
   * order charges (issue #12 item 5: the fee used to appear only on the order).
   */
  const syncPayment = async (code: string) => {
    const sent = ++paymentSync.current;
    setTotalsPayment(null);
    // a cart filled offline has no server totals: the review shows an estimate instead
    if (!token) return;
    const totals = await api.cart.collectTotals(token, code);
    if (sent !== paymentSync.current) return;
    cart.setTotals(totals);
    setTotalsPayment(code);
  };
  /**
   * Offline the checkout still goes on (the order is queued on the device, issue #5): the review
   * then says its totals are not confirmed instead of showing a total without the fee as final.
   */
  const offline = (err: unknown) => shouldQueueOrder(err, navigator.onLine) === 'offline';
  const choosePayment = (code: string) => {
    setPaymentDetails({ paymentMethod: code });
    syncPayment(code).catch((err: unknown) => (offline(err) ? undefined : failed(err)));
  };

  const submitPersonal = async (e: FormEvent) => {
    e.preventDefault();
    const wantsAccount = p.createAccount && !loggedIn;
    const errors = validatePersonal(t, { ...p, createAccount: wantsAccount, passwordRepeat });
    setPersonalErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(personalForm.current);
    if (wantsAccount) {
      // "Create an account" (issue #14 item 9): the account is made and the shopper logged in now,
      // so the cart moves to the account and the order placed at the end belongs to it
      setBusy(true);
      try {
        await user.register(api, {
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
    setStep('shipping');
  };

  const submitShipping = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      let list: PaymentMethod[];
      // a cart filled offline (no server id yet, issue #14 item 10): the methods cached while online
      const cached = token ? null : offlineMethodsFor(cachedOptions, s.country);
      if (virtual) {
        // Nothing to ship: no shipping method; cash on delivery is hidden (spec §5).
        const errors = validateDelivery(t, s, 'none');
        setShippingErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(shippingForm.current);
        setShipping({ shippingMethod: NO_SHIPPING });
        list = token ? await api.cart.paymentMethods(token) : (cached?.payments ?? []);
      } else {
        const found = await loadMethods(s.country);
        const chosen = checkout.get().shippingDetails.shippingMethod;
        const method = found.find(
          (m) => m.carrier_code === chosen?.carrier_code && m.method_code === chosen.method_code,
        );
        setMethodError(method ? null : t.msg('validation.required'));
        if (!method || !chosen) return;
        const methodKind = deliveryKindOf(method);
        // a parcel locker or the store: the recipient is the buyer, whose names are not asked again
        if (methodKind === 'pickup')
          changeCheckout((st) => ({
            ...st,
            shippingDetails: { ...st.shippingDetails, firstName: p.firstName, lastName: p.lastName },
          }));
        const delivery = checkout.get().shippingDetails;
        const errors = validateDelivery(t, delivery, methodKind);
        setShippingErrors(errors);
        let pointChosen = true;
        if (method.needs_pickup_point) {
          const point = checkout.get().pickupPoint;
          pointChosen = Boolean(
            point && pickup?.key === pickupKey && pickup.list.some((x) => x.id === point.id),
          );
          setPickupError(pointChosen ? null : t.msg('validation.required'));
        }
        if (Object.keys(errors).length || !pointChosen) return focusFirstInvalid(shippingForm.current);
        const address = checkoutAddress(p.emailAddress, delivery, methodKind);
        if (!token) list = cached?.payments ?? [];
        else {
          const answer = await api.cart.shippingInformation(token, {
            shippingAddress: address,
            billingAddress: address,
            shippingCarrierCode: chosen.carrier_code,
            shippingMethodCode: chosen.method_code,
          });
          cart.setTotals(answer.totals);
          list = answer.payment_methods?.length
            ? answer.payment_methods
            : await api.cart.paymentMethods(token);
        }
      }
      list = offeredPaymentMethods(list, virtual);
      setPayments(list);
      const current = checkout.get().paymentDetails.paymentMethod;
      let chosenPayment = keepsPaymentMethod(list, current) ? current : null;
      if (!chosenPayment) {
        chosenPayment = defaultPaymentMethod(list);
        setPaymentDetails({ paymentMethod: chosenPayment });
      }
      // the cart may still hold an earlier choice: the totals shown are for the method shown
      if (chosenPayment) await syncPayment(chosenPayment);
      setStep('payment');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPayment = async (e: FormEvent) => {
    e.preventDefault();
    const errors = validatePayment(t, checkout.get().paymentDetails);
    setPaymentErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    // "same as shipping": paymentDetails now holds the billing address the order is sent with
    changeCheckout(withConfirmedBilling);
    const code = checkout.get().paymentDetails.paymentMethod;
    if (!code) return;
    // the review shows the totals of this method, answered by the server, before the order is placed
    setBusy(true);
    try {
      await syncPayment(code);
      setStep('review');
    } catch (err) {
      if (offline(err)) setStep('review');
      else failed(err);
    } finally {
      setBusy(false);
    }
  };

  const placeOrder = async (e: FormEvent) => {
    e.preventDefault();
    const termsCheck = validateTermsAccepted(terms);
    setTermsError(termsCheck ? t.msg(termsCheck.key) : null);
    const chosen = checkout.get().shippingDetails.shippingMethod;
    const payment = checkout.get().paymentDetails.paymentMethod;
    if (termsCheck || !chosen || !payment) return;
    const method = payments.find((m) => m.code === payment);
    if (!canPlaceOrder(method)) return failed(new ApiError(400, 'error.generic'));
    // a pickup order sends no home address (a street typed for a courier before is not sent)
    const address = checkoutAddress(p.emailAddress, s, kind);
    const billingAddress = checkoutBillingAddress(p.emailAddress, billingAddressOf(checkout.get()), pd, kind);
    const bank = payment === PAYMENT_NEOPAY ? pd.paymentMethodAdditional.bank : undefined;
    const point = needsPickup ? checkout.get().pickupPoint : null;
    const key = idempotencyKeyFor(cartHash(cartState.items, token));
    setBusy(true);
    try {
      const payload = orderPayload({
        cartToken: token,
        items: cartState.items,
        shippingAddress: address,
        billingAddress,
        shippingMethod: chosen,
        paymentMethod: payment,
        bank,
        pickupPointId: point?.id ?? null,
        personal: p,
        idempotencyKey: key,
      });
      // Offline, or a server error: the order is queued on the device with its idempotency key as
      // the task id, so it is created exactly once whenever it is sent (issue #5 "Offline orders").
      const queueIt = async (why: 'offline' | 'server-error') => {
        await queueOrder(payload);
        // the estimate shown, to tell the shopper if the server's total differs (issue #14 item 10)
        if (estimate) await rememberEstimate(key, estimate.grand_total);
        if (why === 'server-error') notify({ type: 'warning', message: t.msg('order.queued') });
        updateCheckout({ queuedOrderId: key, isThankYouPage: true });
      };
      if (!navigator.onLine || !token) return await queueIt('offline');
      let order;
      try {
        order = await api.order.create(payload);
      } catch (err) {
        const why = shouldQueueOrder(err, navigator.onLine);
        if (!why) throw err;
        return await queueIt(why);
      }
      // 200: order timestamp stored, cart cleared without server sync, password emptied (spec §4)
      afterOrderPlaced(200, () => cart.clear());
      if (redirectsToProvider(payment)) {
        // the provider's page, built from the cart id (and the chosen bank for NEOPAY)
        setRedirecting(true);
        window.location.assign(api.payment.redirectUrl(payment, token, bank));
        return;
      }
      await navigate(orderCompletedPath(t.storeCode, order));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const chosenPayment = payments.find((m) => m.code === pd.paymentMethod);
  const totalsConfirmed = totalsPayment !== null && totalsPayment === pd.paymentMethod;
  // a cart filled offline: what the shopper is told to expect, from the prices last seen (domain rule)
  const estimate = token
    ? null
    : reviewEstimate(
        cartState.items,
        virtual ? null : (chosenShipping ?? null),
        chosenPayment?.cost_incl_tax ?? 0,
      );

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
              <button type="button" className="btn-link" onClick={() => ui.openAuth('login')}>
                {t('checkout.logIn')}
              </button>
            </p>
          )}
          <form ref={personalForm} noValidate onSubmit={submitPersonal} aria-busy={busy}>
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
            {p.createAccount && !loggedIn ? (
              <>
                <Field
                  id="password"
                  type="password"
                  label={t('checkout.password')}
                  autoComplete="new-password"
                  required
                  value={p.password}
                  error={personalErrors.password}
                  onChange={(e) => setPersonal({ password: e.target.value })}
                />
                <Field
                  id="passwordRepeat"
                  type="password"
                  label={t('checkout.passwordRepeat')}
                  autoComplete="new-password"
                  required
                  value={passwordRepeat}
                  error={personalErrors.passwordRepeat}
                  onChange={(e) => setPasswordRepeat(e.target.value)}
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
                {needsPickup && details.pickupPoint ? (
                  <>
                    <br />
                    {pickupLabel(details.pickupPoint)}
                  </>
                ) : null}
              </p>
              {needsPickup ? <OpeningHours hours={details.pickupPoint?.openingHours} /> : null}
            </div>
          }
        >
          <form ref={shippingForm} noValidate onSubmit={submitShipping} aria-busy={busy}>
            {/* the delivery country and method first: they decide which fields are asked (see STEPS) */}
            {virtual ? null : (
              <>
                <CountrySelect
                  id="country"
                  section="shipping"
                  value={s.country}
                  onChange={(country) => setShipping({ country })}
                />
                {methods?.forCountry === s.country ? (
                  methods.list.length ? (
                    <fieldset
                      className="methods"
                      aria-invalid={methodError ? true : undefined}
                      aria-describedby={methodError ? 'shipping-method-error' : undefined}
                    >
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
                                s.shippingMethod?.carrier_code === m.carrier_code &&
                                s.shippingMethod?.method_code === m.method_code
                              }
                              onChange={() => {
                                setMethodError(null);
                                setShippingErrors({});
                                setShipping({
                                  shippingMethod: {
                                    carrier_code: m.carrier_code,
                                    method_code: m.method_code,
                                  },
                                });
                              }}
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
                {!token && methods?.forCountry === s.country ? (
                  <p className="muted">{t('checkout.offlineNoPickup')}</p>
                ) : null}
              </>
            )}
            {needsPickup ? (
              <PickupPointPicker
                points={pickup?.key === pickupKey ? pickup.list : []}
                value={details.pickupPoint?.id ?? null}
                error={pickupError}
                onChange={(point) => {
                  setPickupError(null);
                  updateCheckout({ pickupPoint: chosenPointOf(point) });
                }}
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
                  onChange={(e) => setShipping({ phoneNumber: e.target.value })}
                />
              </>
            ) : (
              <AddressFields
                section="shipping"
                // the names get their own ids (the personal step's are firstName, lastName)
                idOf={(f) => (f === 'firstName' || f === 'lastName' ? `shipping-${f}` : f)}
                value={s}
                errors={shippingErrors}
                onChange={setShipping}
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
          <form noValidate onSubmit={submitPayment}>
            {kind === 'pickup' ? (
              // no delivery address to copy: a billing address is given only when wanted (an invoice)
              <div className="field field-check">
                <input
                  type="checkbox"
                  id="billingAddressOwn"
                  checked={!pd.sameAsShipping}
                  onChange={(e) => changeCheckout((st) => withBillingSameAsShipping(st, !e.target.checked))}
                />
                <label htmlFor="billingAddressOwn">{t('checkout.billingAddressAdd')}</label>
              </div>
            ) : (
              <div className="field field-check">
                <input
                  type="checkbox"
                  id="billingSameAsShipping"
                  checked={pd.sameAsShipping}
                  onChange={(e) => changeCheckout((st) => withBillingSameAsShipping(st, e.target.checked))}
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
                  onChange={setPaymentDetails}
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
                    onChange={() => setPaymentDetails({ buyerType: type })}
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
                  onChange={(e) => setPaymentDetails({ company: e.target.value })}
                />
                <Field
                  id="companyCode"
                  label={t('checkout.companyCode')}
                  required
                  value={pd.companyCode}
                  error={paymentErrors.companyCode}
                  onChange={(e) => setPaymentDetails({ companyCode: e.target.value })}
                />
                <Field
                  id="vatCode"
                  label={t('checkout.vatCode')}
                  value={pd.vatCode}
                  error={paymentErrors.vatCode}
                  onChange={(e) => setPaymentDetails({ vatCode: e.target.value })}
                />
                <Field
                  id="taxId"
                  label={t('checkout.taxId')}
                  value={pd.taxId}
                  error={paymentErrors.taxId}
                  onChange={(e) => setPaymentDetails({ taxId: e.target.value })}
                />
              </>
            ) : null}
            <fieldset className="methods">
              <legend>{t('checkout.paymentMethod')}</legend>
              {payments.map((m) => (
                <div key={m.code} className="method">
                  <input
                    type="radio"
                    id={`pay-${m.code}`}
                    name="paymentMethod"
                    checked={pd.paymentMethod === m.code}
                    onChange={() => choosePayment(m.code)}
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
                banks={banks?.country === s.country ? banks.list : null}
                loading={banks?.country !== s.country}
                value={pd.paymentMethodAdditional.bank}
                onChange={(bic) => setPaymentDetails({ paymentMethodAdditional: bic ? { bank: bic } : {} })}
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
          <form noValidate onSubmit={placeOrder} aria-busy={busy}>
            <ReviewDetails
              shipping={chosenShipping && !virtual ? methodLabel(chosenShipping) : null}
              point={needsPickup ? details.pickupPoint : null}
              payment={chosenPayment?.title ?? pd.paymentMethod ?? ''}
              bank={
                pd.paymentMethod === PAYMENT_NEOPAY && pd.paymentMethodAdditional.bank
                  ? (banks?.list.find((b) => b.bic === pd.paymentMethodAdditional.bank)?.name ?? null)
                  : null
              }
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
                onChange={(e) => setTerms(e.target.checked)}
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
