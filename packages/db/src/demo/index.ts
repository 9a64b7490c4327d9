/**
 * The demo catalogue of Vitrina (`@vitrina/db/demo`): a deterministic electronics catalogue in the
 * shop data import format (docs/CONTRACTS.md), its locally drawn images, and a large-catalogue
 * generator for benchmarks.
 */
export {
  generateDemoCatalog,
  generateLargeCatalog,
  demoBrands,
  startOfUtcDay,
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
export {
  removeDemoData,
  markDemoSeeded,
  demoKeysOf,
  DEMO_SEED,
  DEMO_DATA_KEY,
  type DemoKeys,
  type DemoRemovalResult,
} from './lifecycle.ts';
export { ROOT_CATEGORY_ID, REFURBISHED_CATEGORY_ID } from './categories.ts';
export { ATTRIBUTE_IDS, GRADES, COLORS, CAPACITIES } from './attributes.ts';
export { mulberry32, Rng } from './random.ts';
export type * from './types.ts';
