/**
 * English UI dictionary. Keys are stable ids; lt.ts and ru.ts must define every key (checked by
 * the type `Dictionary`). Values may hold `{name}` placeholders; plural entries are objects keyed by
 * Intl.PluralRules categories. Messages of the spec's error catalogue are not here: they come from
 * the domain's `translateMessage`.
 */
export const en = {
  'site.name': 'Vitrina',
  'site.tagline': 'New and graded electronics',
  'home.title': 'Vitrina: new and graded electronics',
  'home.description':
    'Computers, audio, video and home appliances: brand new and graded A+ to C, with a 30-day money-back guarantee and delivery in 2–3 working days.',
  'home.heading': 'New and graded electronics at fair prices',
  'home.newProducts': 'New products',
  'home.bestsellers': 'Bestsellers',

  'header.skip': 'Skip to content',
  'header.home': 'Vitrina home page',
  'header.menu': 'Menu',
  'header.closeMenu': 'Close menu',
  'header.categories': 'Categories',
  'header.allIn': 'All in {name}',
  'header.back': 'Back',
  'header.search': 'Search',
  'header.searchLabel': 'Search products',
  'header.searchPlaceholder': 'What are you looking for?',
  'header.account': 'My account',
  'header.cart': 'Cart',
  'header.cartCount': { one: '{count} item in the cart', other: '{count} items in the cart' },
  'header.language': 'Language',

  'footer.information': 'Information',
  'footer.service': 'Customer service',
  'footer.moneyBack': '{days}-day money-back guarantee',
  'footer.support': 'Support {from}–{to} on working days',
  'footer.delivery': 'Delivery in {min}–{max} working days',
  'footer.newsletter': 'Subscribe to our newsletter and get {percent}% off',
  'footer.copyright': '© {year} Vitrina',

  'page.warranty-service': 'Warranty service',
  'page.about-us': 'About us',
  'page.contact-us': 'Contact us',
  'page.contacts': 'Contacts',
  'page.delivery': 'Delivery',
  'page.payment-methods': 'Payment methods',
  'page.privacy-policy': 'Privacy policy',
  'page.purchase-sales-rules': 'Purchase and sale rules',
  'page.return-policy': 'Return policy',

  'common.ok': 'OK',
  'common.close': 'Close',
  'common.loading': 'Loading…',
  'common.notifications': 'Notifications',
  'common.backHome': 'Back to the home page',
  'common.continueShopping': 'Continue shopping',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.edit': 'Edit',
  'common.breadcrumbs': 'Breadcrumbs',

  'error.notFoundTitle': 'Page not found',
  'error.title': 'Error',

  'listing.products': { one: '{count} product', other: '{count} products' },
  'listing.sortBy': 'Sort by',
  'listing.apply': 'Apply',
  'listing.filters': 'Filters',
  'listing.price': 'Price',
  'listing.clearFilters': 'Clear filters',
  'listing.noProducts': 'No products match your choice.',
  'listing.pagination': 'Pages',
  'listing.previous': 'Previous page',
  'listing.next': 'Next page',
  'listing.page': 'Page {page}',
  'listing.pageTitle': '{title} – page {page}',
  'listing.categoryDescription':
    '{name} at Vitrina: brand new and graded electronics with delivery in 2–3 working days.',
  'attribute.condition': 'Condition',
  'attribute.color': 'Colour',
  'attribute.capacity': 'Capacity',

  'product.addToCart': 'Add to cart',
  'product.adding': 'Adding…',
  'product.inStock': 'In stock',
  'product.outOfStock': 'Out of stock',
  'product.sku': 'SKU: {sku}',
  'product.regularPrice': 'Regular price',
  'product.price': 'Price',
  'product.description': 'Description',
  'product.images': 'Product images',
  'product.showImage': 'Show image {n}',
  'product.brand': 'Brand: {brand}',
  'product.metaDescription': '{name} for {price} at Vitrina. {condition}',

  'cart.title': 'Shopping cart',
  'cart.empty': 'Your shopping cart is empty.',
  'cart.quantity': 'Quantity',
  'cart.quantityOf': 'Quantity of {name}',
  'cart.increase': 'Increase quantity of {name}',
  'cart.decrease': 'Decrease quantity of {name}',
  'cart.remove': 'Remove {name}',
  'cart.goToCheckout': 'Go to checkout',
  'cart.updating': 'Updating the cart…',

  'checkout.title': 'Checkout',
  'checkout.description': 'Enter your details, choose delivery and payment, and place your order.',
  'checkout.steps': 'Checkout steps',
  'checkout.step': 'Step {n} of {total}',
  'checkout.personal': 'Personal details',
  'checkout.shipping': 'Shipping',
  'checkout.payment': 'Payment',
  'checkout.review': 'Review order',
  'checkout.firstName': 'First name',
  'checkout.lastName': 'Last name',
  'checkout.email': 'E-mail address',
  'checkout.street': 'Street name',
  'checkout.house': 'House/apartment number',
  'checkout.city': 'City',
  'checkout.zip': 'Zip code',
  'checkout.country': 'Country',
  'checkout.phone': 'Phone number',
  'checkout.shippingMethod': 'Shipping method',
  'checkout.paymentMethod': 'Payment method',
  'checkout.noShippingMethods': 'No shipping methods are available for this address.',
  'checkout.continue': 'Continue',
  'checkout.terms': 'I accept the terms and conditions',
  'checkout.placeOrder': 'Place the order',
  'checkout.placing': 'Placing the order…',
  'checkout.summary': 'Order summary',
  'checkout.shipTo': 'Ship to',
  'checkout.country.LT': 'Lithuania',
  'checkout.country.LV': 'Latvia',
  'checkout.country.EE': 'Estonia',
  'checkout.errorSummary': 'Please correct the marked fields.',

  'thankYou.placedAt': 'Placed on {date}',
  'thankYou.lines': 'Ordered products',
  'thankYou.product': 'Product',
  'thankYou.qty': 'Quantity',
  'thankYou.rowTotal': 'Total',
  'thankYou.grandTotal': 'Grand total',
  'thankYou.title': 'Thank you for your purchase!',
  'thankYou.number': 'Your order number is {number}.',
  'thankYou.text':
    'We will send the order confirmation to your e-mail. You will pay when the parcel is delivered.',

  'account.title': 'My account',

  'search.title': 'Search',
  'search.results': 'Search results for “{q}”',
  'search.noResults': 'No products found for “{q}”.',
  'search.description': 'Search the Vitrina catalogue of new and graded electronics.',
} as const;

type Plural = {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
};
export type MessageKey = keyof typeof en;
export type Dictionary = { readonly [K in MessageKey]: (typeof en)[K] extends string ? string : Plural };
