/**
 * The demo category tree under root category 2, with lt/en/ru names and slugs (ru slugs are
 * transliterated). Leaf categories carry the image folder of their products (`/demo/<folder>/<n>.png`).
 */
import type { ImportCategory, LocalizedText } from './types.ts';

export const ROOT_CATEGORY_ID = 2;
/** the graded (refurbished) goods of every department are listed here too */
export const REFURBISHED_CATEGORY_ID = 98;

export interface CategoryDef {
  id: number;
  parentId: number;
  name: LocalizedText;
  slug: LocalizedText;
  /** image folder of the products of a leaf category (its English slug) */
  folder?: string;
  /** whether graded (A+ ... C) goods are sold in this category */
  gradable?: boolean;
}

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });

function leaf(
  id: number,
  parentId: number,
  name: LocalizedText,
  slug: LocalizedText,
  gradable: boolean,
): CategoryDef {
  return { id, parentId, name, slug, folder: slug.en, gradable };
}

export const CATEGORY_DEFS: CategoryDef[] = [
  {
    id: 10,
    parentId: 2,
    name: L('Kompiuteriai', 'Computers', 'Компьютеры'),
    slug: L('kompiuteriai', 'computers', 'kompyutery'),
  },
  leaf(
    11,
    10,
    L('Nešiojamieji kompiuteriai', 'Laptops', 'Ноутбуки'),
    L('nesiojamieji-kompiuteriai', 'laptops', 'noutbuki'),
    true,
  ),
  leaf(
    12,
    10,
    L('Stacionarūs kompiuteriai', 'Desktop computers', 'Настольные компьютеры'),
    L('stacionarus-kompiuteriai', 'desktops', 'nastolnye-kompyutery'),
    true,
  ),
  leaf(13, 10, L('Monitoriai', 'Monitors', 'Мониторы'), L('monitoriai', 'monitors', 'monitory'), true),
  leaf(
    14,
    10,
    L('Planšetiniai kompiuteriai', 'Tablets', 'Планшеты'),
    L('plansetiniai-kompiuteriai', 'tablets', 'planshety'),
    true,
  ),
  {
    id: 15,
    parentId: 10,
    name: L('Kompiuterių komponentai', 'Components', 'Комплектующие'),
    slug: L('kompiuteriu-komponentai', 'components', 'komplektuyushchie'),
  },
  leaf(
    16,
    15,
    L('Vaizdo plokštės', 'Graphics cards', 'Видеокарты'),
    L('vaizdo-plokstes', 'graphics-cards', 'videokarty'),
    true,
  ),
  leaf(
    17,
    15,
    L('SSD diskai', 'SSD drives', 'SSD-накопители'),
    L('ssd-diskai', 'ssd-drives', 'ssd-nakopiteli'),
    false,
  ),
  leaf(
    18,
    15,
    L('Operatyvioji atmintis', 'Memory (RAM)', 'Оперативная память'),
    L('operatyvioji-atmintis', 'memory-ram', 'operativnaya-pamyat'),
    false,
  ),
  leaf(19, 10, L('Spausdintuvai', 'Printers', 'Принтеры'), L('spausdintuvai', 'printers', 'printery'), true),
  {
    id: 20,
    parentId: 10,
    name: L('Periferiniai įrenginiai', 'Peripherals', 'Периферия'),
    slug: L('periferiniai-irenginiai', 'peripherals', 'periferiya'),
  },
  leaf(
    21,
    20,
    L('Klaviatūros', 'Keyboards', 'Клавиатуры'),
    L('klaviaturos', 'keyboards', 'klaviatury'),
    true,
  ),
  leaf(22, 20, L('Pelės', 'Mice', 'Мыши'), L('peles', 'mice', 'myshi'), true),

  {
    id: 30,
    parentId: 2,
    name: L('Telefonai', 'Phones', 'Телефоны'),
    slug: L('telefonai', 'phones', 'telefony'),
  },
  leaf(
    31,
    30,
    L('Išmanieji telefonai', 'Smartphones', 'Смартфоны'),
    L('ismanieji-telefonai', 'smartphones', 'smartfony'),
    true,
  ),
  leaf(
    32,
    30,
    L('Išmanieji laikrodžiai', 'Smartwatches', 'Умные часы'),
    L('ismanieji-laikrodziai', 'smartwatches', 'umnye-chasy'),
    true,
  ),

  {
    id: 40,
    parentId: 2,
    name: L('Garso technika', 'Audio', 'Аудиотехника'),
    slug: L('garso-technika', 'audio', 'audiotekhnika'),
  },
  leaf(41, 40, L('Ausinės', 'Headphones', 'Наушники'), L('ausines', 'headphones', 'naushniki'), true),
  leaf(42, 40, L('Kolonėlės', 'Speakers', 'Колонки'), L('koloneles', 'speakers', 'kolonki'), true),
  leaf(
    43,
    40,
    L('Garso juostos', 'Soundbars', 'Саундбары'),
    L('garso-juostos', 'soundbars', 'saundbary'),
    true,
  ),
  leaf(
    44,
    40,
    L('Hi-Fi sistemos', 'Hi-Fi systems', 'Hi-Fi системы'),
    L('hi-fi-sistemos', 'hi-fi-systems', 'hi-fi-sistemy'),
    true,
  ),

  {
    id: 50,
    parentId: 2,
    name: L('TV ir vaizdo technika', 'TV and video', 'ТВ и видеотехника'),
    slug: L('tv-ir-vaizdo-technika', 'tv-and-video', 'tv-i-videotekhnika'),
  },
  leaf(51, 50, L('Televizoriai', 'TVs', 'Телевизоры'), L('televizoriai', 'tvs', 'televizory'), true),
  leaf(
    52,
    50,
    L('Projektoriai', 'Projectors', 'Проекторы'),
    L('projektoriai', 'projectors', 'proektory'),
    true,
  ),
  leaf(
    53,
    50,
    L('Fotoaparatai ir vaizdo kameros', 'Cameras', 'Фото- и видеокамеры'),
    L('fotoaparatai-ir-vaizdo-kameros', 'cameras', 'foto-i-videokamery'),
    true,
  ),

  {
    id: 60,
    parentId: 2,
    name: L('Buitinė technika', 'Home appliances', 'Бытовая техника'),
    slug: L('buitine-technika', 'home-appliances', 'bytovaya-tekhnika'),
  },
  leaf(
    61,
    60,
    L('Šaldytuvai', 'Refrigerators', 'Холодильники'),
    L('saldytuvai', 'refrigerators', 'kholodilniki'),
    true,
  ),
  leaf(
    62,
    60,
    L('Skalbimo mašinos', 'Washing machines', 'Стиральные машины'),
    L('skalbimo-masinos', 'washing-machines', 'stiralnye-mashiny'),
    true,
  ),
  leaf(
    63,
    60,
    L('Indaplovės', 'Dishwashers', 'Посудомоечные машины'),
    L('indaploves', 'dishwashers', 'posudomoechnye-mashiny'),
    true,
  ),
  leaf(
    64,
    60,
    L('Dulkių siurbliai', 'Vacuum cleaners', 'Пылесосы'),
    L('dulkiu-siurbliai', 'vacuum-cleaners', 'pylesosy'),
    true,
  ),
  leaf(
    65,
    60,
    L('Kavos aparatai', 'Coffee machines', 'Кофемашины'),
    L('kavos-aparatai', 'coffee-machines', 'kofemashiny'),
    true,
  ),
  leaf(
    66,
    60,
    L('Mikrobangų krosnelės', 'Microwave ovens', 'Микроволновые печи'),
    L('mikrobangu-krosneles', 'microwaves', 'mikrovolnovye-pechi'),
    true,
  ),
  leaf(
    67,
    60,
    L('Oro valytuvai', 'Air purifiers', 'Очистители воздуха'),
    L('oro-valytuvai', 'air-purifiers', 'ochistiteli-vozdukha'),
    true,
  ),

  {
    id: 70,
    parentId: 2,
    name: L('Žaidimų įranga', 'Gaming', 'Игровая техника'),
    slug: L('zaidimu-iranga', 'gaming', 'igrovaya-tekhnika'),
  },
  leaf(
    71,
    70,
    L('Žaidimų konsolės', 'Game consoles', 'Игровые консоли'),
    L('zaidimu-konsoles', 'consoles', 'igrovye-konsoli'),
    true,
  ),
  leaf(
    72,
    70,
    L('Žaidimų pultai', 'Controllers', 'Геймпады'),
    L('zaidimu-pultai', 'controllers', 'geympady'),
    true,
  ),
  leaf(
    73,
    70,
    L('Virtualios realybės akiniai', 'VR headsets', 'VR-гарнитуры'),
    L('virtualios-realybes-akiniai', 'vr-headsets', 'vr-garnitury'),
    true,
  ),

  {
    id: 80,
    parentId: 2,
    name: L('Priedai', 'Accessories', 'Аксессуары'),
    slug: L('priedai', 'accessories', 'aksessuary'),
  },
  leaf(
    81,
    80,
    L('Kabeliai ir įkrovikliai', 'Cables and chargers', 'Кабели и зарядные устройства'),
    L('kabeliai-ir-ikrovikliai', 'cables-and-chargers', 'kabeli-i-zaryadnye-ustroystva'),
    false,
  ),
  leaf(
    82,
    80,
    L('Krepšiai ir kuprinės', 'Bags and backpacks', 'Сумки и рюкзаки'),
    L('krepsiai-ir-kuprines', 'bags', 'sumki-i-ryukzaki'),
    false,
  ),
  leaf(
    83,
    80,
    L('Išorinės baterijos', 'Power banks', 'Внешние аккумуляторы'),
    L('isorines-baterijos', 'power-banks', 'vneshnie-akkumulyatory'),
    false,
  ),
  leaf(
    84,
    80,
    L('Atminties kortelės ir USB atmintinės', 'Memory cards and USB drives', 'Карты памяти и USB-накопители'),
    L('atminties-korteles', 'memory-cards', 'karty-pamyati'),
    false,
  ),

  {
    id: 90,
    parentId: 2,
    name: L('Programinė įranga', 'Software', 'Программное обеспечение'),
    slug: L('programine-iranga', 'software', 'programmnoe-obespechenie'),
  },
  leaf(
    91,
    90,
    L('Operacinės sistemos', 'Operating systems', 'Операционные системы'),
    L('operacines-sistemos', 'operating-systems', 'operatsionnye-sistemy'),
    false,
  ),
  leaf(
    92,
    90,
    L('Biuro programos', 'Office software', 'Офисные программы'),
    L('biuro-programos', 'office-software', 'ofisnye-programmy'),
    false,
  ),
  leaf(
    93,
    90,
    L('Antivirusinės programos', 'Antivirus and security', 'Антивирусы'),
    L('antivirusines-programos', 'antivirus', 'antivirusy'),
    false,
  ),

  {
    id: 95,
    parentId: 2,
    name: L('Paslaugos', 'Services', 'Услуги'),
    slug: L('paslaugos', 'services', 'uslugi'),
  },
  leaf(
    96,
    95,
    L('Papildoma garantija', 'Extended warranty', 'Расширенная гарантия'),
    L('papildoma-garantija', 'extended-warranty', 'rasshirennaya-garantiya'),
    false,
  ),
  leaf(
    97,
    95,
    L('Montavimo paslaugos', 'Installation services', 'Услуги установки'),
    L('montavimo-paslaugos', 'installation', 'ustanovka'),
    false,
  ),

  {
    id: REFURBISHED_CATEGORY_ID,
    parentId: 2,
    name: L('Atnaujinta technika', 'Refurbished', 'Восстановленная техника'),
    slug: L('atnaujinta-technika', 'refurbished', 'vosstanovlennaya-tekhnika'),
  },
];

export const CATEGORY_BY_ID = new Map(CATEGORY_DEFS.map((c) => [c.id, c]));

export function categoryDef(id: number): CategoryDef {
  const def = CATEGORY_BY_ID.get(id);
  if (!def) throw new Error(`unknown demo category ${id}`);
  return def;
}

/** the category and its ancestors below the root, e.g. 16 -> [16, 15, 10] */
export function categoryPath(id: number): number[] {
  const path: number[] = [];
  let current = CATEGORY_BY_ID.get(id);
  while (current && current.id !== ROOT_CATEGORY_ID) {
    path.push(current.id);
    current = CATEGORY_BY_ID.get(current.parentId);
  }
  return path;
}

function describe(def: CategoryDef): LocalizedText {
  const { lt, en, ru } = def.name;
  if (def.id === REFURBISHED_CATEGORY_ID) {
    return L(
      'Patikrinta ir įvertinta A+, A, B, C+ arba C būkle technika su 12 mėn. garantija ir 30 dienų pinigų grąžinimo garantija.',
      'Tested technology graded A+, A, B, C+ or C, with a 12-month warranty and a 30-day money-back guarantee.',
      'Проверенная техника с оценкой состояния A+, A, B, C+ или C, гарантией 12 месяцев и 30-дневной гарантией возврата денег.',
    );
  }
  if (def.gradable) {
    return L(
      `${lt}: naujos ir atnaujintos (A+–C būklės) prekės su garantija ir 30 dienų pinigų grąžinimo garantija.`,
      `${en}: brand-new and graded (A+ to C) products with a warranty and a 30-day money-back guarantee.`,
      `${ru}: новые и восстановленные (классы A+–C) товары с гарантией и 30-дневной гарантией возврата денег.`,
    );
  }
  return L(
    `${lt}: naujos prekės su gamintojo garantija, pristatymas per 2–3 darbo dienas.`,
    `${en}: brand-new products with the manufacturer's warranty, delivered in 2–3 working days.`,
    `${ru}: новые товары с гарантией производителя, доставка за 2–3 рабочих дня.`,
  );
}

export function buildCategories(): ImportCategory[] {
  const positions = new Map<number, number>();
  const out: ImportCategory[] = [
    {
      id: ROOT_CATEGORY_ID,
      parent_id: 1,
      name: L('Visos prekės', 'All products', 'Все товары'),
      slug: L('visos-prekes', 'all-products', 'vse-tovary'),
      position: 1,
      is_active: true,
      include_in_menu: true,
    },
  ];
  for (const def of CATEGORY_DEFS) {
    // the graded goods, the shop's difference from any other electronics shop, head the menu: the
    // desktop bar keeps its first items in sight and puts the rest under "More"
    const position = def.id === REFURBISHED_CATEGORY_ID ? 0 : (positions.get(def.parentId) ?? 0) + 1;
    if (def.id !== REFURBISHED_CATEGORY_ID) positions.set(def.parentId, position);
    out.push({
      id: def.id,
      parent_id: def.parentId,
      name: def.name,
      slug: def.slug,
      position,
      is_active: true,
      include_in_menu: true,
      description: describe(def),
    });
  }
  return out;
}
