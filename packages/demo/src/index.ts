/**
 * The demo catalogue of Vitrina (`@vitrina/demo`): a deterministic electronics catalogue in the
 * shop data import format (docs/CONTRACTS.md), its locally drawn images, and a large-catalogue
 * generator for benchmarks. It writes import files and knows nothing of the database: the shop
 * server imports what it generates (apps/server/src/bootstrap.ts), @vitrina/db removes it again
 * (packages/db/src/demo/lifecycle.ts).
 */
export {
  generateDemoCatalog,
  generateLargeCatalog,
  demoBrands,
  startOfUtcDay,
  DEMO_SEED,
  IMAGE_LOOKS,
  type DemoCatalogOptions,
  type LargeCatalogOptions,
} from './catalog.ts';
export {
  generateDemoImages,
  productImageSvg,
  bannerSvg,
  productImageFolders,
  PRODUCT_IMAGE_SIZE,
  type DemoImagesOptions,
  type DemoImagesResult,
} from './images.ts';
export { writeImportFile } from './write.ts';
export { ROOT_CATEGORY_ID, REFURBISHED_CATEGORY_ID } from './categories.ts';
export { ATTRIBUTE_IDS, GRADES, COLORS, CAPACITIES } from './attributes.ts';
export { mulberry32, Rng } from './random.ts';
export type * from './types.ts';
export { demoPriceHistory, type DemoPriceChange } from './price-history.ts';
