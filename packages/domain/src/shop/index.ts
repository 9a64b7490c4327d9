// The shop as its owner runs it: settings and promises, what each grade means, banners, static pages
// and URLs, staff, the dashboard and the back office's files (price and pickup-point CSVs, Omniva's list).
export * from './dashboard.ts';
export * from './static-pages.ts';
export * from './urls.ts';
export * from './grade-facts.ts';
export * from './grade-names.ts';
export * from './banners.ts';
export * from './staff.ts';
export * from './shop-settings.ts';
export * from './shop-settings-schema.ts';
export * from './price-csv.ts';
export * from './pickup-csv.ts';
export * from './omniva-locations.ts';
