/**
 * The events the shop sends to webhook endpoints (`order_events.type`), in the order the back office
 * lists them; an endpoint subscribes to some of them. `webhook.test` is the one a "send a test"
 * button makes: it goes only to that endpoint, never to the others.
 */
import { ORDER_EVENT_TYPES } from './order-lifecycle.ts';

export const WEBHOOK_EVENT_TYPES = [
  ...ORDER_EVENT_TYPES,
  'order.refunded',
  'refund.created',
  'credit_note.issued',
  'product.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_TEST_EVENT = 'webhook.test';

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
