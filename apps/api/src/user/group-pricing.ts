/**
 * Customer-group price tiers (accounts-checkout-routes.md §6 "Group id and group token drive price
 * tiers when enabled"; §7 render list `userGroupId`/`token`, URL map `groupId`/`groupToken`).
 *
 * Off unless GROUP_PRICING is on. When on: login and refresh answer `meta.groupToken` and
 * `meta.groupId`, `/user/me` answers `group_token`; the render list, catalogue search and URL map
 * price product documents at the tier (customer_groups.discount_percent) of the request's group:
 * a valid group token, else the customer of a valid access token (a bare `userGroupId` or `groupId`
 * counts only when it is that customer's group: nobody claims a tier by naming it). The cart and
 * orders (cart/pricing.ts) charge the tier of the customer who owns the cart (or, for an order without
 * a server cart, the customer of the request's token), read from the database: never from the body.
 */
import { groupTierHistory, netPriceHistory, recordGroupTiers, type Database } from '@vitrina/db';
import {
  STORE_VIEWS,
  groupPriceHistory,
  priceForGroup,
  referencePrice,
  resolveTaxCountry,
  taxRateFor,
  type StoreCode,
  type GroupReferences,
  type TaxRule,
  type TierChange,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import type { AuthService } from '../auth/service.ts';
import { rows } from '../lib/db.ts';

/** how long the groups' tiers are cached in the process */
const CACHE_MS = 60_000;

export type TierInput = {
  groupToken?: string | null | undefined;
  /** the customer's access token (`?token=` or `Authorization: Bearer`) */
  token?: string | null | undefined;
  /** the spec's userGroupId / groupId: honoured only when it is the token customer's group */
  groupId?: number | string | null | undefined;
};

/**
 * How a request's product documents are priced: the group's tier (percent off) and the group's own
 * customer tax class (undefined: the retail class the index lists with).
 */
export type GroupPricing = { percent: number; taxClassId?: number | undefined; groupId?: number | undefined };

/** base prices: no tier, the retail class */
export const BASE_PRICING: GroupPricing = { percent: 0 };

export class GroupPricingService {
  private cache: { at: number; tiers: Map<number, number>; taxClasses: Map<number, number> } | undefined;
  private tierHistories = new Map<number, TierChange[]>();

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly auth: AuthService,
    /** the shop's tax rules (the catalogue's `taxrule` documents, as the cart reads them) */
    private readonly taxRules: () => Promise<readonly TaxRule[]> = async () => [],
  ) {}

  get enabled(): boolean {
    return this.config.groupPricing;
  }

  private async groups() {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      // a tier changed by any writer is recorded at the latest when a process next reads the tiers
      await recordGroupTiers(this.database, new Date(now)).catch(() => 0);
      this.tierHistories.clear();
      const found = await rows<{ id: number; discount_percent: number; tax_class_id: number | null }>(
        this.database,
        'SELECT id, discount_percent, tax_class_id FROM customer_groups',
      );
      this.cache = {
        at: now,
        tiers: new Map(found.map((g) => [g.id, g.discount_percent])),
        taxClasses: new Map(
          found.flatMap((g) => (g.tax_class_id === null ? [] : [[g.id, g.tax_class_id] as const])),
        ),
      };
    }
    return this.cache;
  }

  /** percent off for a group (0: none, unknown group, or tiers off) */
  async discountOf(groupId: number): Promise<number> {
    if (!this.enabled) return 0;
    return (await this.groups()).tiers.get(groupId) ?? 0;
  }

  private async groupOfCustomer(customerId: number | null | undefined): Promise<number | undefined> {
    if (!this.enabled || customerId == null) return undefined;
    const [row] = await rows<{ group_id: number }>(
      this.database,
      'SELECT group_id FROM customers WHERE id = $1',
      [customerId],
    );
    return row?.group_id;
  }

  /** the group a request is priced for, or undefined (no valid group token or customer token) */
  async groupOf(input: TierInput): Promise<number | undefined> {
    if (!this.enabled) return undefined;
    if (input.groupToken) {
      const gid = this.auth.verifyGroupToken(input.groupToken);
      if (gid !== undefined) return gid;
    }
    if (input.token) {
      const principal = await this.auth.verify(input.token);
      if (
        principal &&
        (input.groupId == null || input.groupId === '' || Number(input.groupId) === principal.groupId)
      )
        return principal.groupId;
    }
    return undefined;
  }

  /** percent off for a request */
  async tierOf(input: TierInput): Promise<number> {
    const gid = await this.groupOf(input);
    return gid === undefined ? 0 : this.discountOf(gid);
  }

  /**
   * How a request is priced: the tier and the tax class of its group (a valid
   * group token, else the customer of a valid access token); base pricing when tiers are off or no
   * group is proven.
   */
  async pricingOf(input: TierInput): Promise<GroupPricing> {
    const gid = await this.groupOf(input);
    if (gid === undefined) return BASE_PRICING;
    const groups = await this.groups();
    return { percent: groups.tiers.get(gid) ?? 0, taxClassId: groups.taxClasses.get(gid), groupId: gid };
  }

  /**
   * percent off for a customer's cart and orders (0 for a guest, or tiers off): the customer's current
   * group in the database, so a changed group is charged at once (its group token follows on refresh)
   */
  async tierOfCustomer(customerId: number | null | undefined): Promise<number> {
    const groupId = await this.groupOfCustomer(customerId);
    return groupId === undefined ? 0 : this.discountOf(groupId);
  }

  /**
   * The customer tax class of a customer's group ("a customer group id drives the
   * tax class when grouped tax is active", active with GROUP_PRICING): the cart and the orders of
   * that customer use the tax rules listing it, and so do the listings priced for that group
   * (`price`). undefined: the retail class (a guest, a group without its own class, or GROUP_PRICING off).
   */
  async taxClassOfCustomer(customerId: number | null | undefined): Promise<number | undefined> {
    const groupId = await this.groupOfCustomer(customerId);
    return groupId === undefined ? undefined : (await this.groups()).taxClasses.get(groupId);
  }

  /**
   * The tier and the tax class of a customer's group (tierOfCustomer and taxClassOfCustomer) from one
   * read of the customer's group: a cart's pricing needs both, and read apart they were two
   * statements a cart call.
   */
  async customerPricing(
    customerId: number | null | undefined,
  ): Promise<{ tier: number; taxClassId: number | undefined }> {
    const groupId = await this.groupOfCustomer(customerId);
    if (groupId === undefined) return { tier: 0, taxClassId: undefined };
    const groups = await this.groups();
    return { tier: groups.tiers.get(groupId) ?? 0, taxClassId: groups.taxClasses.get(groupId) };
  }

  /**
   * Product documents as a group is shown them (domain priceForGroup): at its tier and, when the
   * group has its own customer tax class, taxed at that class for the store view's default country,
   * the country a cart is priced for until its address is known (cart/pricing.ts taxPricing), so the
   * listing, search, URL map and render list show what the cart charges to the cent. Unchanged for
   * base pricing (the index's documents are shared).
   */
  async price<T extends Record<string, unknown>>(
    docs: T[],
    pricing: GroupPricing,
    store: StoreCode,
  ): Promise<T[]> {
    const { percent, taxClassId } = pricing;
    const references = await this.groupReferences(docs, pricing, store);
    if (!(percent > 0) && taxClassId === undefined && !references) return docs;
    let rateOf: ((productTaxClassId: number | null) => number) | undefined;
    if (taxClassId !== undefined) {
      const rules = await this.taxRules();
      const country = resolveTaxCountry(null, STORE_VIEWS[store]?.defaultCountry);
      rateOf = (productTaxClassId) => taxRateFor(rules, productTaxClassId, country, taxClassId);
    }
    return docs.map((d) => priceForGroup(d, percent, rateOf, references));
  }

  /** a group's tiers over time (cached with the tiers) */
  private async tierHistory(groupId: number): Promise<TierChange[]> {
    await this.groups();
    let found = this.tierHistories.get(groupId);
    if (!found) {
      found = await groupTierHistory(this.database, groupId);
      this.tierHistories.set(groupId, found);
    }
    return found;
  }

  /**
   * The group's own reference prices of the documents' products (Directive 98/6/EC art. 6a per
   * customer group): the lowest net price the group was charged in the 30 days before a reduction,
   * from the product's price history at the group's tiers over time (domain groupPriceHistory).
   * Undefined for a group whose prices never differed from the retail ones (no tier ever).
   */
  private async groupReferences(
    docs: readonly Record<string, unknown>[],
    pricing: GroupPricing,
    store: StoreCode,
  ): Promise<GroupReferences | undefined> {
    if (!this.enabled || pricing.groupId === undefined || docs.length === 0) return undefined;
    const tiers = await this.tierHistory(pricing.groupId);
    if (!tiers.some((t) => t.percent > 0)) return undefined;
    const ids = docs.flatMap((d) => [
      d.id,
      ...(Array.isArray(d.configurable_children)
        ? (d.configurable_children as { id?: unknown }[]).map((c) => c?.id)
        : []),
    ]);
    const history = await netPriceHistory(
      this.database,
      ids.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)),
      store,
    );
    const now = Date.now();
    const found = new Map<number, number | null>();
    for (const [id, changes] of history)
      found.set(id, referencePrice(groupPriceHistory(changes, tiers), now)?.price ?? null);
    return (id) => (typeof id === 'number' ? found.get(id) : undefined);
  }

  /** `{ groupId, groupToken }` of a customer's group when tiers are on (login, refresh, me) */
  groupAnswer(groupId: number): { groupId: number; groupToken: string } | undefined {
    return this.enabled ? { groupId, groupToken: this.auth.signGroupToken(groupId) } : undefined;
  }
}
