/**
 * Filterable attributes of the demo catalogue and their option ids. Option ids are unique across all
 * attributes, so a value_index names one option wherever it appears.
 */
import type { ImportAttribute, LocalizedText } from './types.ts';

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });

export const ATTRIBUTE_IDS = {
  manufacturer: 83,
  color: 93,
  condition: 141,
  capacity: 142,
  memory: 143,
  screen_size: 144,
  connectivity: 145,
} as const;

export type AttributeCode = keyof typeof ATTRIBUTE_IDS;

// ------------------------------------------------------------------ condition grades

export type Grade = 'new' | 'a_plus' | 'a' | 'b' | 'c_plus' | 'c';

export interface GradeDef {
  grade: Grade;
  value: number;
  /** short code used in skus */
  code: string;
  /** the grade as printed in names: "A+" */
  short: string;
  label: LocalizedText;
  /** price of the grade relative to a brand-new item */
  priceFactor: number;
}

export const GRADES: GradeDef[] = [
  {
    grade: 'new',
    value: 1,
    code: 'NEW',
    short: 'Brand New',
    label: L('Nauja', 'Brand New', 'Новый'),
    priceFactor: 1,
  },
  {
    grade: 'a_plus',
    value: 2,
    code: 'APL',
    short: 'A+',
    label: L('A+ (kaip nauja)', 'A+ (like new)', 'A+ (как новый)'),
    priceFactor: 0.87,
  },
  {
    grade: 'a',
    value: 3,
    code: 'A',
    short: 'A',
    label: L('A (puiki būklė)', 'A (excellent)', 'A (отличное состояние)'),
    priceFactor: 0.81,
  },
  {
    grade: 'b',
    value: 4,
    code: 'B',
    short: 'B',
    label: L('B (gera būklė)', 'B (good)', 'B (хорошее состояние)'),
    priceFactor: 0.73,
  },
  {
    grade: 'c_plus',
    value: 5,
    code: 'CPL',
    short: 'C+',
    label: L('C+ (vidutinė būklė)', 'C+ (fair)', 'C+ (удовлетворительное состояние)'),
    priceFactor: 0.67,
  },
  {
    grade: 'c',
    value: 6,
    code: 'C',
    short: 'C',
    label: L('C (matomi naudojimo požymiai)', 'C (visible signs of use)', 'C (заметные следы использования)'),
    priceFactor: 0.61,
  },
];

export const GRADE_BY_KEY = new Map(GRADES.map((g) => [g.grade, g]));
export const NEW_GRADE = GRADES[0] as GradeDef;
export const USED_GRADES = GRADES.slice(1);

// ------------------------------------------------------------------ colours

export type ColorKey =
  | 'black'
  | 'white'
  | 'silver'
  | 'grey'
  | 'blue'
  | 'red'
  | 'green'
  | 'gold'
  | 'pink'
  | 'purple'
  | 'beige'
  | 'inox';

export interface ColorDef {
  key: ColorKey;
  value: number;
  code: string;
  label: LocalizedText;
  /** a colour to draw with */
  hex: string;
}

export const COLORS: ColorDef[] = [
  { key: 'black', value: 40, code: 'BLK', label: L('Juoda', 'Black', 'Чёрный'), hex: '#2b2d31' },
  { key: 'white', value: 41, code: 'WHT', label: L('Balta', 'White', 'Белый'), hex: '#f2f3f5' },
  { key: 'silver', value: 42, code: 'SLV', label: L('Sidabrinė', 'Silver', 'Серебристый'), hex: '#c3c8cf' },
  { key: 'grey', value: 43, code: 'GRY', label: L('Pilka', 'Gray', 'Серый'), hex: '#6b7078' },
  { key: 'blue', value: 44, code: 'BLU', label: L('Mėlyna', 'Blue', 'Синий'), hex: '#2f5fb3' },
  { key: 'red', value: 45, code: 'RED', label: L('Raudona', 'Red', 'Красный'), hex: '#c8393b' },
  { key: 'green', value: 46, code: 'GRN', label: L('Žalia', 'Green', 'Зелёный'), hex: '#3c8c62' },
  { key: 'gold', value: 47, code: 'GLD', label: L('Auksinė', 'Gold', 'Золотистый'), hex: '#cfae6d' },
  { key: 'pink', value: 48, code: 'PNK', label: L('Rožinė', 'Pink', 'Розовый'), hex: '#e59ab0' },
  { key: 'purple', value: 49, code: 'PRP', label: L('Violetinė', 'Purple', 'Фиолетовый'), hex: '#7a5bb5' },
  { key: 'beige', value: 50, code: 'BEI', label: L('Smėlio', 'Beige', 'Бежевый'), hex: '#d8c7a8' },
  {
    key: 'inox',
    value: 51,
    code: 'INX',
    label: L('Nerūdijantis plienas', 'Stainless steel', 'Нержавеющая сталь'),
    hex: '#a9adb3',
  },
];

export const COLOR_BY_KEY = new Map(COLORS.map((c) => [c.key, c]));

export function color(key: ColorKey): ColorDef {
  return COLOR_BY_KEY.get(key) as ColorDef;
}

// ------------------------------------------------------------------ capacity (storage and battery)

export type CapacityKey =
  | '32GB'
  | '64GB'
  | '128GB'
  | '256GB'
  | '512GB'
  | '1TB'
  | '2TB'
  | '4TB'
  | '5000mAh'
  | '10000mAh'
  | '20000mAh'
  | '25000mAh';

export interface CapacityDef {
  key: CapacityKey;
  value: number;
  label: string;
}

export const CAPACITIES: CapacityDef[] = [
  { key: '32GB', value: 60, label: '32 GB' },
  { key: '64GB', value: 61, label: '64 GB' },
  { key: '128GB', value: 62, label: '128 GB' },
  { key: '256GB', value: 63, label: '256 GB' },
  { key: '512GB', value: 64, label: '512 GB' },
  { key: '1TB', value: 65, label: '1 TB' },
  { key: '2TB', value: 66, label: '2 TB' },
  { key: '4TB', value: 67, label: '4 TB' },
  { key: '5000mAh', value: 70, label: '5000 mAh' },
  { key: '10000mAh', value: 71, label: '10000 mAh' },
  { key: '20000mAh', value: 72, label: '20000 mAh' },
  { key: '25000mAh', value: 73, label: '25000 mAh' },
];

/** units in the Russian view are Russian ("1 ТБ", "16 ГБ", "5000 мА·ч"); lt and en write GB */
const RU_UNITS: Record<string, string> = { GB: 'ГБ', TB: 'ТБ', mAh: 'мА·ч' };
export function unitLabel(label: string): LocalizedText {
  return { lt: label, en: label, ru: label.replace(/\b(GB|TB|mAh)\b/g, (u) => RU_UNITS[u] ?? u) };
}

export const CAPACITY_BY_KEY = new Map(CAPACITIES.map((c) => [c.key, c]));

export function capacity(key: CapacityKey): CapacityDef {
  return CAPACITY_BY_KEY.get(key) as CapacityDef;
}

// ------------------------------------------------------------------ memory, screen size, connectivity

export const MEMORY_SIZES = [8, 16, 32, 64] as const;
export type MemorySize = (typeof MEMORY_SIZES)[number];
export const memoryValue = (gb: MemorySize): number => 80 + MEMORY_SIZES.indexOf(gb);

export const SCREEN_SIZES = [
  10.9, 11, 12.4, 13, 13.3, 13.6, 14, 15.3, 15.6, 16, 23.8, 24, 27, 31.5, 32, 34, 43, 50, 55, 65, 75, 85,
] as const;
export const screenSizeValue = (inches: number): number => {
  const i = (SCREEN_SIZES as readonly number[]).indexOf(inches);
  if (i < 0) throw new Error(`screen size ${inches} has no option`);
  return 100 + i;
};

export type Connectivity = 'wired' | 'wireless';
export const CONNECTIVITY_VALUES: Record<Connectivity, number> = { wired: 130, wireless: 131 };

// ------------------------------------------------------------------ manufacturer

export function manufacturerValue(brands: readonly string[], brand: string): number {
  const i = brands.indexOf(brand);
  if (i < 0) throw new Error(`brand ${brand} has no option`);
  return 200 + i;
}

export function buildAttributes(brands: readonly string[]): ImportAttribute[] {
  return [
    {
      attribute_id: ATTRIBUTE_IDS.condition,
      attribute_code: 'condition',
      frontend_label: L('Būklė', 'Condition', 'Состояние'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 1,
      options: GRADES.map((g) => ({ value: g.value, label: g.label })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.manufacturer,
      attribute_code: 'manufacturer',
      frontend_label: L('Gamintojas', 'Brand', 'Производитель'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 2,
      options: brands.map((b) => ({ value: manufacturerValue(brands, b), label: b })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.color,
      attribute_code: 'color',
      frontend_label: L('Spalva', 'Color', 'Цвет'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 3,
      options: COLORS.map((c) => ({ value: c.value, label: c.label })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.capacity,
      attribute_code: 'capacity',
      frontend_label: L('Talpa', 'Capacity', 'Ёмкость'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 4,
      options: CAPACITIES.map((c) => ({ value: c.value, label: unitLabel(c.label) })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.memory,
      attribute_code: 'memory',
      frontend_label: L('Operatyvioji atmintis', 'Memory (RAM)', 'Оперативная память'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 5,
      options: MEMORY_SIZES.map((gb) => ({ value: memoryValue(gb), label: unitLabel(`${gb} GB`) })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.screen_size,
      attribute_code: 'screen_size',
      frontend_label: L('Ekrano įstrižainė', 'Screen size', 'Диагональ экрана'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 6,
      options: SCREEN_SIZES.map((s) => ({
        value: screenSizeValue(s),
        label: L(`${String(s).replace('.', ',')}"`, `${s}"`, `${String(s).replace('.', ',')}"`),
      })),
    },
    {
      attribute_id: ATTRIBUTE_IDS.connectivity,
      attribute_code: 'connectivity',
      frontend_label: L('Prijungimas', 'Connectivity', 'Подключение'),
      frontend_input: 'select',
      is_comparable: true,
      is_filterable: true,
      position: 7,
      options: [
        { value: CONNECTIVITY_VALUES.wired, label: L('Laidinis', 'Wired', 'Проводное') },
        { value: CONNECTIVITY_VALUES.wireless, label: L('Belaidis', 'Wireless', 'Беспроводное') },
      ],
    },
  ];
}
