/** The store information a root loader reads (GET /store-info): the shop's settings as the API seeds them by default. */
export const TEST_STORE_INFO = {
  shop: {
    name: 'Vitrina',
    logo_url: '',
    money_back_days: 30,
    support_hours: { from: '8:00', to: '17:00' },
    delivery_days: { min: 2, max: 3 },
    newsletter_coupon_percent: 10,
    warranty_months: { new: 24, a_plus: 12, a: 12, b: 12, c_plus: 12, c: 12 },
    free_shipping_from: 9900,
    cod_fee: 300,
    popular_searches: [] as string[],
  },
  company: {
    name: 'UAB Testas',
    companyCode: '123456789',
    vatCode: '',
    address: 'Gedimino pr. 1, Vilnius',
    phone: '',
    email: 'info@shop.test',
    demo: false,
  },
  payment_methods: ['Cash on delivery'],
  shipping_methods: ['Courier'],
};
