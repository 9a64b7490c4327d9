/**
 * Tax rules, coupons, shipping and payment methods, pickup points, banners and shop configuration of
 * the demo shop. Money is decimal euros net of tax (the import format).
 */
import { categoryDef } from './categories.ts';
import { SHOP_EMAIL, SHOP_PHONE } from './cms.ts';
import type { Rng } from './random.ts';
import type {
  ImportBanner,
  ImportCoupon,
  ImportPaymentMethod,
  ImportPickupPoint,
  ImportShippingMethod,
  ImportShopConfig,
  ImportTaxRule,
  LocalizedText,
} from './types.ts';

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });
const DAY = 86_400_000;
const iso = (ref: Date, days: number) => new Date(ref.getTime() + days * DAY).toISOString();

export const PRODUCT_TAX_CLASS = 2;
export const CUSTOMER_TAX_CLASS = 3;
/**
 * free delivery from this subtotal: 81.82 net is 99,00 € incl. 21 % VAT, as the CMS texts say (the
 * import format's rule, domain importedInclTax: net + VAT rounded half up to the cent)
 */
export const FREE_SHIPPING_FROM = 81.82;
/** the cash-on-delivery fee as imported: 2.48 net is 3,00 € incl. VAT (COD_FEE_CENTS charges it) */
export const CASH_ON_DELIVERY_FEE = 2.48;

export function buildTaxRules(): ImportTaxRule[] {
  const rule = (id: number, code: string, country: string, rate: number): ImportTaxRule => ({
    id,
    code,
    product_tax_class_ids: [PRODUCT_TAX_CLASS],
    customer_tax_class_ids: [CUSTOMER_TAX_CLASS],
    rates: [{ rate, tax_country_id: country, tax_region_id: 0, region_name: '' }],
  });
  return [rule(1, 'LT VAT', 'LT', 21), rule(2, 'LV VAT', 'LV', 21), rule(3, 'EE VAT', 'EE', 24)];
}

export function buildCoupons(ref: Date): ImportCoupon[] {
  return [
    // the newsletter coupon (the CMS texts promise 10%)
    { code: 'NEWS10', type: 'percent', value: 10 },
    { code: 'WELCOME5', type: 'fixed', value: 4.13 }, // 5,00 € incl. VAT
    {
      code: 'SAVE50',
      type: 'fixed',
      value: 41.32, // 50,00 € off incl. VAT
      min_subtotal: 413.22, // from 500,00 € incl. VAT
      to_date: iso(ref, 90),
      uses_per_coupon: 500,
    },
    { code: 'FLASH15', type: 'percent', value: 15, from_date: iso(ref, -120), to_date: iso(ref, -60) },
    {
      code: 'PREORDER20',
      type: 'percent',
      value: 20,
      from_date: iso(ref, 30),
      to_date: iso(ref, 60),
      min_subtotal: 165.29, // from 200,00 € incl. VAT
    },
  ];
}

export function buildShippingMethods(): ImportShippingMethod[] {
  return [
    {
      code: 'courier_courier',
      carrier_code: 'courier',
      method_code: 'courier',
      title: L('Kurjeris į namus', 'Courier to your door', 'Курьер до двери'),
      price: 3.3, // 3.99 € incl. 21% VAT
      free_threshold: FREE_SHIPPING_FROM,
      countries: ['LT', 'LV', 'EE'],
      needs_pickup_point: false,
      is_default: true,
      position: 1,
    },
    {
      code: 'omniva_parcel_terminal',
      carrier_code: 'omniva',
      method_code: 'parcel_terminal',
      title: L('Omniva paštomatas', 'Omniva parcel locker', 'Почтомат Omniva'),
      price: 2.47, // 2.99 € incl. 21% VAT
      free_threshold: FREE_SHIPPING_FROM,
      countries: ['LT', 'LV', 'EE'],
      needs_pickup_point: true,
      is_default: false,
      position: 2,
    },
    {
      code: 'dpd_parcel_locker',
      carrier_code: 'dpd',
      method_code: 'parcel_locker',
      title: L('DPD paštomatas', 'DPD parcel locker', 'Почтомат DPD'),
      price: 2.47, // 2.99 € incl. 21% VAT
      free_threshold: FREE_SHIPPING_FROM,
      countries: ['LT', 'LV', 'EE'],
      needs_pickup_point: true,
      is_default: false,
      position: 3,
    },
    {
      code: 'storepickup_storepickup',
      carrier_code: 'storepickup',
      method_code: 'storepickup',
      title: L(
        'Atsiėmimas parduotuvėje Vilniuje',
        'Pickup at our store in Vilnius',
        'Самовывоз из магазина в Вильнюсе',
      ),
      price: 0,
      countries: ['LT'],
      // the store is a pickup point of its own (buildPickupPoints): its address and opening hours
      // are shown at checkout, and no home address is asked
      needs_pickup_point: true,
      is_default: false,
      position: 4,
    },
  ];
}

export function buildPaymentMethods(): ImportPaymentMethod[] {
  return [
    {
      code: 'NEOPAY',
      title: L('Mokėjimas per banką (NEOPAY)', 'Bank payment (NEOPAY)', 'Оплата через банк (NEOPAY)'),
      fee: 0,
      is_default: true,
      is_server_method: true,
      offline: false,
      allowed_for_virtual: true,
      position: 1,
    },
    {
      code: 'MOKILIZINGAS',
      title: L('Lizingas (Mokilizingas)', 'Financing (Mokilizingas)', 'Лизинг (Mokilizingas)'),
      fee: 0,
      is_default: false,
      is_server_method: true,
      offline: false,
      allowed_for_virtual: true,
      position: 2,
    },
    {
      code: 'banktransfer',
      title: L('Bankinis pavedimas', 'Bank transfer', 'Банковский перевод'),
      fee: 0,
      is_default: false,
      is_server_method: false,
      offline: true,
      allowed_for_virtual: true,
      position: 3,
    },
    {
      code: 'cashondelivery',
      title: L('Grynaisiais pristatymo metu', 'Cash on delivery', 'Наличными при получении'),
      // the collection fee of the CMS texts (3,00 € incl. VAT)
      fee: CASH_ON_DELIVERY_FEE,
      is_default: false,
      is_server_method: false,
      offline: true,
      allowed_for_virtual: false,
      position: 4,
    },
  ];
}

// ------------------------------------------------------------------ pickup points

/**
 * GENERATED demo pickup points: the place names are common shopping areas and the street names are
 * ordinary streets of each city, but the combinations, house numbers and postcodes are made up by the
 * generator. None of them is a real parcel locker address.
 */
const PICKUP_CITIES: {
  country: 'LT' | 'LV' | 'EE';
  city: string;
  places: string[];
  streets: string[];
  postcode: (rng: Rng) => string;
}[] = [
  {
    country: 'LT',
    city: 'Vilnius',
    places: ['Akropolis', 'Panorama', 'Ozas', 'Žirmūnai', 'Pilaitė'],
    streets: ['Ozo g.', 'Gedimino pr.', 'Savanorių pr.', 'Ukmergės g.', 'Žirmūnų g.'],
    postcode: (r) => `LT-${String(r.int(1000, 14999)).padStart(5, '0')}`,
  },
  {
    country: 'LT',
    city: 'Kaunas',
    places: ['Akropolis', 'Mega', 'Šilainiai'],
    streets: ['Karaliaus Mindaugo pr.', 'Savanorių pr.', 'Pramonės pr.'],
    postcode: (r) => `LT-${r.int(44000, 52999)}`,
  },
  {
    country: 'LT',
    city: 'Klaipėda',
    places: ['Akropolis', 'BIG'],
    streets: ['Taikos pr.', 'Liepų g.'],
    postcode: (r) => `LT-${r.int(91000, 95999)}`,
  },
  {
    country: 'LT',
    city: 'Šiauliai',
    places: ['Saulės miestas'],
    streets: ['Tilžės g.'],
    postcode: (r) => `LT-${r.int(76000, 78999)}`,
  },
  {
    country: 'LT',
    city: 'Panevėžys',
    places: ['Babilonas'],
    streets: ['Klaipėdos g.'],
    postcode: (r) => `LT-${r.int(35000, 37999)}`,
  },
  {
    country: 'LT',
    city: 'Alytus',
    places: ['centras'],
    streets: ['Naujoji g.'],
    postcode: (r) => `LT-${r.int(62000, 63999)}`,
  },
  {
    country: 'LV',
    city: 'Rīga',
    places: ['Origo', 'Alfa', 'Spice', 'Akropole'],
    streets: ['Brīvības iela', 'Krasta iela', 'Stacijas laukums', 'Ieriķu iela'],
    postcode: (r) => `LV-${r.int(1001, 1099)}`,
  },
  {
    country: 'LV',
    city: 'Daugavpils',
    places: ['centrs'],
    streets: ['Rīgas iela'],
    postcode: (r) => `LV-${r.int(5401, 5499)}`,
  },
  {
    country: 'LV',
    city: 'Liepāja',
    places: ['centrs'],
    streets: ['Lielā iela'],
    postcode: (r) => `LV-${r.int(3401, 3499)}`,
  },
  {
    country: 'LV',
    city: 'Jelgava',
    places: ['centrs'],
    streets: ['Katoļu iela'],
    postcode: (r) => `LV-${r.int(3001, 3099)}`,
  },
  {
    country: 'EE',
    city: 'Tallinn',
    places: ['Ülemiste', 'Kristiine', 'Rocca al Mare', 'Viru'],
    streets: ['Suur-Sõjamäe', 'Endla', 'Paldiski mnt', 'Narva mnt'],
    postcode: (r) => String(r.int(10111, 13999)),
  },
  {
    country: 'EE',
    city: 'Tartu',
    places: ['Lõunakeskus', 'Kvartal'],
    streets: ['Ringtee', 'Riia'],
    postcode: (r) => String(r.int(50101, 51999)),
  },
  {
    country: 'EE',
    city: 'Pärnu',
    places: ['Kaubamajakas'],
    streets: ['Papiniidu'],
    postcode: (r) => String(r.int(80010, 80099)),
  },
  {
    country: 'EE',
    city: 'Narva',
    places: ['Fama'],
    streets: ['Tallinna mnt'],
    postcode: (r) => String(r.int(20101, 21099)),
  },
];

const LOCKER_WORD: Record<'LT' | 'LV' | 'EE', string> = {
  LT: 'paštomatas',
  LV: 'pakomāts',
  EE: 'pakiautomaat',
};

export function buildPickupPoints(rng: Rng): ImportPickupPoint[] {
  const out: ImportPickupPoint[] = [];
  for (const carrier of ['omniva', 'dpd'] as const) {
    const counters: Record<string, number> = { LT: 0, LV: 0, EE: 0 };
    for (const c of PICKUP_CITIES) {
      c.places.forEach((place, i) => {
        const n = (counters[c.country] = (counters[c.country] ?? 0) + 1);
        const brand = carrier === 'omniva' ? 'Omniva' : 'DPD Pickup';
        out.push({
          id: `${carrier}-${c.country}-${String(n).padStart(4, '0')}`,
          carrier_code: carrier,
          name: `${brand} ${LOCKER_WORD[c.country]} ${c.city}, ${place} (demo)`,
          address: `${c.streets[i % c.streets.length]} ${rng.int(1, 120)}`,
          city: c.city,
          postcode: c.postcode(rng),
          country_id: c.country,
        });
      });
    }
  }
  out.push(DEMO_STORE);
  return out;
}

/**
 * The demo shop's own store (store pickup): the demo company's fictional address (shop/store-info
 * DEMO_COMPANY) and plausible opening hours, marked demo like the company.
 */
export const DEMO_STORE: ImportPickupPoint = {
  id: 'storepickup-LT-vilnius',
  carrier_code: 'storepickup',
  name: 'Vitrina, Vilnius (demo)',
  address: 'Demo g. 1',
  city: 'Vilnius',
  postcode: 'LT-00000',
  country_id: 'LT',
  opening_hours: {
    1: '10:00-19:00',
    2: '10:00-19:00',
    3: '10:00-19:00',
    4: '10:00-19:00',
    5: '10:00-19:00',
    6: '10:00-16:00',
    7: null,
  },
};

// ------------------------------------------------------------------ banners

/**
 * Every demo banner carries words on its art: the title and a call to action in each language (the
 * storefront labels the demo's banners as examples); the pictures hold no text, so the words stay
 * real text a screen reader and a translation read.
 */

/** links are store-view paths without the store prefix (`/c/{slug}`); the storefront adds `/en`, `/ru` */
function categoryLink(categoryId: number): LocalizedText {
  const slug = categoryDef(categoryId).slug;
  return { lt: `/c/${slug.lt}`, en: `/c/${slug.en}`, ru: `/c/${slug.ru}` };
}

export const BANNER_IMAGES: { n: number; width: number; height: number; categoryId: number }[] = [
  { n: 1, width: 1600, height: 600, categoryId: 98 },
  { n: 2, width: 1600, height: 600, categoryId: 51 },
  { n: 3, width: 1600, height: 600, categoryId: 65 },
  { n: 4, width: 800, height: 400, categoryId: 31 },
  { n: 5, width: 800, height: 400, categoryId: 41 },
  { n: 6, width: 800, height: 400, categoryId: 71 },
  { n: 7, width: 800, height: 400, categoryId: 64 },
  { n: 8, width: 1200, height: 300, categoryId: 11 },
  { n: 9, width: 1200, height: 300, categoryId: 62 },
];

export function buildBanners(): ImportBanner[] {
  const img = (n: number) => `/demo/banners/${n}.png`;
  return [
    {
      kind: 'slider',
      position: 1,
      image: img(1),
      title: L(
        'Atnaujinta technika su 12 mėn. garantija',
        'Refurbished tech with a 12-month warranty',
        'Восстановленная техника с гарантией 12 месяцев',
      ),
      cta: L('Rinktis atnaujintą', 'Shop refurbished', 'Выбрать технику'),
      link: categoryLink(98),
      category_id: 98,
    },
    {
      kind: 'slider',
      position: 2,
      image: img(2),
      title: L(
        'Televizoriai jūsų namų kinui',
        'TVs for your home cinema',
        'Телевизоры для домашнего кинотеатра',
      ),
      cta: L('Žiūrėti televizorius', 'See the TVs', 'Смотреть телевизоры'),
      link: categoryLink(51),
      category_id: 51,
    },
    {
      kind: 'slider',
      position: 3,
      image: img(3),
      title: L(
        'Kavos aparatai rytinei kavai',
        'Coffee machines for your morning coffee',
        'Кофемашины для утреннего кофе',
      ),
      cta: L('Rinktis aparatą', 'Choose a machine', 'Выбрать кофемашину'),
      link: categoryLink(65),
      category_id: 65,
    },
    {
      kind: 'banner',
      position: 1,
      image: img(4),
      title: L(
        'Išmanieji telefonai: nauji ir atnaujinti',
        'Smartphones: brand new and graded',
        'Смартфоны: новые и восстановленные',
      ),
      cta: L('Žiūrėti telefonus', 'See the phones', 'Смотреть смартфоны'),
      link: categoryLink(31),
      category_id: 31,
    },
    {
      kind: 'banner',
      position: 2,
      image: img(5),
      title: L(
        'Ausinės muzikai ir kelionėms',
        'Headphones for music and travel',
        'Наушники для музыки и поездок',
      ),
      cta: L('Rinktis ausines', 'Choose headphones', 'Выбрать наушники'),
      link: categoryLink(41),
      category_id: 41,
    },
    {
      kind: 'banner',
      position: 3,
      image: img(6),
      title: L('Žaidimų konsolės ir pultai', 'Game consoles and controllers', 'Игровые консоли и геймпады'),
      cta: L('Žiūrėti konsoles', 'See the consoles', 'Смотреть консоли'),
      link: categoryLink(71),
      category_id: 71,
    },
    {
      kind: 'banner',
      position: 4,
      image: img(7),
      title: L('Dulkių siurbliai ir robotai', 'Vacuum cleaners and robots', 'Пылесосы и роботы-пылесосы'),
      cta: L('Rinktis siurblį', 'Choose a vacuum', 'Выбрать пылесос'),
      link: categoryLink(64),
      category_id: 64,
    },
    {
      kind: 'category_banner',
      position: 1,
      image: img(8),
      title: L(
        'Nešiojamieji kompiuteriai darbui ir mokslams',
        'Laptops for work and study',
        'Ноутбуки для работы и учёбы',
      ),
      cta: L('Žiūrėti kompiuterius', 'See the laptops', 'Смотреть ноутбуки'),
      link: categoryLink(11),
      category_id: 11,
    },
    {
      kind: 'category_banner',
      position: 2,
      image: img(9),
      title: L(
        'Skalbimo mašinos su pajungimo paslauga',
        'Washing machines with an installation service',
        'Стиральные машины с услугой подключения',
      ),
      cta: L('Rinktis skalbyklę', 'Choose a washer', 'Выбрать машину'),
      link: categoryLink(62),
      category_id: 62,
    },
  ];
}

export function buildShopConfig(seed: number, ref: Date): ImportShopConfig[] {
  return [
    {
      code: 'store',
      configs: {
        name: 'Vitrina',
        email: SHOP_EMAIL,
        phone: SHOP_PHONE,
        support_hours: {
          lt: 'Darbo dienomis 8:00–17:00',
          en: 'Workdays 8:00–17:00',
          ru: 'По рабочим дням 8:00–17:00',
        },
        delivery_days: '2-3',
        money_back_days: 30,
        free_shipping_from: FREE_SHIPPING_FROM,
        cash_on_delivery_fee: CASH_ON_DELIVERY_FEE,
      },
    },
    { code: 'newsletter', configs: { coupon_code: 'NEWS10', discount_percent: 10 } },
    {
      code: 'demo',
      configs: {
        note:
          'Generated demo data: brands are real, model names are plausible, descriptions are generic demo text and ' +
          'no specification is verified; pickup point addresses and postcodes are generated.',
        seed,
        reference_date: ref.toISOString(),
      },
    },
  ];
}
