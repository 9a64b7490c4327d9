/**
 * A small shop in the import file format (docs/CONTRACTS.md "Shop data import file"): money in
 * decimal euros net of tax, 21 % VAT in Lithuania. Loaded through the real importer.
 */
const L = (lt: string, en: string, ru: string) => ({ lt, en, ru });

const stock = (qty: number, extra: Record<string, unknown> = {}) => ({ is_in_stock: qty > 0, qty, manage_stock: true, ...extra });

export const COLOR = { black: 49, silver: 50 };
export const CONDITION = { new: 5, aplus: 6, a: 7 };

export function testCatalog() {
  return {
    attributes: [
      {
        attribute_id: 93,
        attribute_code: 'color',
        frontend_label: L('Spalva', 'Colour', 'Цвет'),
        frontend_input: 'select',
        is_comparable: true,
        is_filterable: true,
        position: 1,
        options: [
          { value: COLOR.black, label: L('Juoda', 'Black', 'Чёрный') },
          { value: COLOR.silver, label: L('Sidabrinė', 'Silver', 'Серебристый') },
        ],
      },
      {
        attribute_id: 141,
        attribute_code: 'condition',
        frontend_label: L('Būklė', 'Condition', 'Состояние'),
        frontend_input: 'select',
        is_comparable: true,
        is_filterable: true,
        position: 2,
        options: [
          { value: CONDITION.new, label: 'Brand New' },
          { value: CONDITION.aplus, label: 'A+' },
          { value: CONDITION.a, label: 'A' },
        ],
      },
      {
        attribute_id: 150,
        attribute_code: 'warranty_note',
        frontend_label: 'Warranty note',
        frontend_input: 'text',
        is_filterable: false,
        position: 3,
        options: [],
      },
    ],
    categories: [
      { id: 2, parent_id: 1, name: L('Katalogas', 'Catalogue', 'Каталог'), slug: L('katalogas', 'catalogue', 'katalog'), position: 0 },
      { id: 10, parent_id: 2, name: L('Kompiuteriai', 'Computers', 'Компьютеры'), slug: L('kompiuteriai', 'computers', 'kompyutery'), position: 1 },
      { id: 11, parent_id: 10, name: L('Nešiojami kompiuteriai', 'Laptops', 'Ноутбуки'), slug: L('nesiojami-kompiuteriai', 'laptops', 'noutbuki'), position: 1 },
      { id: 20, parent_id: 2, name: L('Telefonai', 'Phones', 'Телефоны'), slug: L('telefonai', 'phones', 'telefony'), position: 2 },
      { id: 30, parent_id: 2, name: L('Programos', 'Software', 'Программы'), slug: L('programos', 'software', 'programmy'), position: 3 },
      { id: 40, parent_id: 2, name: L('Priedai', 'Accessories', 'Аксессуары'), slug: L('priedai', 'accessories', 'aksessuary'), position: 4, is_active: false },
    ],
    taxrules: [
      {
        id: 1,
        code: 'LT VAT',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [{ rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' }],
      },
    ],
    products: [
      {
        id: 1001,
        sku: 'LAP-1001',
        type_id: 'simple',
        name: L('Lenovo ThinkPad T14 nešiojamas kompiuteris', 'Lenovo ThinkPad T14 laptop', 'Ноутбук Lenovo ThinkPad T14'),
        url_key: 'lenovo-thinkpad-t14',
        brand: 'Lenovo',
        mpn: '21AH00F1LT',
        image: '/demo/test/1.png',
        price: 800,
        category_ids: [11],
        stock: stock(5),
        color: COLOR.black,
        condition: CONDITION.new,
        is_promoted: 1,
        sales_count: 10,
      },
      {
        id: 1002,
        sku: 'LAP-1002',
        type_id: 'simple',
        name: 'Dell XPS 13',
        url_key: 'dell-xps-13',
        brand: 'Dell',
        price: 30,
        category_ids: [11],
        stock: stock(2),
        color: COLOR.silver,
        condition: CONDITION.aplus,
      },
      {
        id: 2001,
        sku: 'PHN-2001',
        type_id: 'simple',
        name: 'Samsung Galaxy S23',
        url_key: 'samsung-galaxy-s23',
        brand: 'Samsung',
        price: 50,
        category_ids: [20],
        stock: stock(10),
        color: COLOR.black,
        condition: CONDITION.new,
      },
      {
        id: 2002,
        sku: 'PHN-2002',
        type_id: 'simple',
        status: 2,
        name: 'Apple iPhone 14',
        url_key: 'apple-iphone-14',
        brand: 'Apple',
        price: 100,
        category_ids: [20],
        stock: stock(3),
      },
      {
        id: 3001,
        sku: 'ACC-3001',
        type_id: 'simple',
        visibility: 1,
        name: 'Nokia USB-C Charger',
        url_key: 'nokia-usb-c-charger',
        brand: 'Nokia',
        price: 10,
        category_ids: [20],
        stock: stock(20),
      },
      {
        id: 3002,
        sku: 'ACC-3002',
        type_id: 'simple',
        name: 'Anker USB C Hub 7in1',
        url_key: 'anker-usb-c-hub',
        brand: 'Anker',
        price: 25,
        category_ids: [20],
        stock: stock(8),
        color: COLOR.silver,
      },
      {
        id: 4001,
        sku: 'AUD-4001',
        type_id: 'simple',
        name: 'Sony WH-1000XM5 Headphones',
        url_key: 'sony-wh-1000xm5',
        brand: 'Sony',
        price: 200,
        category_ids: [20],
        stock: stock(0),
      },
      {
        id: 5001,
        sku: 'SW-5001',
        type_id: 'virtual',
        name: 'Antivirus Pro licence',
        url_key: 'antivirus-pro',
        brand: 'Eset',
        price: 20,
        category_ids: [30],
        stock: { is_in_stock: true, qty: 0, manage_stock: false },
      },
      {
        id: 6001,
        sku: 'ZERO-6001',
        type_id: 'simple',
        name: 'Free sticker pack',
        url_key: 'free-sticker',
        price: 0,
        category_ids: [20],
        stock: stock(50),
      },
      {
        id: 7000,
        sku: 'MBA-7000',
        type_id: 'configurable',
        name: 'Apple MacBook Air M2',
        url_key: 'apple-macbook-air-m2',
        brand: 'Apple',
        price: 700,
        category_ids: [11],
        stock: stock(0, { is_in_stock: true }),
        configurable_options: [{ attribute_id: 141, attribute_code: 'condition', label: 'Condition', values: [] }],
        configurable_children: [
          { id: 7001, sku: 'MBA-7000-A', price: 700, status: 1, stock: stock(2), condition: CONDITION.aplus, color: COLOR.silver },
          { id: 7002, sku: 'MBA-7000-B', price: 600, status: 1, stock: stock(1), condition: CONDITION.a, color: COLOR.silver },
        ],
      },
    ],
    coupons: [
      { code: 'SAVE10', type: 'percent', value: 10 },
      { code: 'FIXED5', type: 'fixed', value: 4.13 }, // 5,00 € incl. 21 % VAT
      { code: 'EXPIRED', type: 'percent', value: 50, to_date: '2020-01-01T00:00:00Z' },
      { code: 'BIGSPENDER', type: 'percent', value: 20, min_subtotal: 100000 },
      { code: 'USEDUP', type: 'percent', value: 20, uses_per_coupon: 0 },
    ],
    shipping_methods: [
      {
        code: 'courier_courier',
        carrier_code: 'courier',
        method_code: 'courier',
        title: L('Kurjeris', 'Courier', 'Курьер'),
        price: 3.3, // 3,99 € incl. 21 % VAT
        free_threshold: 81.82, // 99,00 € incl. VAT
        countries: ['LT', 'LV', 'EE'],
        is_default: true,
        position: 1,
      },
      {
        code: 'omniva_omniva',
        carrier_code: 'omniva',
        method_code: 'omniva',
        title: L('Omniva paštomatas', 'Omniva parcel locker', 'Почтомат Omniva'),
        price: 2.06, // 2,49 € incl. VAT
        countries: ['LT', 'LV'],
        needs_pickup_point: true,
        position: 2,
      },
    ],
    payment_methods: [
      { code: 'cashondelivery', title: L('Grynaisiais', 'Cash on delivery', 'Наложенный платёж'), fee: 2, offline: true, allowed_for_virtual: false, position: 1 },
      { code: 'banktransfer', title: L('Bankinis pavedimas', 'Bank transfer', 'Банковский перевод'), is_default: true, offline: true, position: 2 },
    ],
    pickup_points: [
      { id: 'omniva-LT-1', carrier_code: 'omniva', name: 'Vilnius Akropolis', address: 'Ozo g. 25', city: 'Vilnius', postcode: 'LT-07150', country_id: 'LT' },
      { id: 'omniva-LT-2', carrier_code: 'omniva', name: 'Kaunas Mega', address: 'Islandijos pl. 32', city: 'Kaunas', postcode: 'LT-47446', country_id: 'LT' },
      { id: 'omniva-LV-1', carrier_code: 'omniva', name: 'Riga Origo', address: 'Stacijas laukums 2', city: 'Riga', postcode: 'LV-1050', country_id: 'LV' },
    ],
    cms_pages: [
      {
        id: 1,
        identifier: 'about-us',
        slug: L('apie-mus', 'about-us', 'about-us'),
        title: L('Apie mus', 'About us', 'О нас'),
        content: L('<p>Apie</p>', '<p>About</p>', '<p>О нас</p>'),
      },
      { id: 2, identifier: 'careers', slug: 'karjera', title: 'Karjera', content: '<p>Jobs</p>' },
    ],
    cms_blocks: [{ id: 1, identifier: 'footer-terms', title: 'Terms', content: L('<p>Sąlygos</p>', '<p>Terms</p>', '<p>Условия</p>') }],
    banners: [
      { kind: 'slider', position: 1, image: '/demo/test/1.png', title: L('Išpardavimas', 'Sale', 'Распродажа'), link: L('/c/kompiuteriai', '/en/c/computers', '/ru/c/kompyutery') },
      { kind: 'banner', position: 1, image: '/demo/test/1.png', title: 'Banner', link: '/', category_id: 10 },
    ],
    shop_config: [{ code: 'home', configs: { lt: { headline: 'Sveiki' }, en: { headline: 'Welcome' } } }],
  };
}

/**
 * Grouped and bundle products, imported on top of testCatalog() by the tests that
 * need them (kept apart so that the listings and counts other tests rely on stay as they are).
 * Prices incl. 21 % VAT in cents: COMPOSITE_PRICE.
 */
export const COMPOSITE_PRICE = { ram8: 2420, ram16: 4840, ssd: 3630, bag: 1210, mouse: 605 };

export function compositeCatalog() {
  const part = (id: number, sku: string, name: string, price: number, extra: Record<string, unknown> = {}) => ({
    id,
    sku,
    type_id: 'simple',
    visibility: 1,
    name,
    url_key: sku.toLowerCase(),
    price,
    category_ids: [10],
    stock: stock(50),
    ...extra,
  });
  return {
    products: [
      part(8001, 'PART-RAM-8', 'RAM 8 GB', 20),
      part(8002, 'PART-RAM-16', 'RAM 16 GB', 40),
      part(8003, 'PART-SSD', 'SSD 512 GB', 30),
      part(8004, 'PART-BAG', 'Laptop bag', 10),
      part(8005, 'PART-MOUSE', 'Mouse', 5),
      {
        id: 8100,
        sku: 'BUN-8100',
        type_id: 'bundle',
        name: L('Kompiuterio rinkinys', 'Computer set', 'Компьютерный комплект'),
        url_key: 'computer-set',
        category_ids: [10],
        stock: stock(0, { is_in_stock: true, manage_stock: false }),
        bundle_options: [
          {
            option_id: 1,
            title: L('Atmintis', 'Memory', 'Память'),
            type: 'radio',
            required: true,
            product_links: [
              { sku: 'PART-RAM-8', qty: 1, is_default: true },
              { sku: 'PART-RAM-16', qty: 1, is_default: false },
            ],
          },
          {
            option_id: 2,
            title: L('Diskas', 'Storage', 'Накопитель'),
            type: 'select',
            required: true,
            product_links: [{ sku: 'PART-SSD', qty: 1, is_default: true, can_change_quantity: true }],
          },
          {
            option_id: 3,
            title: L('Priedai', 'Extras', 'Аксессуары'),
            type: 'checkbox',
            required: false,
            product_links: [
              { sku: 'PART-BAG', qty: 1, is_default: false },
              { sku: 'PART-MOUSE', qty: 2, is_default: false },
            ],
          },
        ],
      },
      {
        id: 8200,
        sku: 'SET-8200',
        type_id: 'grouped',
        name: L('Priedų rinkinys', 'Accessory set', 'Набор аксессуаров'),
        url_key: 'accessory-set',
        category_ids: [10],
        stock: stock(0, { is_in_stock: true, manage_stock: false }),
        product_links: [
          { link_type: 'associated', linked_product_sku: 'PART-BAG', linked_product_type: 'simple', qty: 1 },
          { link_type: 'associated', linked_product_sku: 'PART-MOUSE', linked_product_type: 'simple', qty: 2 },
        ],
      },
    ],
  };
}

/**
 * Configurable parents whose own price differs from their children's, imported on
 * top of testCatalog() by the tests that need them. The parent shows the price of the variant the
 * rule chooses for an empty selection: the cheapest available child (catalogue-and-cart.md §4
 * "Configurable product"). Prices incl. 21 % VAT in cents: CONFIGURABLE_PRICE.
 */
export const CONFIGURABLE_PRICE = {
  /** CFG-HI (own 900 €): B, its cheapest child A being out of stock */
  high: 72600,
  /** CFG-HI's own price incl. VAT, the figure shown before the fix */
  highOwn: 108900,
  /** CFG-LO (own 100 €): B, its cheapest child A being disabled */
  low: 48400,
  /** CFG-LO once B is sold out: C */
  lowAfterB: 54450,
  /** CFG-NONE (own 50 €): no child available, the cheapest enabled one (B), out of stock */
  none: 30250,
};

export function configurablePriceCatalog() {
  const parent = (id: number, sku: string, name: string, price: number, children: Record<string, unknown>[]) => ({
    id,
    sku,
    type_id: 'configurable',
    name,
    url_key: sku.toLowerCase(),
    brand: 'Vitrina',
    price,
    category_ids: [11],
    stock: stock(0, { is_in_stock: true }),
    configurable_options: [{ attribute_id: 141, attribute_code: 'condition', label: 'Condition', values: [] }],
    configurable_children: children,
  });
  const child = (id: number, sku: string, price: number, condition: number, extra: Record<string, unknown> = {}) => ({
    id,
    sku,
    price,
    status: 1,
    stock: stock(3),
    condition,
    ...extra,
  });
  return {
    products: [
      parent(9100, 'CFG-HI', 'Configurable priced above its children', 900, [
        child(9101, 'CFG-HI-A', 500, CONDITION.new, { stock: stock(0) }),
        child(9102, 'CFG-HI-B', 600, CONDITION.aplus),
        child(9103, 'CFG-HI-C', 800, CONDITION.a),
      ]),
      parent(9200, 'CFG-LO', 'Configurable priced below its children', 100, [
        child(9201, 'CFG-LO-A', 300, CONDITION.new, { status: 2 }),
        child(9202, 'CFG-LO-B', 400, CONDITION.aplus, { stock: stock(1) }),
        child(9203, 'CFG-LO-C', 450, CONDITION.a),
      ]),
      parent(9300, 'CFG-NONE', 'Configurable with no child for sale', 50, [
        child(9301, 'CFG-NONE-A', 200, CONDITION.new, { status: 2 }),
        child(9302, 'CFG-NONE-B', 250, CONDITION.aplus, { stock: stock(0) }),
        child(9303, 'CFG-NONE-C', 300, CONDITION.a, { stock: stock(0) }),
      ]),
    ],
  };
}
