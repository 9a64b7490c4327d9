/**
 * One interface for every payment provider (NEOPAY bank payment, MOKILIZINGAS financing), real or
 * sandbox: the payment service (service.ts) finds the order, records a payment attempt, asks the
 * provider where to send the browser, and applies the provider's VERIFIED answers (return redirect,
 * notification) to the order after checking the amount.
 */
import type { BankAnswer } from '@vitrina/domain';

export type PaymentStatus = 'pending' | 'paid' | 'cancelled' | 'failed';

/** what a provider needs to know of the order to ask for a payment */
export type PaymentRequest = {
  /** unique per payment attempt (payments.external_id): `<increment_id>-<random>` */
  transactionId: string;
  incrementId: string;
  amountCents: number;
  currency: string;
  storeCode: string;
  email: string;
  /** BIC of the bank chosen in the checkout (NEOPAY), if any */
  bank?: string | undefined;
  /** where the provider sends the browser back (our return endpoint) */
  returnUrl: string;
  /** where the provider posts the notification (our notification endpoint) */
  notifyUrl: string;
};

/** a provider's answer whose signature was verified; the amount is still to be checked against the order */
export type VerifiedPayment = {
  transactionId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** the verified claims, kept with the payment */
  claims: Record<string, unknown>;
};

/** a bank of the NEOPAY selector: the shared contract (packages/domain contracts/shop-answers.ts) */
export type Bank = BankAnswer;

export interface PaymentProvider {
  /** the payment method code (payment_methods.code): NEOPAY, MOKILIZINGAS */
  readonly code: string;
  /** path segment of the provider's routes: /vsbridge/{slug}/payment/... */
  readonly slug: string;
  /** true: no credentials, the local sandbox page stands in for the provider */
  readonly sandbox: boolean;
  createPayment(request: PaymentRequest): { redirectUrl: string };
  /** the browser came back: the query of the return URL; undefined when nothing verifiable was given */
  handleReturn(params: Record<string, unknown>): VerifiedPayment | undefined;
  /** the provider's server-to-server notification; undefined when the signature does not verify */
  handleCallback(body: unknown): VerifiedPayment | undefined;
  /** banks to choose from (NEOPAY) */
  banks?(country?: string): Promise<Bank[]>;
  /**
   * Sandbox only: what the provider would do once the tester chose an outcome on the sandbox page:
   * the verified request, and the signed notification body and return URL it answers with.
   */
  sandboxAnswer?(
    requestToken: string,
    outcome: PaymentStatus,
  ): { request: SandboxRequest; notification: Record<string, string>; returnUrl: string } | undefined;
  /**
   * The provider's own refund of a payment (part or all of it). Undefined: the provider has no refund
   * call this shop can make (no public protocol); the refund is then made by hand (order/refunds.ts).
   */
  refund?(call: RefundCall): Promise<RefundAnswer | undefined>;
  /** Sandbox only: the verified request behind a sandbox page token (for showing it) */
  sandboxRequest?(requestToken: string): SandboxRequest | undefined;
}

export type RefundCall = {
  /** our refund's id: the provider's idempotency key, so a repeated call refunds once */
  refundId: number;
  /** the payment's transaction (payments.external_id) */
  transactionId: string;
  amountCents: number;
  currency: string;
  reason: string;
};

/** `done`: the money went back; `pending`: accepted, to be confirmed later */
export type RefundAnswer = { status: 'done' | 'pending'; externalId: string };

export type SandboxRequest = {
  transactionId: string;
  amountCents: number;
  currency: string;
  purpose: string;
  bank?: string | undefined;
  locale: string;
};

/** decimal euros (2 places) of cents, as NEOPAY wants the amount */
export const euros = (cents: number) => Math.round(cents) / 100;

/** cents of a decimal amount (number or numeric string), or NaN */
export function centsOf(amount: unknown): number {
  const n =
    typeof amount === 'number'
      ? amount
      : typeof amount === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(amount)
        ? Number(amount)
        : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
}

/** the providers' status words onto ours; unknown words are `pending` (never paid by accident) */
export function mapStatus(raw: unknown): PaymentStatus {
  const s = String(raw ?? '').toLowerCase();
  if (['success', 'paid', 'completed', 'executed', 'approved'].includes(s)) return 'paid';
  if (['canceled', 'cancelled', 'cancel', 'abandoned'].includes(s)) return 'cancelled';
  if (['failed', 'failure', 'rejected', 'error', 'declined', 'expired'].includes(s)) return 'failed';
  return 'pending';
}
