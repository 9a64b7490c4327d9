/**
 * The order page's forms, posted to its route's action: each asks the staff API to run a change
 * (the lifecycle's actions, a payment received, a refund, a manual refund done, a return).
 */
import type { AppLoadContext } from 'react-router';
import { centsOf } from '../cents';
import { formFields, staffApi, toLogin } from '../staff-api.server';

type Args = { request: Request; context: AppLoadContext; params: { id: string } };

/** the order page's action: the form's fields to the API's route, a refusal (409) as the page's message */
export async function orderFormAction(args: Args) {
  const fields = await formFields(args.request);
  if (fields.action === 'create_return') return createReturn(args, fields);
  if (fields.intent === 'payment' || fields.intent === 'refund' || fields.intent === 'refund_done')
    return moneyAction(args, fields);
  const body: Record<string, unknown> = { action: fields.action };
  if (fields.action === 'ship')
    Object.assign(body, { carrier: fields.carrier ?? '', trackingNumber: fields.tracking_number ?? '' });
  if (fields.action === 'cancel') body.reason = fields.reason ?? '';
  if (fields.action === 'refund')
    Object.assign(body, { restock: fields.restock === 'on', reason: fields.reason ?? '' });
  const answer = await staffApi<unknown>(args, `/orders/${encodeURIComponent(args.params.id)}/transition`, {
    method: 'POST',
    body,
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

/** the money forms: a payment received, a partial refund, a manual refund confirmed */
async function moneyAction(args: Args, fields: Record<string, string>) {
  const id = encodeURIComponent(args.params.id);
  let path: string;
  let body: Record<string, unknown>;
  if (fields.intent === 'payment') {
    path = `/orders/${id}/payments`;
    body = {
      method: fields.method,
      amountCents: centsOf(fields.amount) ?? 0,
      receivedOn: fields.received_on ?? '',
      reference: fields.reference ?? '',
    };
  } else if (fields.intent === 'refund') {
    path = `/orders/${id}/refunds`;
    const lines = Object.entries(fields)
      .filter(([k, v]) => k.startsWith('qty_') && v.trim() !== '' && v.trim() !== '0')
      .map(([k, v]) => ({ lineId: Number(k.slice(4)), qty: Number(v) }));
    const amount = centsOf(fields.amount);
    body = {
      lines,
      shipping: fields.shipping === 'on',
      ...(amount !== undefined ? { amountCents: amount } : {}),
      reason: fields.reason ?? '',
    };
  } else {
    path = `/orders/${id}/refunds/${encodeURIComponent(fields.refund_id ?? '')}/done`;
    body = { reference: fields.reference ?? '' };
  }
  const answer = await staffApi<unknown>(args, path, { method: 'POST', body });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

/** a return the staff record here: the lines with a quantity, the reason, a note */
async function createReturn(args: Args, fields: Record<string, string>) {
  const lines = Object.entries(fields)
    .filter(([k, v]) => k.startsWith('qty_') && Number(v) > 0)
    .map(([k, v]) => ({ item_id: Number(k.slice(4)), qty: Number(v) }));
  const answer = await staffApi<unknown>(args, `/orders/${encodeURIComponent(args.params.id)}/returns`, {
    method: 'POST',
    body: { reason: fields.reason ?? '', lines, ...(fields.note ? { note: fields.note } : {}) },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}
