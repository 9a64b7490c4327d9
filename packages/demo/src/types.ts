/**
 * The shop data import file (docs/CONTRACTS.md, "Shop data import file") as the demo generator writes
 * it: the shared contract's types (packages/domain contracts/import-file.ts), never a copy of them. The
 * generator writes the file as the importer reads it once validated (zod's output: every default
 * written out, numbers as numbers), which the importer reads back unchanged. Money is decimal euros
 * net of tax; dates are ISO strings; a text is a string (the same in every store view) or `{ lt, en, ru }`.
 */
import type { ImportFile, ImportFileInput } from '@vitrina/domain';

export type { ProductType } from '@vitrina/domain';

export type StoreCode = 'lt' | 'en' | 'ru';
/** the generator's texts: every store view written (the file allows any of them) */
export type LocalizedText = { lt: string; en: string; ru: string };
export type Text = string | LocalizedText;

/** a record of one of the file's lists */
type RecordOf<K extends keyof ImportFile> = NonNullable<ImportFile[K]>[number];
/**
 * a record with the fields of `W` as the generator writes them (optional in the file, always written;
 * narrower). Its keys must be the record's own: a field renamed in the contract fails here, unless the
 * record is a loose one that also holds attribute values. DemoImportFile checks the rest.
 */
type Written<T, W extends { [P in keyof W]: P extends keyof T ? unknown : never }> = {
  [P in keyof T as P extends keyof W ? never : P]: T[P];
} & W;

/** a record whose fields `K` the generator leaves to the importer's defaults (`is_active`: true) */
type Defaulted<T, K extends keyof T> = { [P in keyof T as P extends K ? never : P]: T[P] } & Partial<
  Pick<T, K>
>;

export type ImportAttributeOption = { value: number; label: Text };
export type ImportAttribute = Written<
  RecordOf<'attributes'>,
  { frontend_label: Text; options: ImportAttributeOption[] }
>;
export type ImportCategory = RecordOf<'categories'>;
/** a product; filterable attribute values are top-level keys by attribute_code (`condition: 1`) */
export type ImportProduct = Written<
  RecordOf<'products'>,
  {
    name: Text;
    price: number;
    category_ids: number[];
    stock: ImportStock;
    configurable_children?: ImportConfigurableChild[];
  }
>;
export type ImportStock = Written<
  NonNullable<RecordOf<'products'>['stock']>,
  { is_in_stock: boolean; qty: number }
>;
export type ImportConfigurableOption = NonNullable<ImportProduct['configurable_options']>[number];
/** a child of a configurable; filterable attributes are top-level keys (`condition: 3`, `color: 40`) */
export type ImportConfigurableChild = Written<
  NonNullable<RecordOf<'products'>['configurable_children']>[number],
  { name?: Text; price: number; stock: ImportStock }
>;
export type ImportProductLink = NonNullable<ImportProduct['product_links']>[number];
type BundleOption = NonNullable<RecordOf<'products'>['bundle_options']>[number];
export type ImportBundleOption = Written<
  BundleOption,
  { product_links: Defaulted<BundleOption['product_links'][number], 'can_change_quantity'>[] }
>;
export type ImportTaxRule = RecordOf<'taxrules'>;
export type ImportCoupon = Defaulted<RecordOf<'coupons'>, 'is_active'>;
export type ImportCmsPage = RecordOf<'cms_pages'>;
export type ImportCmsBlock = RecordOf<'cms_blocks'>;
export type ImportShippingMethod = Defaulted<RecordOf<'shipping_methods'>, 'is_active'>;
export type ImportPaymentMethod = Defaulted<RecordOf<'payment_methods'>, 'is_active'>;
export type ImportPickupPoint = Defaulted<RecordOf<'pickup_points'>, 'is_active'>;
export type ImportBanner = Defaulted<RecordOf<'banners'>, 'is_active'>;
export type ImportShopConfig = RecordOf<'shop_config'>;

/** the records of the generator's lists */
interface DemoRecords {
  attributes: ImportAttribute;
  categories: ImportCategory;
  products: ImportProduct;
  taxrules: ImportTaxRule;
  coupons: ImportCoupon;
  cms_pages: ImportCmsPage;
  cms_blocks: ImportCmsBlock;
  shipping_methods: ImportShippingMethod;
  payment_methods: ImportPaymentMethod;
  pickup_points: ImportPickupPoint;
  banners: ImportBanner;
  shop_config: ImportShopConfig;
}

/** a type the importer accepts as a file (the contract's input): the check that the generator's types fit */
type AcceptedFile<T extends ImportFileInput> = T;

/** the demo catalogue: the file as the generator writes it (its products always) */
export type DemoImportFile = AcceptedFile<
  { [K in keyof DemoRecords]?: DemoRecords[K][] } & { products: ImportProduct[] }
>;
