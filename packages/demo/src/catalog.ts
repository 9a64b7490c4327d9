/**
 * The demo catalogue generator: a deterministic electronics catalogue (same seed and reference date,
 * same catalogue) in the shop data import format of docs/CONTRACTS.md. Every draw comes from a seeded
 * PRNG; the only notion of "now" is the reference date passed in.
 *
 * Honesty: brands are real and model names plausible, but descriptions are generic demo text (marked
 * with an HTML comment) and nothing is presented as a verified specification; there are no reviews.
 */
import {
  ATTRIBUTE_IDS,
  GRADES,
  NEW_GRADE,
  USED_GRADES,
  buildAttributes,
  capacity as capacityDef,
  color as colorDef,
  CONNECTIVITY_VALUES,
  manufacturerValue,
  memoryValue,
  screenSizeValue,
  unitLabel,
  type CapacityKey,
  type ColorKey,
  type GradeDef,
  type MemorySize,
} from './attributes.ts';
import { REFURBISHED_CATEGORY_ID, buildCategories, categoryDef, categoryPath } from './categories.ts';
import { buildCmsBlocks, buildCmsPages } from './cms.ts';
import { installationItems, softwareItems, warrantyItems, type DigitalItem } from './digital.ts';
import { LEAF_SPECS, type LeafSpec, type ModelDef } from './models.ts';
import { LT_VAT, netOf, niceGross, sumEuros } from './pricing.ts';
import { Rng } from './random.ts';
import {
  PRODUCT_TAX_CLASS,
  buildBanners,
  buildCoupons,
  buildPaymentMethods,
  buildPickupPoints,
  buildShippingMethods,
  buildShopConfig,
  buildTaxRules,
} from './shop.ts';
import { capitalize, inches, slugify, storeSlugs, textIn } from './text.ts';
import type {
  ImportBundleOption,
  ImportConfigurableChild,
  DemoImportFile,
  ImportProduct,
  ImportProductLink,
  ImportStock,
  LocalizedText,
  ProductType,
  Text,
} from './types.ts';

/** the seed the shop server generates its demo catalogue with (and demo removal recomputes its keys from) */
export const DEMO_SEED = 42;

export interface DemoCatalogOptions {
  seed?: number;
  /** top-level products (configurable children are extra) */
  productCount?: number;
  /** "now" for special-price windows, coupons and timestamps; normalised to 00:00 UTC of that day */
  referenceDate?: Date;
}

export type LargeCatalogOptions = DemoCatalogOptions;

const DAY = 86_400_000;
/** product images per category folder: /demo/<folder>/1.png ... /demo/<folder>/5.png */
export const IMAGE_LOOKS = 5;
/** image look (1..5) drawn in a colour close to the product's */
const COLOR_LOOK: Record<ColorKey, number> = {
  black: 1,
  grey: 1,
  silver: 2,
  inox: 2,
  gold: 2,
  beige: 2,
  white: 3,
  blue: 4,
  purple: 4,
  green: 4,
  red: 5,
  pink: 5,
};
/** colours as printed in product names (shop style: "iPhone 13 128GB Black") */
const NAME_COLOR: Partial<Record<ColorKey, string>> = { inox: 'Inox' };

const ACCESSORY_CATEGORIES = new Set([81, 82, 83, 84]);

export function startOfUtcDay(date: Date): Date {
  const t = date.getTime();
  if (!Number.isFinite(t)) throw new Error('referenceDate is not a valid date');
  return new Date(Math.floor(t / DAY) * DAY);
}

/** every brand of the demo catalogue, sorted: the options of the `manufacturer` attribute */
export function demoBrands(): string[] {
  const set = new Set<string>();
  for (const leaf of LEAF_SPECS) for (const m of leaf.models) set.add(m.brand);
  for (const item of softwareItems()) if (item.brand) set.add(item.brand);
  return [...set].sort((a, b) => a.localeCompare(b, 'en'));
}

interface PhysicalConfig {
  size?: number;
  cpu?: string;
  memory?: MemorySize;
  capacity?: CapacityKey;
  color?: ColorKey;
  factor: number;
}

type Axis = 'color' | 'capacity';

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });

const DEMO_COMMENT = '<!-- demo text: generated description, specifications are not verified -->';
const DEMO_CLOSING = L(
  'Tai demonstracinis aprašymas: tikslias technines charakteristikas ir komplektaciją tikrinkite gamintojo informacijoje.',
  "This is a demo description: please check the exact specifications and package contents in the manufacturer's information.",
  'Это демонстрационное описание: точные характеристики и комплектацию уточняйте в информации производителя.',
);

function conditionLine(grade: GradeDef): LocalizedText {
  if (grade.grade === 'new') {
    return L(
      'Nauja prekė su gamintojo garantija ir 30 dienų pinigų grąžinimo garantija.',
      "Brand-new item with the manufacturer's warranty and a 30-day money-back guarantee.",
      'Новый товар с гарантией производителя и 30-дневной гарантией возврата денег.',
    );
  }
  return L(
    `Atnaujinta prekė, būklė ${grade.short}: patikrinta ir paruošta naudoti, suteikiama 12 mėn. garantija.`,
    `Graded refurbished item, condition ${grade.short}: tested and ready to use, with a 12-month warranty.`,
    `Восстановленный товар, состояние ${grade.short}: проверен и готов к использованию, гарантия 12 месяцев.`,
  );
}

/**
 * A configurable parent's own price, which the shop never shows (it shows the cheapest available
 * child): like imports from a real back end it differs from the children's — above
 * them for a third of the parents, below them for another third, their minimum for the rest.
 */
function ownConfigurablePrice(id: number, children: readonly ImportConfigurableChild[]): number {
  const prices = children.map((c) => c.price);
  const min = Math.min(...prices);
  if (id % 3 === 1) return Math.round((Math.max(...prices) + 100) * 100) / 100;
  if (id % 3 === 2) return Math.max(0.01, Math.round(min * 50) / 100);
  return min;
}

function configurableLine(axis: Axis): LocalizedText {
  const a = axis === 'color' ? L('spalvą', 'color', 'цвет') : L('talpą', 'capacity', 'ёмкость');
  return L(
    `Pasirinkite būklę – nuo naujos iki C klasės – ir ${a.lt}. Atnaujintoms prekėms suteikiama 12 mėn. garantija.`,
    `Choose the condition, from brand new to grade C, and the ${a.en}. Graded items come with a 12-month warranty.`,
    `Выберите состояние — от нового до класса C — и ${a.ru}. На восстановленные товары действует гарантия 12 месяцев.`,
  );
}

function describe(name: Text, about: LocalizedText, line: LocalizedText | null): LocalizedText {
  const part = (store: keyof LocalizedText, dash: string) =>
    [
      DEMO_COMMENT,
      `<p>${textIn(name, store)}${dash}${about[store]}.</p>`,
      line ? `<p>${line[store]}</p>` : '',
      `<p>${DEMO_CLOSING[store]}</p>`,
    ]
      .filter(Boolean)
      .join('\n');
  return { lt: part('lt', ' – '), en: part('en', ': '), ru: part('ru', ' — ') };
}

/** one short text shared by many products (large benchmark catalogues stay small) */
function genericDescription(about: LocalizedText): LocalizedText {
  const part = (store: keyof LocalizedText) => `${DEMO_COMMENT}\n<p>${capitalize(about[store])}.</p>`;
  return { lt: part('lt'), en: part('en'), ru: part('ru') };
}

function shortDescription(about: LocalizedText): LocalizedText {
  return { lt: `${capitalize(about.lt)}.`, en: `${capitalize(about.en)}.`, ru: `${capitalize(about.ru)}.` };
}

function withNoun(noun: LocalizedText | undefined, base: LocalizedText): Text {
  if (!noun) return base.lt === base.en && base.ru === base.en ? base.en : base;
  return { lt: `${noun.lt} ${base.lt}`, en: `${base.en} ${noun.en}`, ru: `${noun.ru} ${base.ru}` };
}

function withGrade(name: Text, grade: GradeDef): Text {
  if (grade.grade === 'new') return name;
  return {
    lt: `${textIn(name, 'lt')} (atnaujinta prekė, būklė ${grade.short})`,
    en: `${textIn(name, 'en')} (refurbished, grade ${grade.short})`,
    ru: `${textIn(name, 'ru')} (восстановленный товар, класс ${grade.short})`,
  };
}

/** a colour in a name, in the store view's language ("Black", "Juoda", "Чёрный") */
function nameColor(key: ColorKey): LocalizedText {
  const own = NAME_COLOR[key];
  return own ? L(own, own, own) : colorDef(key).label;
}

/**
 * a name part with sizes (a capacity, memory, a model's "RTX 4070 12GB"): lt and en as the shops
 * write it ("128GB"), ru in Russian units ("128 ГБ", "1 ТБ"), as the attribute's own labels
 * (attributes.ts unitLabel)
 */
function nameUnits(text: string): LocalizedText {
  return L(text, text, unitLabel(text.replace(/(\d)(GB|TB|mAh)\b/g, '$1 $2')).ru);
}

/** the same words in every store view, joined by spaces */
function joinNames(parts: (string | LocalizedText)[]): LocalizedText {
  const of = (store: keyof LocalizedText) => parts.map((p) => textIn(p, store)).join(' ');
  return { lt: of('lt'), en: of('en'), ru: of('ru') };
}

function axesOf(model: ModelDef): Axis[] {
  const axes: Axis[] = [];
  if ((model.capacities?.length ?? 0) > 1) axes.push('capacity');
  if ((model.colors?.length ?? 0) > 1) axes.push('color');
  return axes;
}

function composeName(leaf: LeafSpec, model: ModelDef, cfg: PhysicalConfig): LocalizedText {
  const parts: (string | LocalizedText)[] = [
    model.brand,
    nameUnits(cfg.size !== undefined ? model.model.replace('{size}', String(cfg.size)) : model.model),
  ];
  if (leaf.sizeInName && cfg.size !== undefined) parts.push(inches(cfg.size));
  if (cfg.cpu) parts.push(cfg.cpu);
  if (cfg.memory) parts.push(nameUnits(`${cfg.memory}GB`));
  if (cfg.capacity) parts.push(nameUnits(cfg.capacity));
  if (cfg.color && (model.colors?.length ?? 0) > 1) parts.push(nameColor(cfg.color));
  return joinNames(parts);
}

class CatalogBuilder {
  readonly products: ImportProduct[] = [];
  /** leaf category of every top-level product, by sku */
  readonly leafOf = new Map<string, number>();
  /** the brand + model part of a name (no noun, no grade), by sku: used in set and bundle names */
  readonly baseName = new Map<string, LocalizedText>();
  private nextId = 1001;
  private specialCounter = 0;
  private readonly usedNames = new Set<string>();
  private readonly sharedDescriptions = new Map<number, LocalizedText>();
  private readonly slugs = new Map<string, string>();
  private readonly images = new Map<string, string>();
  private readonly days = new Map<number, string>();
  private readonly galleries = new Map<string, { image: string }[]>();

  constructor(
    readonly rng: Rng,
    readonly ref: Date,
    readonly brands: string[],
    /** large benchmark catalogues: shared descriptions, no duplicate-name avoidance */
    readonly lean: boolean,
  ) {}

  id(): number {
    return this.nextId++;
  }

  private timestamps(): { created_at: string; updated_at: string } {
    const ageDays = this.rng.int(1, 720);
    const created = this.ref.getTime() - ageDays * DAY - this.rng.int(0, 86_399) * 1000;
    const updated = created + this.rng.int(0, ageDays - 1) * DAY + this.rng.int(0, 86_399) * 1000;
    return {
      created_at: this.iso(created),
      updated_at: this.iso(Math.min(updated, this.ref.getTime() - 1000)),
    };
  }

  /** `new Date(ms).toISOString()` for whole seconds, with the date part cached (fast for 100k rows) */
  private iso(ms: number): string {
    const day = Math.floor(ms / DAY);
    let date = this.days.get(day);
    if (date === undefined) {
      date = new Date(day * DAY).toISOString().slice(0, 11);
      this.days.set(day, date);
    }
    const secs = Math.floor((ms - day * DAY) / 1000);
    const two = (n: number) => (n < 10 ? `0${n}` : String(n));
    return `${date}${two(Math.floor(secs / 3600))}:${two(Math.floor(secs / 60) % 60)}:${two(secs % 60)}.000Z`;
  }

  private popularity(): { is_promoted: number; sales_count: number } {
    return {
      is_promoted: this.rng.chance(0.05) ? 1 : 0,
      sales_count: Math.floor(this.rng.float() ** 3 * 900),
    };
  }

  private mpn(brand: string): string {
    const prefix = brand
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase();
    return `${prefix}-${this.rng.code(7)}`;
  }

  private stock(graded: boolean): ImportStock {
    const r = this.rng.float();
    if (r < (graded ? 0.08 : 0.06)) return { is_in_stock: false, qty: 0, manage_stock: true };
    if (r < (graded ? 0.4 : 0.16)) return { is_in_stock: true, qty: this.rng.int(1, 3), manage_stock: true };
    return { is_in_stock: true, qty: graded ? this.rng.int(4, 12) : this.rng.int(4, 60), manage_stock: true };
  }

  /** `/demo/<folder>/<look>.png`, one string per image */
  private image(folder: string, look: number): string {
    const key = `${folder}/${look}`;
    let image = this.images.get(key);
    if (image === undefined) {
      image = `/demo/${key}.png`;
      this.images.set(key, image);
    }
    return image;
  }

  private gallery(folder: string, look: number): { image: string }[] {
    const extra = this.rng.int(1, 2);
    const make = () => {
      const looks = [look];
      for (let i = 1; i <= extra; i++) looks.push(((look - 1 + i * 2) % IMAGE_LOOKS) + 1);
      return looks.map((n) => ({ image: this.image(folder, n) }));
    };
    if (!this.lean) return make();
    // large catalogues share the (read-only) gallery arrays
    const key = `${folder}/${look}/${extra}`;
    let shared = this.galleries.get(key);
    if (!shared) {
      shared = make();
      this.galleries.set(key, shared);
    }
    return shared;
  }

  private description(
    categoryId: number,
    name: Text,
    about: LocalizedText,
    line: LocalizedText | null,
  ): LocalizedText {
    if (!this.lean) return describe(name, about, line);
    let shared = this.sharedDescriptions.get(categoryId);
    if (!shared) {
      shared = genericDescription(about);
      this.sharedDescriptions.set(categoryId, shared);
    }
    return shared;
  }

  /**
   * A special price on some products, cycling through the window kinds so that every kind occurs:
   * active now, expired, starting in the future, open-ended, and active until a future date.
   */
  private maybeSpecial(p: ImportProduct, gross: number, chance: number): void {
    if (!this.rng.chance(chance)) return;
    const specialGross = niceGross(gross * (0.8 + this.rng.float() * 0.13));
    if (specialGross >= gross) return;
    const kind = this.specialCounter++ % 5;
    const at = (days: number) => new Date(this.ref.getTime() + days * DAY).toISOString();
    p.special_price = netOf(specialGross);
    if (kind === 0) {
      p.special_from_date = at(-this.rng.int(1, 20));
      p.special_to_date = at(this.rng.int(5, 40));
    } else if (kind === 1) {
      p.special_from_date = at(-this.rng.int(60, 120));
      p.special_to_date = at(-this.rng.int(2, 30));
    } else if (kind === 2) {
      p.special_from_date = at(this.rng.int(3, 20));
      p.special_to_date = at(this.rng.int(25, 60));
    } else if (kind === 4) {
      p.special_to_date = at(this.rng.int(3, 30));
    }
  }

  private pickConfig(leaf: LeafSpec, model: ModelDef, axis: Axis | null): PhysicalConfig {
    const rng = this.rng;
    const cfg: PhysicalConfig = { factor: 1 };
    if (model.sizes?.length) {
      const i = rng.int(0, model.sizes.length - 1);
      cfg.size = model.sizes[i];
      cfg.factor *= 1 + i * (leaf.sizeStep ?? 0);
    }
    if (model.cpus?.length) {
      const i = rng.int(0, model.cpus.length - 1);
      cfg.cpu = model.cpus[i];
      cfg.factor *= 1 + i * (leaf.cpuStep ?? 0);
    }
    if (model.memory?.length) {
      const i = rng.int(0, model.memory.length - 1);
      cfg.memory = model.memory[i];
      cfg.factor *= 1 + i * (leaf.memoryStep ?? 0);
    }
    if (model.capacities?.length && axis !== 'capacity') {
      const i = rng.int(0, model.capacities.length - 1);
      cfg.capacity = model.capacities[i];
      cfg.factor *= 1 + i * (leaf.capacityStep ?? 0);
    }
    if (model.colors?.length && axis !== 'color') cfg.color = rng.pick(model.colors);
    return cfg;
  }

  private attributeValues(model: ModelDef, cfg: PhysicalConfig): Record<string, number> {
    const values: Record<string, number> = { manufacturer: manufacturerValue(this.brands, model.brand) };
    if (cfg.size !== undefined) values.screen_size = screenSizeValue(cfg.size);
    if (cfg.memory) values.memory = memoryValue(cfg.memory);
    if (cfg.capacity) values.capacity = capacityDef(cfg.capacity).value;
    if (cfg.color) values.color = colorDef(cfg.color).value;
    if (model.connectivity) values.connectivity = CONNECTIVITY_VALUES[model.connectivity];
    return values;
  }

  private record(p: ImportProduct, leafId: number, base: LocalizedText): ImportProduct {
    this.products.push(p);
    this.leafOf.set(p.sku, leafId);
    if (!this.lean) this.baseName.set(p.sku, base);
    return p;
  }

  private urlKey(name: Text): string {
    const en = textIn(name, 'en');
    let slug = this.slugs.get(en);
    if (slug === undefined) {
      slug = slugify(en);
      this.slugs.set(en, slug);
    }
    return slug;
  }

  physical(leaf: LeafSpec): void {
    const def = categoryDef(leaf.categoryId);
    const model = this.rng.pick(leaf.models);
    const axes = axesOf(model);
    if (def.gradable && axes.length > 0 && this.rng.chance(leaf.configurableShare)) {
      this.configurable(leaf, model, this.rng.pick(axes));
    } else {
      this.simple(leaf, model);
    }
  }

  simple(leaf: LeafSpec, firstModel: ModelDef): ImportProduct {
    const rng = this.rng;
    const def = categoryDef(leaf.categoryId);
    const folder = def.folder as string;
    let model = firstModel;
    let cfg = this.pickConfig(leaf, model, null);
    let grade = def.gradable && rng.chance(0.3) ? rng.pick(USED_GRADES) : NEW_GRADE;
    let base = composeName(leaf, model, cfg);
    for (
      let attempt = 0;
      !this.lean && attempt < 8 && this.usedNames.has(`${base.en}|${grade.code}`);
      attempt++
    ) {
      model = rng.pick(leaf.models);
      cfg = this.pickConfig(leaf, model, null);
      grade = def.gradable && rng.chance(0.3) ? rng.pick(USED_GRADES) : NEW_GRADE;
      base = composeName(leaf, model, cfg);
    }
    if (!this.lean) this.usedNames.add(`${base.en}|${grade.code}`);

    const id = this.id();
    const newGross = niceGross(model.price * cfg.factor);
    const gross = grade.grade === 'new' ? newGross : niceGross(newGross * grade.priceFactor);
    const name = withGrade(withNoun(model.noun ?? leaf.noun, base), grade);
    const look = cfg.color ? COLOR_LOOK[cfg.color] : rng.int(1, IMAGE_LOOKS);
    const graded = grade.grade !== 'new';
    const p: ImportProduct = {
      id,
      sku: `${leaf.prefix}-${id}`,
      type_id: 'simple',
      status: 1,
      visibility: 4,
      name,
      description: this.description(leaf.categoryId, name, leaf.about, conditionLine(grade)),
      ...(this.lean ? {} : { short_description: shortDescription(leaf.about) }),
      url_key: this.urlKey(name),
      slug: storeSlugs(name),
      brand: model.brand,
      mpn: this.mpn(model.brand),
      image: this.image(folder, look),
      media_gallery: this.gallery(folder, look),
      price: netOf(gross),
      tax_class_id: PRODUCT_TAX_CLASS,
      category_ids: graded
        ? [...categoryPath(leaf.categoryId), REFURBISHED_CATEGORY_ID]
        : categoryPath(leaf.categoryId),
      stock: this.stock(graded),
      ...this.attributeValues(model, cfg),
      condition: grade.value,
      ...this.popularity(),
      ...this.timestamps(),
    };
    this.maybeSpecial(p, gross, 0.22);
    return this.record(p, leaf.categoryId, base);
  }

  configurable(leaf: LeafSpec, model: ModelDef, axis: Axis): ImportProduct {
    const rng = this.rng;
    const def = categoryDef(leaf.categoryId);
    const folder = def.folder as string;
    const cfg = this.pickConfig(leaf, model, axis);
    const base = composeName(leaf, model, cfg);
    const id = this.id();
    const sku = `${leaf.prefix}-${id}`;
    const noun = model.noun ?? leaf.noun;

    const axisList: string[] = (axis === 'color' ? model.colors : model.capacities) ?? [];
    const axisValues = rng.sample(axisList, rng.int(2, Math.min(3, axisList.length)));
    const grades = rng.chance(0.55)
      ? [NEW_GRADE, ...rng.sample(USED_GRADES, rng.int(2, 4))]
      : rng.sample(USED_GRADES, rng.int(2, 4));

    const children: ImportConfigurableChild[] = [];
    const usedGradeValues = new Set<number>();
    const usedAxisValues = new Set<string>();
    for (const grade of grades) {
      for (const value of axisValues) {
        if (children.length >= 2 && !rng.chance(0.8)) continue;
        const capIndex = axis === 'capacity' ? axisList.indexOf(value) : 0;
        const newGross = niceGross(model.price * cfg.factor * (1 + capIndex * (leaf.capacityStep ?? 0)));
        const gross = grade.grade === 'new' ? newGross : niceGross(newGross * grade.priceFactor);
        const axisShort = axis === 'color' ? nameColor(value as ColorKey) : nameUnits(value);
        const axisCode = axis === 'color' ? colorDef(value as ColorKey).code : value.toUpperCase();
        const look =
          axis === 'color'
            ? COLOR_LOOK[value as ColorKey]
            : cfg.color
              ? COLOR_LOOK[cfg.color]
              : 1 + (id % IMAGE_LOOKS);
        const childBase = withNoun(noun, joinNames([base, axisShort]));
        const childId = this.id();
        const child: ImportConfigurableChild = {
          id: childId,
          sku: `${sku}-${grade.code}-${axisCode}`,
          price: netOf(gross),
          image: this.image(folder, look),
          status: rng.chance(0.02) ? 2 : 1,
          stock: this.stock(grade.grade !== 'new'),
          condition: grade.value,
          [axis]:
            axis === 'color' ? colorDef(value as ColorKey).value : capacityDef(value as CapacityKey).value,
        };
        if (!this.lean) {
          child.name = {
            lt: `${textIn(childBase, 'lt')}, būklė: ${grade.label.lt}`,
            en: `${textIn(childBase, 'en')}, condition: ${grade.label.en}`,
            ru: `${textIn(childBase, 'ru')}, состояние: ${grade.label.ru}`,
          };
        }
        usedGradeValues.add(grade.value);
        usedAxisValues.add(value);
        if (rng.chance(0.05)) {
          const special = niceGross(gross * 0.9);
          if (special < gross) child.special_price = netOf(special);
        }
        children.push(child);
      }
    }

    this.unsellCheapest(id, children);
    const usedGrades = GRADES.filter((g) => usedGradeValues.has(g.value));
    const usedAxis = axisValues.filter((v) => usedAxisValues.has(v));
    const sellable = children.filter((c) => c.status === 1 && c.stock.is_in_stock);
    const graded = usedGrades.some((g) => g.grade !== 'new');
    const name = withNoun(noun, base);
    const firstImage = children[0]?.image ?? `/demo/${folder}/1.png`;
    const images = [...new Set(children.map((c) => c.image as string))];
    const p: ImportProduct = {
      id,
      sku,
      type_id: 'configurable',
      status: 1,
      visibility: 4,
      name,
      description: this.description(leaf.categoryId, name, leaf.about, configurableLine(axis)),
      ...(this.lean ? {} : { short_description: shortDescription(leaf.about) }),
      url_key: this.urlKey(name),
      slug: storeSlugs(name),
      brand: model.brand,
      mpn: this.mpn(model.brand),
      image: firstImage,
      media_gallery: images.map((image) => ({ image })),
      price: ownConfigurablePrice(id, children),
      tax_class_id: PRODUCT_TAX_CLASS,
      category_ids: graded
        ? [...categoryPath(leaf.categoryId), REFURBISHED_CATEGORY_ID]
        : categoryPath(leaf.categoryId),
      stock: {
        is_in_stock: sellable.length > 0,
        qty: sellable.reduce((s, c) => s + c.stock.qty, 0),
        manage_stock: true,
      },
      ...this.attributeValues(model, cfg),
      configurable_options: [
        {
          attribute_id: ATTRIBUTE_IDS.condition,
          attribute_code: 'condition',
          label: 'Condition',
          values: usedGrades.map((g) => ({ value_index: g.value })),
        },
        axis === 'color'
          ? {
              attribute_id: ATTRIBUTE_IDS.color,
              attribute_code: 'color',
              label: 'Color',
              values: usedAxis.map((v) => ({ value_index: colorDef(v as ColorKey).value })),
            }
          : {
              attribute_id: ATTRIBUTE_IDS.capacity,
              attribute_code: 'capacity',
              label: 'Capacity',
              values: usedAxis.map((v) => ({ value_index: capacityDef(v as CapacityKey).value })),
            },
      ],
      configurable_children: children,
      ...this.popularity(),
      ...this.timestamps(),
    };
    return this.record(p, leaf.categoryId, base);
  }

  /**
   * Every tenth configurable has its cheapest child out of stock, every tenth other one has it
   * disabled: the shop must show the cheapest child that can be bought. Chosen by
   * id, not by the random stream, so the rest of the catalogue stays as it was.
   */
  private unsellCheapest(id: number, children: ImportConfigurableChild[]): void {
    if (children.length < 2 || (id % 10 !== 0 && id % 10 !== 5)) return;
    const cheapest = children.reduce((a, b) => (b.price < a.price ? b : a));
    if (id % 10 === 0) cheapest.stock = { is_in_stock: false, qty: 0, manage_stock: true };
    else cheapest.status = 2;
  }

  digital(item: DigitalItem, type: 'virtual' | 'downloadable'): ImportProduct {
    const id = this.id();
    const look = 1 + (id % IMAGE_LOOKS);
    const p: ImportProduct = {
      id,
      sku: `${item.prefix}-${id}`,
      type_id: type,
      status: 1,
      visibility: 4,
      name: item.name,
      description: describe(item.name, item.about, null),
      short_description: shortDescription(item.about),
      url_key: slugify(item.name.en),
      slug: storeSlugs(item.name),
      ...(item.brand ? { brand: item.brand } : {}),
      image: `/demo/${item.folder}/${look}.png`,
      media_gallery: [{ image: `/demo/${item.folder}/${look}.png` }],
      price: netOf(item.price),
      tax_class_id: PRODUCT_TAX_CLASS,
      category_ids: categoryPath(item.categoryId),
      stock: { is_in_stock: true, qty: 999, manage_stock: false },
      ...(item.brand ? { manufacturer: manufacturerValue(this.brands, item.brand) } : {}),
      ...this.popularity(),
      ...this.timestamps(),
    };
    this.maybeSpecial(p, item.price, 0.15);
    return this.record(p, item.categoryId, item.name);
  }
}

// ------------------------------------------------------------------ allocation helpers

/** split `total` over `weights` (largest remainder), deterministic */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let rest = total - counts.reduce((s, c) => s + c, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    counts[i] = (counts[i] as number) + 1;
    rest--;
  }
  return counts;
}

function generatePhysical(builder: CatalogBuilder, count: number): void {
  const counts = allocate(
    count,
    LEAF_SPECS.map((s) => s.weight),
  );
  LEAF_SPECS.forEach((leaf, i) => {
    for (let n = 0; n < (counts[i] as number); n++) builder.physical(leaf);
  });
}

/** a few disabled products, a few not visible individually (accessories sold in sets), a few catalogue- or search-only */
function markVisibility(builder: CatalogBuilder, rng: Rng): void {
  const simples = builder.products.filter((p) => p.type_id === 'simple');
  for (const p of rng.sample(simples, Math.max(3, Math.round(simples.length * 0.01)))) p.status = 2;
  const accessories = simples.filter(
    (p) => p.status === 1 && ACCESSORY_CATEGORIES.has(builder.leafOf.get(p.sku) ?? 0),
  );
  for (const p of rng.sample(accessories, Math.max(4, Math.round(simples.length * 0.006)))) p.visibility = 1;
  const visible = simples.filter((p) => p.status === 1 && p.visibility === 4);
  const few = rng.sample(visible, Math.max(2, Math.round(simples.length * 0.02)));
  few.forEach((p, i) => (p.visibility = i % 2 === 0 ? 2 : 3));
}

// ------------------------------------------------------------------ grouped and bundle products

interface SetTemplate {
  main: number;
  parts: { categoryId: number; qty: number }[];
  /** from the main product's brand-and-model name in each store view */
  name: (main: LocalizedText) => LocalizedText;
}

const SET_TEMPLATES: SetTemplate[] = [
  {
    main: 11,
    parts: [
      { categoryId: 13, qty: 1 },
      { categoryId: 22, qty: 1 },
      { categoryId: 21, qty: 1 },
    ],
    name: (m) =>
      L(`Namų biuro rinkinys su ${m.lt}`, `Home office set with ${m.en}`, `Комплект для домашнего офиса с ${m.ru}`),
  },
  {
    main: 51,
    parts: [{ categoryId: 43, qty: 1 }],
    name: (m) =>
      L(`Namų kino rinkinys su ${m.lt}`, `Home cinema set with ${m.en}`, `Комплект домашнего кинотеатра с ${m.ru}`),
  },
  {
    main: 71,
    parts: [
      { categoryId: 72, qty: 2 },
      { categoryId: 41, qty: 1 },
    ],
    name: (m) => L(`Žaidimų rinkinys su ${m.lt}`, `Gaming set with ${m.en}`, `Игровой комплект с ${m.ru}`),
  },
  {
    main: 53,
    parts: [
      { categoryId: 84, qty: 2 },
      { categoryId: 82, qty: 1 },
    ],
    name: (m) => L(`Fotografo rinkinys su ${m.lt}`, `Photographer's set with ${m.en}`, `Комплект фотографа с ${m.ru}`),
  },
  {
    main: 65,
    parts: [{ categoryId: 66, qty: 1 }],
    name: (m) => L(`Virtuvės rinkinys su ${m.lt}`, `Kitchen set with ${m.en}`, `Кухонный комплект с ${m.ru}`),
  },
  {
    main: 31,
    parts: [
      { categoryId: 83, qty: 1 },
      { categoryId: 81, qty: 1 },
    ],
    name: (m) =>
      L(`Išmaniojo telefono rinkinys su ${m.lt}`, `Smartphone set with ${m.en}`, `Комплект со смартфоном ${m.ru}`),
  },
  {
    main: 11,
    parts: [
      { categoryId: 82, qty: 1 },
      { categoryId: 22, qty: 1 },
    ],
    name: (m) => L(`Studento rinkinys su ${m.lt}`, `Student set with ${m.en}`, `Студенческий комплект с ${m.ru}`),
  },
];

const SET_ABOUT = L(
  'rinkinys, kurio prekes galite įsigyti kartu; kiekvienos prekės kiekį galite pasirinkti krepšelyje',
  'a set of products to buy together; you can choose the quantity of each item in the cart',
  'комплект товаров для совместной покупки; количество каждого товара можно выбрать в корзине',
);

/** whether a warranty's price band covers a product at `price` gross euros */
export function warrantyCovers(band: readonly [number, number] | undefined, price: number): boolean {
  return band !== undefined && price >= band[0] && price < band[1];
}

interface BundleSlot {
  /** in every store view (no English in the lt and ru views) */
  title: LocalizedText;
  type: ImportBundleOption['type'];
  required: boolean;
  choices: number;
  /** a physical category, or a virtual selector */
  categoryId?: number;
  warrantyFor?: number;
  installTags?: string[];
}

const BUNDLE_TEMPLATES: BundleSlot[][] = [
  [
    { title: L('Nešiojamas kompiuteris', 'Laptop', 'Ноутбук'), type: 'radio', required: true, choices: 2, categoryId: 11 },
    { title: L('Pelė', 'Mouse', 'Мышь'), type: 'radio', required: true, choices: 3, categoryId: 22 },
    { title: L('Krepšys', 'Bag', 'Сумка'), type: 'radio', required: false, choices: 2, categoryId: 82 },
    { title: L('Papildoma garantija', 'Extended warranty', 'Расширенная гарантия'), type: 'checkbox', required: false, choices: 2, warrantyFor: 11 },
  ],
  [
    { title: L('Stacionarus kompiuteris', 'Desktop', 'Настольный компьютер'), type: 'radio', required: true, choices: 2, categoryId: 12 },
    { title: L('Monitorius', 'Monitor', 'Монитор'), type: 'radio', required: true, choices: 2, categoryId: 13 },
    { title: L('Klaviatūra', 'Keyboard', 'Клавиатура'), type: 'select', required: true, choices: 2, categoryId: 21 },
    { title: L('Pelė', 'Mouse', 'Мышь'), type: 'select', required: true, choices: 2, categoryId: 22 },
  ],
  [
    { title: L('Televizorius', 'TV', 'Телевизор'), type: 'radio', required: true, choices: 2, categoryId: 51 },
    { title: L('Garso kolonėlė', 'Soundbar', 'Саундбар'), type: 'radio', required: false, choices: 2, categoryId: 43 },
    {
      title: L('Įrengimas', 'Installation', 'Установка'),
      type: 'checkbox',
      required: false,
      choices: 3,
      installTags: ['tv-small', 'tv-large', 'smart-tv'],
    },
  ],
  [
    { title: L('Išmanusis telefonas', 'Smartphone', 'Смартфон'), type: 'radio', required: true, choices: 2, categoryId: 31 },
    { title: L('Išorinė baterija', 'Power bank', 'Внешний аккумулятор'), type: 'radio', required: false, choices: 2, categoryId: 83 },
    { title: L('Įkroviklis', 'Charger', 'Зарядное устройство'), type: 'radio', required: false, choices: 2, categoryId: 81 },
    { title: L('Duomenų perkėlimas', 'Data transfer', 'Перенос данных'), type: 'checkbox', required: false, choices: 1, installTags: ['phone'] },
  ],
  [
    { title: L('Skalbimo mašina', 'Washing machine', 'Стиральная машина'), type: 'radio', required: true, choices: 2, categoryId: 62 },
    { title: L('Įrengimas', 'Installation', 'Установка'), type: 'checkbox', required: false, choices: 1, installTags: ['washer'] },
    { title: L('Papildoma garantija', 'Extended warranty', 'Расширенная гарантия'), type: 'checkbox', required: false, choices: 2, warrantyFor: 62 },
  ],
  [
    { title: L('Žaidimų konsolė', 'Console', 'Игровая консоль'), type: 'radio', required: true, choices: 2, categoryId: 71 },
    { title: L('Valdiklis', 'Controller', 'Контроллер'), type: 'radio', required: true, choices: 2, categoryId: 72 },
    { title: L('Ausinės su mikrofonu', 'Headset', 'Гарнитура'), type: 'radio', required: false, choices: 2, categoryId: 41 },
  ],
];

const BUNDLE_ABOUT = L(
  'komplektas, kurio sudėtį galite pasirinkti patys; kaina apskaičiuojama pagal pasirinktas prekes',
  'a bundle you put together yourself; the price follows the items you choose',
  'комплект, состав которого вы выбираете сами; цена зависит от выбранных товаров',
);

function makeSetsAndBundles(
  builder: CatalogBuilder,
  rng: Rng,
  groupedCount: number,
  bundleCount: number,
  warranties: Map<number, ImportProduct[]>,
  installs: Map<string, ImportProduct>,
  warrantyBands: ReadonlyMap<string, readonly [number, number]>,
): void {
  // pools of simple, enabled, in-stock products by leaf category
  const pools = new Map<number, ImportProduct[]>();
  for (const p of builder.products) {
    if (p.type_id !== 'simple' || p.status !== 1 || !p.stock.is_in_stock) continue;
    const leaf = builder.leafOf.get(p.sku) as number;
    let list = pools.get(leaf);
    if (!list) pools.set(leaf, (list = []));
    list.push(p);
  }
  const pickFrom = (
    categoryId: number,
    preferHidden: boolean,
    visibleOnly: boolean,
  ): ImportProduct | undefined => {
    const pool = (pools.get(categoryId) ?? []).filter((p) => !visibleOnly || p.visibility === 4);
    if (pool.length === 0) return undefined;
    const hidden = pool.filter((p) => p.visibility === 1);
    return preferHidden && hidden.length > 0 && rng.chance(0.7) ? rng.pick(hidden) : rng.pick(pool);
  };
  const link = (p: ImportProduct, qty: number): ImportProductLink => ({
    link_type: 'associated',
    linked_product_sku: p.sku,
    linked_product_type: p.type_id as ProductType,
    qty,
    is_default: true,
  });
  const common = (main: ImportProduct) => ({
    status: 1,
    visibility: 4,
    image: main.image,
    media_gallery: main.media_gallery,
    tax_class_id: PRODUCT_TAX_CLASS,
    category_ids: main.category_ids.filter((c) => c !== REFURBISHED_CATEGORY_ID),
    is_promoted: rng.chance(0.2) ? 1 : 0,
    sales_count: rng.int(0, 80),
    created_at: new Date(builder.ref.getTime() - rng.int(5, 200) * DAY).toISOString(),
    updated_at: new Date(builder.ref.getTime() - rng.int(1, 4) * DAY).toISOString(),
  });

  for (let i = 0, made = 0; made < groupedCount && i < groupedCount * 4; i++) {
    const t = SET_TEMPLATES[i % SET_TEMPLATES.length] as SetTemplate;
    const main = pickFrom(t.main, false, true);
    if (!main) continue;
    const parts = t.parts.map((part) => ({ p: pickFrom(part.categoryId, true, false), qty: part.qty }));
    if (parts.some((x) => !x.p)) continue;
    const links = [link(main, 1), ...parts.map((x) => link(x.p as ImportProduct, x.qty))];
    const members = [{ p: main, qty: 1 }, ...(parts as { p: ImportProduct; qty: number }[])];
    const id = builder.id();
    const name = t.name(builder.baseName.get(main.sku) as LocalizedText);
    builder.products.push({
      id,
      sku: `SET-${id}`,
      type_id: 'grouped',
      ...common(main),
      name,
      description: describe(name, SET_ABOUT, null),
      short_description: shortDescription(SET_ABOUT),
      url_key: slugify(name.en),
      slug: storeSlugs(name),
      price: sumEuros(members.map((x) => x.p.price * x.qty)),
      stock: {
        is_in_stock: true,
        qty: Math.min(...members.map((x) => Math.floor(x.p.stock.qty / x.qty))),
        manage_stock: true,
      },
      product_links: links,
    } as ImportProduct);
    made++;
  }

  for (let i = 0, made = 0; made < bundleCount && i < bundleCount * 4; i++) {
    const slots = BUNDLE_TEMPLATES[i % BUNDLE_TEMPLATES.length] as BundleSlot[];
    const options: ImportBundleOption[] = [];
    let main: ImportProduct | undefined;
    let ok = true;
    for (const slot of slots) {
      let choices: ImportProduct[] = [];
      if (slot.categoryId !== undefined) {
        const pool = (pools.get(slot.categoryId) ?? []).filter((p) => p.visibility === 4);
        choices = rng.sample(rng.shuffle(pool), slot.choices);
      } else if (slot.warrantyFor !== undefined) {
        // only the warranties whose price band covers every product the bundle offers for it: a
        // warranty "up to 300 €" is no add-on for a 1 000 € laptop (none fits: no warranty option)
        const covered = options
          .flatMap((o) => o.product_links)
          .map((l) => builder.products.find((p) => p.sku === l.sku))
          .filter((p): p is ImportProduct => p !== undefined && builder.leafOf.get(p.sku) === slot.warrantyFor);
        const fits = (warranties.get(slot.warrantyFor) ?? []).filter((w) =>
          covered.every((p) => warrantyCovers(warrantyBands.get(w.sku), p.price * (1 + LT_VAT / 100))),
        );
        choices = covered.length ? rng.sample(fits, Math.min(slot.choices, fits.length)) : [];
      } else if (slot.installTags) {
        choices = slot.installTags
          .map((t) => installs.get(t))
          .filter((p): p is ImportProduct => p !== undefined);
      }
      if (choices.length === 0) {
        if (slot.required) ok = false;
        continue;
      }
      if (!main) main = choices[0];
      options.push({
        option_id: options.length + 1,
        title: slot.title,
        type: slot.type,
        required: slot.required,
        product_links: choices.map((c, k) => ({ sku: c.sku, qty: 1, is_default: slot.required && k === 0 })),
      });
    }
    if (!ok || !main) continue;
    const defaults = options.flatMap((o) =>
      o.product_links
        .filter((l) => l.is_default)
        .map((l) => builder.products.find((p) => p.sku === l.sku) as ImportProduct),
    );
    const id = builder.id();
    const mainName = builder.baseName.get(main.sku) as LocalizedText;
    const name = L(
      `Komplektas: ${mainName.lt} su priedais`,
      `${mainName.en} bundle with accessories`,
      `Комплект: ${mainName.ru} с аксессуарами`,
    );
    builder.products.push({
      id,
      sku: `BND-${id}`,
      type_id: 'bundle',
      ...common(main),
      name,
      description: describe(name, BUNDLE_ABOUT, null),
      short_description: shortDescription(BUNDLE_ABOUT),
      url_key: slugify(name.en),
      slug: storeSlugs(name),
      price: sumEuros(defaults.map((p) => p.price)),
      stock: { is_in_stock: true, qty: Math.min(...defaults.map((p) => p.stock.qty)), manage_stock: true },
      bundle_options: options,
    } as ImportProduct);
    made++;
  }
}

// ------------------------------------------------------------------ the two generators

function shopData(seed: number, ref: Date, rng: Rng): Omit<DemoImportFile, 'products' | 'attributes'> {
  return {
    categories: buildCategories(),
    taxrules: buildTaxRules(),
    coupons: buildCoupons(ref),
    cms_pages: buildCmsPages(),
    cms_blocks: buildCmsBlocks(),
    shipping_methods: buildShippingMethods(),
    payment_methods: buildPaymentMethods(),
    pickup_points: buildPickupPoints(rng.fork('pickup-points')),
    banners: buildBanners(),
    shop_config: buildShopConfig(seed, ref),
  };
}

function assemble(
  seed: number,
  ref: Date,
  brands: string[],
  products: ImportProduct[],
  rng: Rng,
): DemoImportFile {
  const { categories, ...rest } = shopData(seed, ref, rng);
  return { attributes: buildAttributes(brands), categories, products, ...rest };
}

/**
 * The demo catalogue: `productCount` top-level products of every type (simple, configurable with
 * condition grades plus colour or capacity, grouped, bundle, virtual, downloadable) in the category
 * tree under root 2, with the shop's CMS pages, tax rules, coupons, methods, pickup points and banners.
 */
export function generateDemoCatalog(options: DemoCatalogOptions = {}): DemoImportFile {
  const seed = options.seed ?? 42;
  const productCount = Math.max(0, Math.floor(options.productCount ?? 2400));
  const ref = startOfUtcDay(options.referenceDate ?? new Date());
  const rng = new Rng(seed);
  const brands = demoBrands();
  const builder = new CatalogBuilder(rng.fork('products'), ref, brands, false);

  const small = productCount < 40;
  const virtualCount = small ? 0 : Math.round(productCount * 0.04);
  const downloadableCount = small ? 0 : Math.round(productCount * 0.03);
  const groupedCount = small ? 0 : Math.max(1, Math.round(productCount * 0.0125));
  const bundleCount = small ? 0 : Math.max(1, Math.round(productCount * 0.015));
  const physicalCount = productCount - virtualCount - downloadableCount - groupedCount - bundleCount;

  generatePhysical(builder, physicalCount);
  markVisibility(builder, rng.fork('visibility'));

  // virtual: every installation service, then warranties spread over all targets and tiers
  const installs = new Map<string, ImportProduct>();
  const warranties = new Map<number, ImportProduct[]>();
  const warrantyBands = new Map<string, readonly [number, number]>();
  const installList = installationItems();
  const warrantyList = warrantyItems();
  const pick = rng.fork('digital');
  const virtualItems = [
    ...installList.slice(0, virtualCount),
    ...pick.sample(warrantyList, Math.max(0, virtualCount - installList.length)),
  ];
  for (const item of virtualItems) {
    const p = builder.digital(item, 'virtual');
    if (item.tag) installs.set(item.tag, p);
    if (item.priceBand) warrantyBands.set(p.sku, item.priceBand);
    if (item.forCategory !== undefined) {
      const list = warranties.get(item.forCategory) ?? [];
      list.push(p);
      warranties.set(item.forCategory, list);
    }
  }
  const software = softwareItems();
  const softwareList =
    downloadableCount <= software.length
      ? pick.sample(software, downloadableCount)
      : Array.from({ length: downloadableCount }, (_, i) => software[i % software.length] as DigitalItem);
  for (const item of softwareList) builder.digital(item, 'downloadable');

  makeSetsAndBundles(builder, rng.fork('sets'), groupedCount, bundleCount, warranties, installs, warrantyBands);

  // fill up if a set or bundle template found no parts (tiny catalogues)
  const filler = LEAF_SPECS[0] as LeafSpec;
  while (builder.products.length < productCount) builder.simple(filler, builder.rng.pick(filler.models));

  return assemble(seed, ref, brands, builder.products, rng);
}

/**
 * A large catalogue for benchmarks: the same shop data and shape, `productCount` simple and
 * configurable products (default 100,000) with shared generic descriptions, built in a few seconds.
 */
export function generateLargeCatalog(options: LargeCatalogOptions = {}): DemoImportFile {
  const seed = options.seed ?? 42;
  const productCount = Math.max(0, Math.floor(options.productCount ?? 100_000));
  const ref = startOfUtcDay(options.referenceDate ?? new Date());
  const rng = new Rng(seed);
  const brands = demoBrands();
  const builder = new CatalogBuilder(rng.fork('products'), ref, brands, true);
  generatePhysical(builder, productCount);
  markVisibility(builder, rng.fork('visibility'));
  return assemble(seed, ref, brands, builder.products, rng);
}
