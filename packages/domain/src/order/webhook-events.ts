/**
 * The events the shop sends to webhook endpoints (`order_events.type`), in the order the back office
 * lists them; an endpoint subscribes to some of them. `webhook.test` is the one a "send a test"
 * button makes: it goes only to that endpoint, never to the others.
 */
import { z } from 'zod';
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

/**
 * An endpoint as the back office's form sends it (the API also checks https in production and that
 * the address is not taken). Shared by the API's route and the screen.
 */
export const webhookEndpointInput = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (u) => {
        try {
          return ['http:', 'https:'].includes(new URL(u).protocol);
        } catch {
          return false;
        }
      },
      { params: { key: 'validation.url' } },
    ),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  active: z.boolean().default(true),
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointInput = z.output<typeof webhookEndpointInput>;
