/** A small shop data file covering every section and every product type. */

/** the instant the tests index prices for: mid-June 2026 (Vilnius is UTC+3 in summer) */
export const NOW = new Date('2026-06-15T12:00:00Z');

export function smallCatalog() {
  return {
    attributes: [
      {
        attribute_id: 141,
        attribute_code: 'condition',
        frontend_label: { lt: 'Būklė', en: 'Condition', ru: 'Состояние' },
        frontend_input: 'select',
        is_comparable: true,
        is_filterable: true,
        position: 1,
        options: [
          { value: 5, label: { lt: 'Nauja', en: 'Brand New', ru: 'Новый' } },
          { value: 6, label: 'A' },
        ],
      },
      {
        attribute_id: 93,
        attribute_code: 'color',
        frontend_label: { lt: 'Spalva', en: 'Color', ru: 'Цвет' },
        is_filterable: true,
        options: [
          { value: 49, label: { lt: 'Juoda', en: 'Black', ru: 'Чёрный' } },
          { value: 50, label: { lt: 'Sidabrinė', en: 'Silver', ru: 'Серебристый' } },
        ],
      },
    ],
    categories: [
      { id: 2, parent_id: 1, name: 'Default', position: 0 },
      { id: 12, parent_id: 2, name: { lt: 'Nešiojami kompiuteriai', en: 'Laptops', ru: 'Ноутбуки' }, position: 1 },
      { id: 20, parent_id: 12, name: { lt: 'Verslui', en: 'Business laptops' }, slug: { lt: 'verslui', en: 'business', ru: 'biznes' }, position: 1 },
      { id: 30, parent_id: 2, name: { lt: 'Priedai', en: 'Accessories', ru: 'Аксессуары' }, position: 2 },
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
        type_id: 'configurable',
        name: { lt: 'Lenovo ThinkPad T14 nešiojamas', en: 'Lenovo ThinkPad T14 laptop', ru: 'Ноутбук Lenovo ThinkPad T14' },
        description: { lt: '<p>Aprašymas</p>', en: '<p>Description</p>' },
        url_key: 'lenovo-thinkpad-t14',
        brand: 'Lenovo',
        mpn: '21AH00F1LT',
        image: '/demo/laptops/3.png',
        media_gallery: [{ image: '/demo/laptops/3.png' }],
        price: 899.0,
        tax_class_id: 2,
        category_ids: [20],
        stock: { is_in_stock: true, qty: 0, manage_stock: false },
        color: 49,
        is_promoted: 1,
        sales_count: 12,
        created_at: '2026-01-10T10:00:00Z',
        configurable_options: [
          { attribute_id: 141, attribute_code: 'condition', label: 'Condition', values: [{ value_index: 5 }, { value_index: 6 }] },
        ],
        configurable_children: [
          { id: 1002, sku: 'LAP-1001-N', price: 899.0, status: 1, stock: { is_in_stock: true, qty: 2 }, condition: 5, color: 49 },
          {
            id: 1003,
            sku: 'LAP-1001-A',
            name: { lt: 'Lenovo ThinkPad T14 (A)', en: 'Lenovo ThinkPad T14 (grade A)' },
            price: 749.0,
            special_price: 699.0,
            special_from_date: '2026-06-01T00:00:00Z',
            special_to_date: '2026-06-30',
            status: 1,
            stock: { is_in_stock: true, qty: 3 },
            condition: 6,
            color: 50,
          },
        ],
      },
      {
        id: 2001,
        sku: 'MOU-1',
        name: { lt: 'Pelė Logitech', en: 'Logitech mouse', ru: 'Мышь Logitech' },
        brand: 'Logitech',
        price: 19.99,
        special_price: 15.0,
        special_from_date: '2020-01-01',
        special_to_date: '2020-01-31',
        category_ids: [30],
        stock: { is_in_stock: true, qty: 10 },
        condition: 5,
        unknown_field: 'ignored',
      },
      {
        id: 2002,
        sku: 'HDMI-2M',
        name: 'HDMI cable 2 m',
        price: 5.0,
        special_price: 4.0,
        special_from_date: '2026-06-01',
        special_to_date: '2026-06-20',
        category_ids: [30],
        stock: { qty: 7 },
      },
      {
        id: 3001,
        sku: 'SET-1',
        type_id: 'grouped',
        name: 'Desk set',
        category_ids: [30],
        product_links: [
          { link_type: 'associated', linked_product_sku: 'MOU-1', linked_product_type: 'simple', qty: 1, is_default: true },
          { link_type: 'associated', linked_product_sku: 'HDMI-2M', linked_product_type: 'simple', qty: 2, is_default: true },
        ],
      },
      {
        id: 3002,
        sku: 'BUN-1',
        type_id: 'bundle',
        name: 'Mouse bundle',
        bundle_options: [
          { option_id: 1, title: { lt: 'Pelė', en: 'Mouse' }, type: 'radio', required: true, product_links: [{ sku: 'MOU-1', qty: 1, is_default: true }] },
          { option_id: 2, title: 'Cable', type: 'checkbox', required: false, product_links: [{ sku: 'HDMI-2M', qty: 1, is_default: true }] },
        ],
      },
      {
        id: 4001,
        sku: 'EBOOK-1',
        type_id: 'virtual',
        name: 'Laptop care e-book',
        price: 9.99,
        tax_class_id: 2,
        stock: { manage_stock: false },
      },
    ],
    coupons: [
      { code: 'NEWS10', type: 'percent', value: 10 },
      { code: 'FIX5', type: 'fixed', value: 5.5, min_subtotal: 50.0, uses_per_coupon: 100, to_date: '2026-12-31T23:59:59Z' },
    ],
    cms_pages: [
      { id: 1, identifier: 'about-us', slug: { lt: 'apie-mus', en: 'about-us' }, title: { lt: 'Apie mus', en: 'About us' }, content: '<p>Hi</p>', is_active: true },
    ],
    cms_blocks: [{ id: 1, identifier: 'footer-terms', title: 'Terms', content: { lt: 'Sąlygos', en: 'Terms' }, is_active: true }],
    shipping_methods: [
      {
        code: 'courier_courier',
        carrier_code: 'courier',
        method_code: 'courier',
        title: { lt: 'Kurjeris', en: 'Courier' },
        price: 3.99,
        free_threshold: 99.0,
        countries: ['LT', 'LV', 'EE'],
        needs_pickup_point: false,
        is_default: true,
        position: 1,
      },
    ],
    payment_methods: [
      { code: 'cashondelivery', title: 'Cash on delivery', fee: 3.0, is_default: true, offline: true, allowed_for_virtual: false, position: 1 },
    ],
    pickup_points: [
      { id: 'omniva-LT-0001', carrier_code: 'omniva', name: 'Omniva Akropolis', address: 'Ozo g. 25', city: 'Vilnius', postcode: 'LT-01100', country_id: 'LT' },
    ],
    banners: [{ kind: 'slider', position: 1, image: '/demo/banners/1.png', title: 'Sale', link: { lt: '/c/priedai', en: '/en/c/accessories' } }],
    shop_config: [{ code: 'store', configs: { phone: '+370 600 00000' } }],
  };
}
