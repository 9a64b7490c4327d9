// Input schemas shared by the API and the storefront (zod 4): catalogue-and-cart.md §7 "The calls
// it makes", accounts-checkout-routes.md §7 "Calls", CONTRACTS.md. Field rules of
// accounts-checkout-routes.md §5 come from validation.ts, so a form and the API refuse the same input.
import { z } from 'zod';
import { addressErrors, type AddressPurpose, type RuleAddress } from './address-rules.ts';
import { CART_MAX_QTY, CATEGORY_LIST_SIZE, FILTER_QUERY_CAP } from '../base/index.ts';
import { translateMessage, type MessageKey } from '../messages/index.ts';
import { normalisePaging, parseSort } from '../catalog/index.ts';
import { STORE_CODES, type StoreCode } from '../base/index.ts';
import { normaliseZip, validatePassword, type FieldCheck } from './validation.ts';

export const storeCodeSchema = z.enum(STORE_CODES as [StoreCode, ...StoreCode[]]);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** A numeric id sent as a number or a digit string ("93"), output as a number. */
const idSchema = z.union([
  z.number().int().nonnegative(),
  z.string().trim().regex(/^\d+$/).transform(Number),
]);
const codeSchema = z.string().trim().min(1).max(64);
export const skuSchema = z.string().trim().min(1).max(64);
export const qtySchema = z.number().int().min(1).max(CART_MAX_QTY);
/** trimmed before its format is checked: an address pasted with a space around it is still an address */
export const emailSchema = z.string().trim().pipe(z.email().max(254));
/** "Use a two-letter country code": ISO 3166-1 alpha-2, upper-cased. */
export const countryIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => /^[A-Z]{2}$/.test(c), {
    message: 'Use a two-letter country code',
    params: { key: 'validation.countryCode' },
  });

/** Adds a custom issue carrying a message key (translated by issuesToFieldErrors). */
function report(ctx: z.RefinementCtx, path: PropertyKey[], check: FieldCheck): void {
  if (!check) return;
  ctx.addIssue({
    code: 'custom',
    path,
    message: translateMessage(check.key, 'en', check.params),
    params: { key: check.key, ...check.params },
  });
}

// ---- Cart ----

export const productOptionSchema = z.object({
  extension_attributes: z.object({
    custom_options: z
      .array(z.object({ option_id: idSchema, option_value: z.union([z.string().max(1000), z.number()]) }))
      .max(50)
      .optional(),
    configurable_item_options: z
      .array(
        z.object({
          option_id: idSchema,
          option_value: idSchema,
          label: optionalText(255),
          value: optionalText(255),
        }),
      )
      .max(20)
      .optional(),
    bundle_options: z
      .array(
        z.object({
          option_id: idSchema,
          option_qty: qtySchema.optional(),
          /** Selected links, by sku (or link id). */
          option_selections: z
            .array(z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(64)]))
            .max(50),
        }),
      )
      .max(50)
      .optional(),
  }),
});

/** catalogue-and-cart.md §7 `POST /cart/update` cartItem: an intent; prices sent by a client are dropped. */
export const cartItemSchema = z.object({
  sku: skuSchema,
  qty: qtySchema,
  item_id: idSchema.optional(),
  product_option: productOptionSchema.optional(),
  quoteId: z.string().trim().max(128).optional(),
});
export type CartItemInput = z.infer<typeof cartItemSchema>;

/** `POST /cart/delete` cartItem: sku and the server line id (item_id) when known. */
export const cartItemRefSchema = z.object({ sku: skuSchema, item_id: idSchema.optional() });

// ---- Addresses ----

const looseText = z.string().trim().optional();

/**
 * The address' shape (types only). Which fields are required and what a valid value is, is the
 * one address rule's business (address-rules.ts), applied per purpose by `withAddressRule`.
 */
export const addressFieldsSchema = z.object({
  firstname: z.string().trim(),
  lastname: z.string().trim(),
  city: looseText,
  postcode: looseText,
  street: z.array(z.string().trim()).max(4).default([]),
  countryId: z.string().trim().toUpperCase(),
  telephone: looseText,
  email: emailSchema.optional(),
  vat_id: looseText,
  /** the spec's Tax ID of a legal person */
  tax_id: looseText,
  company: looseText,
  company_code: looseText,
  region_id: z.number().int().nonnegative().nullable().optional(),
  region: looseText,
});

/** An address' rule errors as zod issues at their API paths (an empty street list: at `street`). */
function addressRule(purpose: AddressPurpose) {
  return (a: RuleAddress, ctx: z.RefinementCtx) => {
    for (const [field, e] of Object.entries(addressErrors(a, purpose))) {
      const path: PropertyKey[] =
        field === 'street.0' && !a.street?.length
          ? ['street']
          : field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      report(ctx, path, e);
    }
  };
}

/** A postcode given, in its country's canonical form (LT 00000 → LT-00000). */
const normalisePostcode = <A extends { countryId: string; postcode?: string | undefined }>(a: A): A =>
  a.postcode ? { ...a, postcode: normaliseZip(a.countryId, a.postcode) ?? a.postcode } : a;

/** An address schema (of addressFieldsSchema's shape, possibly extended) checked by the rule for a purpose. */
export function withAddressRule<S extends typeof addressFieldsSchema>(schema: S, purpose: AddressPurpose) {
  return schema.superRefine(addressRule(purpose)).overwrite(normalisePostcode);
}

/** The address schema of each purpose (address-rules.ts REQUIRED_ADDRESS_FIELDS). */
export const addressSchemaFor = (purpose: AddressPurpose) => withAddressRule(addressFieldsSchema, purpose);

/** A saved (account) address: accounts-checkout-routes.md §5 rules, the home address required. */
export const addressSchema = addressSchemaFor('account');
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * The shipping (and billing) address of an order or of `POST /cart/shipping-information`, with
 * what every delivery needs (the pickup rule: name, country, phone); the delivery method is not
 * known here, so the services ask the rest of the rule once it is (apps/api lib/home-address.ts:
 * a courier's home address, a billing address of its own).
 */
export const deliveryAddressSchema = addressSchemaFor('pickup');
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;
/**
 * An address as a client sends it (a request body's address: the schema's input, before trimming and
 * the defaults): the storefront's checkout and account forms build this type (apps/web lib/types.ts).
 */
export type AddressBody = z.input<typeof addressFieldsSchema>;

/** `POST /cart/shipping-methods` address: only the country is needed to estimate. */
export const addressEstimateSchema = z.object({
  countryId: countryIdSchema,
  postcode: optionalText(20),
  city: optionalText(255),
  region_id: z.number().int().nonnegative().nullable().optional(),
});

/** `POST /cart/shipping-information` addressInformation; a missing billing address means the shipping one. */
export const addressInformationSchema = z.object({
  shippingAddress: deliveryAddressSchema,
  billingAddress: deliveryAddressSchema.optional(),
  shippingCarrierCode: codeSchema,
  shippingMethodCode: codeSchema,
});

// ---- Order (CONTRACTS.md "POST /order/create") ----

export const personalDetailsSchema = z
  .object({
    firstName: text(255),
    lastName: text(255),
    emailAddress: emailSchema,
    createAccount: z.boolean().optional(),
    password: z.string().max(256).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.createAccount) report(ctx, ['password'], validatePassword(p.password ?? ''));
  });

export const orderCreateSchema = z.object({
  cart_id: text(128),
  user_id: z
    .union([z.number().int().positive(), z.string().trim().max(64)])
    .nullable()
    .optional(),
  products: z
    .array(z.object({ sku: skuSchema, qty: qtySchema, product_option: productOptionSchema.optional() }))
    .min(1)
    .max(200),
  addressInformation: z.object({
    shippingAddress: deliveryAddressSchema,
    billingAddress: deliveryAddressSchema.optional(),
    shipping_method_code: codeSchema,
    shipping_carrier_code: codeSchema,
    payment_method_code: codeSchema,
    payment_method_additional: z.record(z.string(), z.unknown()).optional(),
    /** the chosen pickup point (`POST /pickup-points/`) when the shipping method needs one */
    pickup_point_id: z.string().trim().min(1).max(64).optional(),
  }),
  personalDetails: personalDetailsSchema.optional(),
  idempotency_key: z.string().trim().min(8).max(128),
});
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;
/**
 * What `POST /order/create` is checked for before anything is read for it: the cart, the products
 * and the key; the rest of the body as sent. The API checks the body whole (orderCreateSchema) once
 * the order is not refused for stock: a sold-out order is told so first, whatever else is wrong
 * with it, and a sale's losers do not pay for the addresses' rules.
 */
export const orderHeadSchema = orderCreateSchema
  .pick({ cart_id: true, products: true, idempotency_key: true })
  .loose();
export type OrderCreateHead = z.infer<typeof orderHeadSchema>;
/** `POST /order/create` as a client sends it (the schema's input): the storefront's order payload. */
export type OrderCreateBody = z.input<typeof orderCreateSchema>;

// ---- Catalogue search (CONTRACTS.md "Catalogue search") ----

export const fieldNameSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/);
const filterScalar = z.union([z.string().max(200), z.number(), z.boolean()]);
export const rangeFilterSchema = z
  .strictObject({
    gte: z.number().optional(),
    gt: z.number().optional(),
    lte: z.number().optional(),
    lt: z.number().optional(),
  })
  .refine((r) => Object.keys(r).length > 0, {
    message: 'A range needs gte, gt, lte or lt',
    params: { key: 'validation.invalid' },
  });
export const filterValueSchema = z.union([
  filterScalar,
  z.array(filterScalar).max(FILTER_QUERY_CAP),
  rangeFilterSchema,
]);

/** The typed `request` of catalogue search; unknown keys are refused. */
export const searchRequestSchema = z.strictObject({
  query: z.string().max(200).optional(),
  filters: z
    .record(fieldNameSchema, filterValueSchema)
    .refine((f) => Object.keys(f).length <= 50, { params: { key: 'validation.tooManyItems', max: 50 } })
    .optional(),
  aggregations: z.array(fieldNameSchema).max(50).optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** `sort`: `field:asc|desc[,field:dir]`. */
export const sortSchema = z
  .string()
  .max(200)
  .refine((s) => parseSort(s) !== null, { params: { key: 'validation.invalid' } });

/**
 * `from` and `size` (query strings or numbers) normalised per catalogue-and-cart.md §5: size ≤ 0 → 50,
 * negative from → 0. Size at most 4000 (the largest the spec asks for: the category list).
 */
export const pagingSchema = z
  .object({
    from: z.coerce.number().int().optional(),
    size: z.coerce.number().int().max(CATEGORY_LIST_SIZE).optional(),
  })
  .transform((p) => normalisePaging(p));

// ---- Accounts (accounts-checkout-routes.md §7) ----

export const loginSchema = z.object({ username: text(254), password: z.string().min(1).max(256) });
const profileSchema = z.object({
  email: emailSchema,
  firstname: text(255),
  lastname: text(255),
  addresses: z
    .array(
      withAddressRule(
        addressFieldsSchema.extend({
          default_shipping: z.boolean().optional(),
          default_billing: z.boolean().optional(),
        }),
        'account',
      ),
    )
    .max(20)
    .optional(),
});
export const customerCreateSchema = z
  .object({ customer: profileSchema, password: z.string().max(256) })
  .superRefine((c, ctx) => report(ctx, ['password'], validatePassword(c.password)));
/** "Only firstname, lastname, email and addresses may be modified": other keys are dropped. */
/** `currentPassword`: required by the API when the e-mail changes (a stolen access token alone cannot move the account) */
export const profileUpdateSchema = z.object({
  customer: profileSchema,
  currentPassword: z.string().max(256).optional(),
});
/** `POST /user/me` as a client sends it (the schema's input): the account's profile and address book. */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;
export const resetPasswordSchema = z.object({ email: emailSchema });
export const createPasswordSchema = z
  .object({ email: emailSchema, newPassword: z.string().max(256), resetToken: text(256) })
  .superRefine((c, ctx) => report(ctx, ['newPassword'], validatePassword(c.newPassword)));
export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: z.string().max(256) })
  .superRefine((c, ctx) => report(ctx, ['newPassword'], validatePassword(c.newPassword)));
export const newsletterSchema = z.object({ email: emailSchema });
export const contactCreateSchema = z.object({
  name: text(255),
  email: emailSchema,
  phone: z.string().trim().max(32).optional(),
  subject: optionalText(255),
  message: text(5000),
});
export const orderHistoryQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  currentPage: z.coerce.number().int().min(1).default(1),
});

// ---- Errors that name the field (CONTRACTS.md "API envelope") ----

export interface InputFieldError {
  /** Dotted path, e.g. "cartItem.qty" or "products.0.sku". */
  field: string;
  message: string;
}

function issueMessage(issue: z.core.$ZodIssue): {
  key: MessageKey;
  params?: Record<string, string | number>;
} {
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (params && typeof params.key === 'string') {
    const { key, ...rest } = params;
    return { key: key as MessageKey, params: rest as Record<string, string | number> };
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined && ('input' in issue || issue.message.endsWith('received undefined'))
        ? { key: 'validation.required' }
        : { key: 'validation.invalidType', params: { expected: issue.expected } };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { key: 'validation.required' } : { key: 'validation.tooShort', params: { min } };
      if (issue.origin === 'array')
        return min <= 1 ? { key: 'validation.required' } : { key: 'validation.tooFewItems', params: { min } };
      return { key: 'validation.tooSmall', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.tooLong', params: { max } };
      if (issue.origin === 'array') return { key: 'validation.tooManyItems', params: { max } };
      return { key: 'validation.tooBig', params: { max } };
    }
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email' } : { key: 'validation.invalid' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    case 'invalid_value':
      return { key: 'validation.invalidOption', params: { options: issue.values.map(String).join(', ') } };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Issues for every string (value or key) of untrusted input that holds U+0000, at its path. No
 * field of the shop can hold it: PostgreSQL text and jsonb refuse it, so before this check such input
 * reached the database and answered 500. Walks with its own stack: a JSON body nested thousands
 * deep must not overflow the call stack.
 */
export function nulCharacterIssues(input: unknown): z.core.$ZodIssue[] {
  // every API request's query and body pass here, nearly all without a NUL: answered by a walk that
  // allocates no node per value (the walk below, with each value's path, runs only on a hit)
  if (!holdsNul(input)) return [];
  type Node = { value: unknown; key?: PropertyKey; parent?: Node };
  // the path is built only for a hit: copying it at every level would be quadratic in the depth
  const pathOf = (node: Node): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const issue = (path: PropertyKey[], value: unknown): z.core.$ZodIssue => ({
    code: 'custom',
    path,
    input: value,
    message: 'NUL character',
    params: { key: 'validation.nulCharacter' },
  });
  const issues: z.core.$ZodIssue[] = [];
  const stack: Node[] = [{ value: input }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) issues.push(issue(pathOf(node), value));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: i, parent: node }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) issues.push(issue([...pathOf(node), key], key));
        else stack.push({ value: item, key, parent: node });
      }
    }
  }
  return issues;
}

/** whether a string (value or key) of `input` holds U+0000; its own stack, as nulCharacterIssues */
function holdsNul(input: unknown): boolean {
  if (typeof input === 'string') return input.includes('\u0000');
  if (input === null || typeof input !== 'object') return false;
  const stack: unknown[] = [input];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (key.includes('\u0000')) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Translates zod issues into `{ field, message }` in the store view's language. */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  storeCode: StoreCode = 'lt',
  prefix = '',
): InputFieldError[] {
  const out: InputFieldError[] = [];
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean);
    const { key, params } = issueMessage(issue);
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys)
        out.push({ field: [...path, k].join('.'), message: translateMessage(key, storeCode, params) });
    } else {
      out.push({ field: path.join('.') || '(root)', message: translateMessage(key, storeCode, params) });
    }
  }
  return out;
}

export type ParseResult<T> =
  { success: true; data: T } | { success: false; message: string; errors: InputFieldError[] };

/**
 * Parses input for an endpoint: on failure a message naming the fields ("cartItem.qty: Must be at
 * least 1.") and per-field errors, in the store view's language, ready for the `{ code: 400,
 * result, errors }` envelope. `prefix` names the body member (e.g. "cartItem").
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  storeCode: StoreCode = 'lt',
  prefix = '',
): ParseResult<z.output<S>> {
  const r = schema.safeParse(data, { reportInput: true });
  if (r.success) return { success: true, data: r.data };
  const errors = issuesToFieldErrors(r.error.issues, storeCode, prefix);
  return { success: false, errors, message: errors.map((e) => `${e.field}: ${e.message}`).join('; ') };
}

// ---- Accounts and engagement: stock notification request, special offers (admin) ----

/** "notify me when it is back in stock" on an out-of-stock product (accounts-checkout-routes.md §2 dictionaries) */
export const stockAlertCreateSchema = z.object({ email: emailSchema, sku: skuSchema });

/** one special offer (accounts-checkout-routes.md §3 "Special offers product"); money in cents */
export const specialOfferInputSchema = z.object({
  sku: skuSchema,
  final_price: z.number().int().min(0).max(100_000_000),
  price_incl_tax: z.number().int().min(0).max(100_000_000),
  quantity: z.number().int().min(1).max(10_000).default(1),
  option_comments: z.string().trim().max(500).optional(),
  valid_until: z.iso.datetime({ offset: true }).optional(),
});
/** replaces a customer's special offers (admin) */
export const specialOffersReplaceSchema = z.object({
  email: emailSchema,
  offers: z.array(specialOfferInputSchema).max(200),
});

/**
 * A staff action on an order (the admin-token API and the staff area's forms): the
 * domain's `StaffActionType` and its details. Whether the action fits the order is the lifecycle
 * table's business (order-lifecycle.ts), a 409 there; a missing carrier or reason is refused there too.
 */
export const staffOrderActionSchema = z.object({
  action: z.enum(['confirm', 'ready_for_pickup', 'ship', 'collected', 'complete', 'cancel', 'refund']),
  note: optionalText(1000),
  /** cancel: the reason the customer reads (the note stands for it when absent) */
  reason: optionalText(500),
  carrier: optionalText(64),
  trackingNumber: optionalText(64),
  /** refund: return the units to stock */
  restock: z.boolean().optional(),
});
export type StaffOrderActionInput = z.infer<typeof staffOrderActionSchema>;
