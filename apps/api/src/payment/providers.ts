/**
 * The two providers behind `PaymentProvider` (provider.ts), both HS256-JWT based:
 *
 * NEOPAY (STACK-NOTES.md "Payment providers: public facts found"): the payment request is a JWT
 * signed with the project key, payload `{ projectId, amount (decimal euros), currency,
 * transactionId, paymentPurpose, serviceType: 'pisp', clientRedirectUrl, defaultLocale, bank? }`,
 * and the browser goes to `{NEOPAY_API_URL}/widget.html?{token}`. NEOPAY answers with signed tokens:
 * on the redirect back (`?token=` or `?data=`) and in the notification it posts (`token` or `data`).
 * Their payload lists the transactions: `{ transactions: { <transactionId>: { status, amount,
 * currency } } }` (a flat `{ transactionId, status, amount, currency }` is accepted too). Banks
 * come from `{NEOPAY_API_URL}/api/countries/{projectId}` (countries with their banks: `aspsps`).
 *
 * MOKILIZINGAS: no public protocol. Same shape: a request JWT `{ merchantId, orderId, amount,
 * currency, returnUrl, callbackUrl, locale, email }` signed with MOKILIZINGAS_SECRET, the browser
 * sent to `{MOKILIZINGAS_URL}?token=`, and a signed callback `{ token }` whose payload is
 * `{ orderId, status, amount, currency }`. To be aligned with the provider's real contract when it
 * is known; everything outside this file stays as it is.
 *
 * Without credentials each runs in SANDBOX mode: the same code path, with a key derived from the
 * shop's secret and the local sandbox page (`/vsbridge/payment/sandbox/{slug}`) as "the provider".
 */
import { signJwt, verifyJwt, MAX_TOKEN_LENGTH } from './jwt.ts';
import {
  centsOf,
  euros,
  mapStatus,
  type Bank,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RefundAnswer,
  type RefundCall,
  type SandboxRequest,
  type VerifiedPayment,
} from './provider.ts';

const LOCALES: Record<string, string> = { lt: 'LT', en: 'EN', ru: 'RU' };
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** the token of a return query or notification body: `token` or `data` */
function tokenOf(input: unknown): string | undefined {
  if (typeof input === 'string') return input.length <= MAX_TOKEN_LENGTH ? input : undefined;
  if (!isObject(input)) return undefined;
  const t = input.token ?? input.data;
  return typeof t === 'string' && t.length <= MAX_TOKEN_LENGTH ? t : undefined;
}

/** the sandbox's word for each outcome, as the real provider would say it */
const SANDBOX_WORDS: Record<PaymentStatus, string> = {
  paid: 'success',
  cancelled: 'canceled',
  failed: 'failed',
  pending: 'pending',
};

abstract class JwtProvider implements PaymentProvider {
  abstract readonly code: string;
  abstract readonly slug: string;
  constructor(
    protected readonly key: string | Buffer,
    readonly sandbox: boolean,
  ) {}

  protected abstract requestPayload(req: PaymentRequest): Record<string, unknown>;
  protected abstract redirectTo(token: string): string;
  protected abstract transaction(
    claims: Record<string, unknown>,
  ): { transactionId: unknown; status: unknown; amount: unknown; currency: unknown } | undefined;
  protected abstract sandboxOf(
    claims: Record<string, unknown>,
  ): (SandboxRequest & { returnUrl: string }) | undefined;
  protected abstract answerClaims(request: SandboxRequest, outcome: PaymentStatus): Record<string, unknown>;

  createPayment(req: PaymentRequest) {
    return { redirectUrl: this.redirectTo(signJwt(this.requestPayload(req), this.key)) };
  }

  private verified(input: unknown): VerifiedPayment | undefined {
    const token = tokenOf(input);
    const claims = token ? verifyJwt(token, this.key) : undefined;
    const tx = claims ? this.transaction(claims) : undefined;
    if (!claims || !tx || typeof tx.transactionId !== 'string' || !tx.transactionId) return undefined;
    return {
      transactionId: tx.transactionId,
      status: mapStatus(tx.status),
      amountCents: centsOf(tx.amount),
      currency: typeof tx.currency === 'string' ? tx.currency.toUpperCase() : '',
      claims,
    };
  }

  handleReturn(params: Record<string, unknown>) {
    return this.verified(params);
  }

  /**
   * Refunds. NEOPAY sells refunds as a separate contracted service ("Refund payments service
   * agreement") whose API is not public, and MOKILIZINGAS publishes no protocol at all; so a live
   * provider answers undefined and the staff make the refund by hand (a to-do until they confirm it,
   * order/refunds.ts). The sandbox refunds in the sandbox at once: no money moves, as with its payments.
   */
  async refund(call: RefundCall): Promise<RefundAnswer | undefined> {
    if (!this.sandbox) return undefined;
    if (!Number.isInteger(call.amountCents) || call.amountCents <= 0)
      throw new Error('sandbox refund: amount must be positive cents');
    return { status: 'done', externalId: `sandbox-refund-${call.transactionId}-${call.refundId}` };
  }

  handleCallback(body: unknown) {
    return this.verified(body);
  }

  sandboxRequest(requestToken: string) {
    if (!this.sandbox) return undefined;
    const claims = verifyJwt(requestToken, this.key);
    const r = claims ? this.sandboxOf(claims) : undefined;
    if (!r) return undefined;
    const { returnUrl: _returnUrl, ...request } = r;
    return request;
  }

  sandboxAnswer(requestToken: string, outcome: PaymentStatus) {
    if (!this.sandbox) return undefined;
    const claims = verifyJwt(requestToken, this.key);
    const r = claims ? this.sandboxOf(claims) : undefined;
    if (!r) return undefined;
    const { returnUrl, ...request } = r;
    const answer = signJwt(
      { ...this.answerClaims(request, outcome), iat: Math.floor(Date.now() / 1000) },
      this.key,
    );
    const sep = returnUrl.includes('?') ? '&' : '?';
    return {
      request,
      notification: { token: answer },
      returnUrl: `${returnUrl}${sep}token=${encodeURIComponent(answer)}`,
    };
  }
}

// ---------------------------------------------------------------- NEOPAY

const SANDBOX_BANKS: Bank[] = [
  { bic: 'HABALT22', name: 'Swedbank', country: 'LT' },
  { bic: 'CBVILT2X', name: 'SEB bankas', country: 'LT' },
  { bic: 'AGBLLT2X', name: 'Luminor', country: 'LT' },
  { bic: 'CBSBLT26', name: 'Šiaulių bankas', country: 'LT' },
  { bic: 'REVOLT21', name: 'Revolut', country: 'LT' },
  { bic: 'HABALV22', name: 'Swedbank', country: 'LV' },
  { bic: 'UNLALV2X', name: 'SEB banka', country: 'LV' },
  { bic: 'HABAEE2X', name: 'Swedbank', country: 'EE' },
  { bic: 'EEUHEE2X', name: 'SEB Pank', country: 'EE' },
  { bic: 'LHVBEE22', name: 'LHV Pank', country: 'EE' },
].map((b) => ({ ...b, name: `${b.name} (sandbox)`, sandbox: true }));

const BANK_CACHE_MS = 60 * 60 * 1000;

export class NeopayProvider extends JwtProvider {
  readonly code = 'NEOPAY';
  readonly slug = 'neopay';
  private bankCache: { at: number; banks: Bank[] } | undefined;

  constructor(
    private readonly opts: {
      projectId: string;
      key: string | Buffer;
      /** `${base}/widget.html` for the real provider, the sandbox page otherwise */
      widgetUrl: string;
      /** real provider only: `${NEOPAY_API_URL}/api/countries/{projectId}` */
      countriesUrl?: string | undefined;
      sandbox: boolean;
      fetch?: typeof fetch;
    },
  ) {
    super(opts.key, opts.sandbox);
  }

  protected requestPayload(req: PaymentRequest) {
    return {
      projectId: /^\d+$/.test(this.opts.projectId) ? Number(this.opts.projectId) : this.opts.projectId,
      amount: euros(req.amountCents),
      currency: req.currency,
      transactionId: req.transactionId,
      paymentPurpose: paymentPurpose(req.incrementId, req.storeCode),
      serviceType: 'pisp',
      clientRedirectUrl: req.returnUrl,
      defaultLocale: LOCALES[req.storeCode] ?? 'LT',
      ...(req.bank ? { bank: req.bank } : {}),
    };
  }

  protected redirectTo(token: string) {
    return `${this.opts.widgetUrl}?${token}`;
  }

  protected transaction(claims: Record<string, unknown>) {
    if (isObject(claims.transactions)) {
      const [id, tx] = Object.entries(claims.transactions)[0] ?? [];
      if (!id || !isObject(tx)) return undefined;
      return {
        transactionId: tx.transactionId ?? id,
        status: tx.status,
        amount: tx.amount,
        currency: tx.currency,
      };
    }
    return {
      transactionId: claims.transactionId,
      status: claims.status,
      amount: claims.amount,
      currency: claims.currency,
    };
  }

  protected sandboxOf(c: Record<string, unknown>) {
    if (
      typeof c.transactionId !== 'string' ||
      typeof c.clientRedirectUrl !== 'string' ||
      c.serviceType !== 'pisp'
    )
      return undefined;
    return {
      transactionId: c.transactionId,
      amountCents: centsOf(c.amount),
      currency: String(c.currency ?? ''),
      purpose: String(c.paymentPurpose ?? ''),
      bank: typeof c.bank === 'string' ? c.bank : undefined,
      locale: String(c.defaultLocale ?? 'LT'),
      returnUrl: c.clientRedirectUrl,
    };
  }

  protected answerClaims(r: SandboxRequest, outcome: PaymentStatus) {
    return {
      action: 'payment_status',
      transactions: {
        [r.transactionId]: {
          transactionId: r.transactionId,
          status: SANDBOX_WORDS[outcome],
          amount: euros(r.amountCents),
          currency: r.currency,
          ...(r.bank ? { bank: r.bank } : {}),
        },
      },
    };
  }

  /** banks of a country (LT, LV, EE; anything else: all): the provider's list, or the sandbox's */
  async banks(country?: string): Promise<Bank[]> {
    const all = this.opts.countriesUrl ? await this.providerBanks() : SANDBOX_BANKS;
    const c = country?.toUpperCase();
    return c && ['LT', 'LV', 'EE'].includes(c) ? all.filter((b) => b.country === c) : all;
  }

  private async providerBanks(): Promise<Bank[]> {
    if (this.bankCache && Date.now() - this.bankCache.at < BANK_CACHE_MS) return this.bankCache.banks;
    const res = await (this.opts.fetch ?? fetch)(this.opts.countriesUrl as string, {
      signal: AbortSignal.timeout(5000),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`NEOPAY bank list answered ${res.status}`);
    const body = (await res.json()) as unknown;
    const countries = Array.isArray(body)
      ? body
      : isObject(body) && Array.isArray(body.countries)
        ? body.countries
        : [];
    const banks: Bank[] = [];
    for (const country of countries) {
      if (!isObject(country)) continue;
      const list = Array.isArray(country.aspsps)
        ? country.aspsps
        : Array.isArray(country.banks)
          ? country.banks
          : [];
      for (const b of list) {
        if (!isObject(b) || typeof b.bic !== 'string' || typeof b.name !== 'string' || b.isDisabled === true)
          continue;
        banks.push({
          bic: b.bic,
          name: b.name,
          country: String(country.code ?? ''),
          logo: typeof b.logo === 'string' ? b.logo : undefined,
        });
      }
    }
    this.bankCache = { at: Date.now(), banks };
    return banks;
  }
}

// ---------------------------------------------------------------- MOKILIZINGAS

export class MokilizingasProvider extends JwtProvider {
  readonly code = 'MOKILIZINGAS';
  readonly slug = 'mokilizingas';

  constructor(
    private readonly opts: { merchantId: string; key: string | Buffer; url: string; sandbox: boolean },
  ) {
    super(opts.key, opts.sandbox);
  }

  protected requestPayload(req: PaymentRequest) {
    return {
      merchantId: this.opts.merchantId,
      orderId: req.transactionId,
      amount: euros(req.amountCents),
      currency: req.currency,
      returnUrl: req.returnUrl,
      callbackUrl: req.notifyUrl,
      locale: (LOCALES[req.storeCode] ?? 'LT').toLowerCase(),
      email: req.email,
    };
  }

  protected redirectTo(token: string) {
    return `${this.opts.url}?token=${encodeURIComponent(token)}`;
  }

  protected transaction(c: Record<string, unknown>) {
    return { transactionId: c.orderId, status: c.status, amount: c.amount, currency: c.currency };
  }

  protected sandboxOf(c: Record<string, unknown>) {
    if (typeof c.orderId !== 'string' || typeof c.returnUrl !== 'string' || c.merchantId === undefined)
      return undefined;
    return {
      transactionId: c.orderId,
      amountCents: centsOf(c.amount),
      currency: String(c.currency ?? ''),
      purpose: paymentPurpose(c.orderId.split('-')[0] ?? '', String(c.locale ?? 'lt')),
      locale: String(c.locale ?? 'lt'),
      returnUrl: c.returnUrl,
    };
  }

  protected answerClaims(r: SandboxRequest, outcome: PaymentStatus) {
    return {
      orderId: r.transactionId,
      status: SANDBOX_WORDS[outcome],
      amount: euros(r.amountCents),
      currency: r.currency,
    };
  }
}

/**
 * The payment's purpose on the shopper's bank statement, in the store view's language (the lt and ru views said "Order 100000123").
 */
export function paymentPurpose(incrementId: string, storeCode: string): string {
  const word = { lt: 'Užsakymas', en: 'Order', ru: 'Заказ' }[storeCode.toLowerCase()] ?? 'Užsakymas';
  return `${word} ${incrementId}`;
}
