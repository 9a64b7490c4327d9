// After the sale (docs/legal.md): the withdrawal period (Directive 2011/83/EU art. 9, the shop's
// longer money-back promise where it is longer), which units of an order a withdrawal may still name,
// and the states of a return with the one moment its units go back to stock.
import { GRADE_KEYS, type GradeKey } from '../catalog/index.ts';
import { MONEY_BACK_DAYS } from '../base/index.ts';

/** the law's minimum for a distance contract: 14 days (Directive 2011/83/EU art. 9(1)) */
export const LEGAL_WITHDRAWAL_DAYS = 14;

/**
 * The default money-back promise in days (a new shop's settings); the API passes the promise of the
 * shop's settings (`moneyBackDays`) to the rules below, which fall back to this only in tests.
 */
export function moneyBackDays(): number {
  return MONEY_BACK_DAYS;
}

/** the withdrawal period the shop grants: the law's 14 days, or the longer promise */
export function withdrawalDays(promiseDays: number = moneyBackDays()): number {
  return Math.max(LEGAL_WITHDRAWAL_DAYS, Number.isFinite(promiseDays) ? Math.floor(promiseDays) : 0);
}

const DAY_MS = 86_400_000;

/**
 * The end of the withdrawal period: `days` whole days after the day the goods were delivered (or
 * the order completed), ending at the end of the last day (Regulation 1182/71: the day of the event
 * is not counted; the period ends at 24:00 of its last day). Days are counted in the shop's time zone
 * (Europe/Vilnius) by the caller passing the delivery instant; here the last instant is
 * `delivered + days` rounded up to the end of that calendar day in UTC+offset.
 * Before delivery there is no end yet: null (the buyer may withdraw from the order's placing on).
 */
export function withdrawalDeadline(
  deliveredAt: Date | null,
  days: number = withdrawalDays(),
  utcOffsetMinutes = vilniusOffsetMinutes(deliveredAt ?? new Date(0)),
): Date | null {
  if (!deliveredAt) return null;
  const local = deliveredAt.getTime() + utcOffsetMinutes * 60_000;
  const startOfDay = Math.floor(local / DAY_MS) * DAY_MS;
  const endLocal = startOfDay + (days + 1) * DAY_MS - 1;
  return new Date(endLocal - utcOffsetMinutes * 60_000);
}

/** Europe/Vilnius: UTC+3 from the last Sunday of March 01:00 UTC to the last Sunday of October, UTC+2 otherwise */
export function vilniusOffsetMinutes(at: Date): number {
  const y = at.getUTCFullYear();
  const lastSunday = (month: number) => {
    const d = new Date(Date.UTC(y, month + 1, 0, 1));
    d.setUTCDate(d.getUTCDate() - d.getUTCDay());
    return d.getTime();
  };
  const t = at.getTime();
  return t >= lastSunday(2) && t < lastSunday(9) ? 180 : 120;
}

export type WithdrawalWindow =
  | { open: true; deadline: Date | null }
  | { open: false; reason: 'cancelled' | 'expired'; deadline: Date | null };

/** whether a withdrawal may be declared now: from the placing to the deadline; never for a cancelled order */
export function withdrawalWindow(
  order: { status: string; deliveredAt: Date | null },
  now: Date,
  days: number = withdrawalDays(),
): WithdrawalWindow {
  const deadline = withdrawalDeadline(order.deliveredAt, days);
  if (order.status === 'cancelled') return { open: false, reason: 'cancelled', deadline };
  if (deadline && now.getTime() > deadline.getTime()) return { open: false, reason: 'expired', deadline };
  return { open: true, deadline };
}

export type OrderLineQty = { itemId: number; qty: number };

/**
 * Units of each line a new withdrawal or return may still name: the ordered quantity less the
 * units named by the order's earlier returns (a return not cancelled).
 */
export function remainingQty(
  ordered: readonly OrderLineQty[],
  returned: readonly OrderLineQty[],
): Map<number, number> {
  const left = new Map(ordered.map((l) => [l.itemId, l.qty]));
  for (const r of returned)
    if (left.has(r.itemId)) left.set(r.itemId, Math.max(0, (left.get(r.itemId) ?? 0) - r.qty));
  return left;
}

export type LineProblem = {
  index: number;
  key: 'withdrawal.unknownLine' | 'withdrawal.tooMany' | 'withdrawal.duplicateLine';
  left?: number;
};

/**
 * Checks the lines a buyer (or the staff) names against what is left: each line of the order at
 * most once, a positive quantity no larger than what is left. Answers the problems (none: valid).
 */
export function checkReturnLines(
  asked: readonly OrderLineQty[],
  left: ReadonlyMap<number, number>,
): LineProblem[] {
  const seen = new Set<number>();
  const problems: LineProblem[] = [];
  asked.forEach((l, index) => {
    if (!left.has(l.itemId)) problems.push({ index, key: 'withdrawal.unknownLine' });
    else if (seen.has(l.itemId)) problems.push({ index, key: 'withdrawal.duplicateLine' });
    else if (l.qty > (left.get(l.itemId) ?? 0))
      problems.push({ index, key: 'withdrawal.tooMany', left: left.get(l.itemId) ?? 0 });
    seen.add(l.itemId);
  });
  return problems;
}

// ---- returns

export const RETURN_REASONS = ['withdrawal', 'money_back', 'warranty'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * requested: announced (a withdrawal, or the staff expect the parcel); received: the units are at the
 * shop; inspected: checked; restocked: back in sellable stock (once); not_restocked: kept out of
 * stock, with the grade they came back in (e.g. damaged, to refurbish).
 */
export const RETURN_STATES = ['requested', 'received', 'inspected', 'restocked', 'not_restocked'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_ACTIONS = ['receive', 'inspect', 'restock', 'not_restock'] as const;
export type ReturnActionType = (typeof RETURN_ACTIONS)[number];

/** the grades a returned unit may come back in: the shop's grades, or unsellable */
export const RETURN_GRADES = [...GRADE_KEYS, 'unsellable'] as const;
export type ReturnGrade = GradeKey | 'unsellable';

export type ReturnAction =
  | { type: 'receive' }
  | { type: 'inspect' }
  | { type: 'restock' }
  | { type: 'not_restock'; grade: ReturnGrade };

const NEXT: Record<ReturnActionType, { from: readonly ReturnState[]; to: ReturnState }> = {
  receive: { from: ['requested'], to: 'received' },
  inspect: { from: ['received'], to: 'inspected' },
  restock: { from: ['inspected'], to: 'restocked' },
  not_restock: { from: ['inspected'], to: 'not_restocked' },
};

export type ReturnTransition =
  | { ok: true; state: ReturnState; restock: boolean; grade: ReturnGrade | null }
  | { ok: false; key: 'return.actionNotAllowed'; state: ReturnState };

/** the state after an action; `restock` true exactly when this transition puts the units back */
export function applyReturnAction(state: ReturnState, action: ReturnAction): ReturnTransition {
  const rule = NEXT[action.type];
  if (!rule.from.includes(state)) return { ok: false, key: 'return.actionNotAllowed', state };
  return {
    ok: true,
    state: rule.to,
    restock: action.type === 'restock',
    grade: action.type === 'not_restock' ? action.grade : null,
  };
}

/** the actions open in a state (the back office's buttons) */
export function returnActionsFor(state: ReturnState): ReturnActionType[] {
  return RETURN_ACTIONS.filter((a) => NEXT[a].from.includes(state));
}

export const isReturnState = (s: unknown): s is ReturnState => RETURN_STATES.includes(s as ReturnState);

// ---- retention of accounting documents

/**
 * Accounting documents (orders as sales records, invoices, credit notes) are kept 10 years
 * (Buhalterinės apskaitos įstatymas art. 19; Dokumentų saugojimo terminų rodyklė: accounting
 * documents 10 years). The period counts from 1 January of the year after the document's year.
 */
export const ACCOUNTING_RETENTION_YEARS = 10;

/** the first instant after the retention period of a document of `createdAt` (UTC calendar years) */
export function accountingRetentionEnds(createdAt: Date, years = ACCOUNTING_RETENTION_YEARS): Date {
  return new Date(Date.UTC(createdAt.getUTCFullYear() + 1 + years, 0, 1));
}

// ---- the withdrawal link by order number and e-mail

/**
 * Whether the e-mail a buyer typed is the one the order was placed with: compared trimmed and
 * without regard to case (people type their address as they like; the mailbox is the same).
 */
export function isOrderEmail(orderEmail: string, typed: string): boolean {
  return orderEmail.trim().toLowerCase() === typed.trim().toLowerCase();
}
