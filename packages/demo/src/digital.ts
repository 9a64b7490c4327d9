/**
 * Virtual products (extended warranties, installation services) and downloadable products (software
 * licences) of the demo catalogue. Prices are rough gross euros; terms are the demo shop's own.
 */
import type { LocalizedText } from './types.ts';

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });

export interface DigitalItem {
  categoryId: number;
  prefix: string;
  name: LocalizedText;
  /** gross euros */
  price: number;
  brand?: string;
  /** image folder */
  folder: string;
  about: LocalizedText;
  /** warranty target category (for bundles), if any */
  forCategory?: number;
  /** a warranty's band: the gross euros of the products it covers, from (inclusive) up to (exclusive) */
  priceBand?: readonly [number, number];
  /** which kind of installation (for bundles) */
  tag?: string;
}

// ------------------------------------------------------------------ extended warranties (virtual)

const WARRANTY_TARGETS: { categoryId: number; lt: string; en: string; ru: string }[] = [
  { categoryId: 11, lt: 'nešiojamiesiems kompiuteriams', en: 'laptops', ru: 'ноутбуков' },
  { categoryId: 31, lt: 'išmaniesiems telefonams', en: 'smartphones', ru: 'смартфонов' },
  { categoryId: 14, lt: 'planšetiniams kompiuteriams', en: 'tablets', ru: 'планшетов' },
  { categoryId: 51, lt: 'televizoriams', en: 'TVs', ru: 'телевизоров' },
  { categoryId: 13, lt: 'monitoriams', en: 'monitors', ru: 'мониторов' },
  { categoryId: 62, lt: 'buitinei technikai', en: 'home appliances', ru: 'бытовой техники' },
  { categoryId: 71, lt: 'žaidimų konsolėms', en: 'game consoles', ru: 'игровых консолей' },
  { categoryId: 53, lt: 'fotoaparatams', en: 'cameras', ru: 'фотоаппаратов' },
];

const TIERS = [
  { lt: 'iki 300 €', en: 'up to 300 €', ru: 'до 300 €', price: 19, band: [0, 300] as const },
  { lt: '300–700 €', en: '300–700 €', ru: '300–700 €', price: 39, band: [300, 700] as const },
  { lt: '700–1500 €', en: '700–1500 €', ru: '700–1500 €', price: 69, band: [700, 1500] as const },
  { lt: 'virš 1500 €', en: 'over 1500 €', ru: 'свыше 1500 €', price: 119, band: [1500, Infinity] as const },
];

const YEARS = [
  { n: 1, lt: '+1 metai', en: '+1 year', ru: '+1 год', factor: 1 },
  { n: 2, lt: '+2 metai', en: '+2 years', ru: '+2 года', factor: 1.7 },
  { n: 3, lt: '+3 metai', en: '+3 years', ru: '+3 года', factor: 2.3 },
];

const WARRANTY_ABOUT = L(
  'papildoma garantija, pratęsianti gamintojo garantiją; paslauga aktyvuojama kartu su preke pirkus ją mūsų parduotuvėje',
  'an extended warranty that continues after the manufacturer’s warranty; it is activated together with a product bought in our shop',
  'расширенная гарантия, продлевающая гарантию производителя; услуга активируется вместе с товаром, купленным в нашем магазине',
);

export function warrantyItems(): DigitalItem[] {
  const out: DigitalItem[] = [];
  for (const target of WARRANTY_TARGETS) {
    for (const years of YEARS) {
      for (const tier of TIERS) {
        out.push({
          categoryId: 96,
          prefix: 'WAR',
          folder: 'extended-warranty',
          forCategory: target.categoryId,
          priceBand: tier.band,
          price: Math.round(tier.price * years.factor) - 0.01,
          name: L(
            `Papildoma garantija ${years.lt} ${target.lt}, ${tier.lt}`,
            `Extended warranty ${years.en} for ${target.en}, ${tier.en}`,
            `Расширенная гарантия ${years.ru} для ${target.ru}, ${tier.ru}`,
          ),
          about: WARRANTY_ABOUT,
        });
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ installation services (virtual)

const INSTALL_ABOUT = L(
  'paslauga jūsų namuose; meistras susisieks su jumis ir suderins atvykimo laiką',
  'a service at your home; our technician will call you to agree on a time',
  'услуга у вас дома; мастер свяжется с вами и согласует время визита',
);

export function installationItems(): DigitalItem[] {
  const rows: [string, number, string, string, string][] = [
    [
      'tv-small',
      59,
      'Televizoriaus tvirtinimas prie sienos (iki 55")',
      'TV wall mounting (up to 55")',
      'Монтаж телевизора на стену (до 55")',
    ],
    [
      'tv-large',
      89,
      'Televizoriaus tvirtinimas prie sienos (55" ir didesnių)',
      'TV wall mounting (55" and larger)',
      'Монтаж телевизора на стену (от 55")',
    ],
    [
      'washer',
      49,
      'Skalbimo mašinos pajungimas',
      'Washing machine installation',
      'Подключение стиральной машины',
    ],
    [
      'dishwasher',
      79,
      'Įmontuojamos indaplovės montavimas',
      'Built-in dishwasher installation',
      'Установка встраиваемой посудомоечной машины',
    ],
    [
      'fridge',
      39,
      'Šaldytuvo pastatymas ir durų perkabinimas',
      'Refrigerator set-up and door reversal',
      'Установка холодильника и перевес дверей',
    ],
    [
      'soundbar',
      39,
      'Garso sistemos prijungimas ir nustatymas',
      'Soundbar and home cinema setup',
      'Подключение и настройка саундбара',
    ],
    [
      'computer',
      49,
      'Kompiuterio paruošimas ir duomenų perkėlimas',
      'Computer setup and data transfer',
      'Настройка компьютера и перенос данных',
    ],
    [
      'os',
      35,
      'Operacinės sistemos diegimas',
      'Operating system installation',
      'Установка операционной системы',
    ],
    [
      'printer',
      29,
      'Spausdintuvo prijungimas ir nustatymas',
      'Printer setup',
      'Подключение и настройка принтера',
    ],
    ['smart-tv', 29, 'Išmaniojo televizoriaus nustatymas', 'Smart TV setup', 'Настройка смарт-телевизора'],
    [
      'phone',
      19,
      'Duomenų perkėlimas į naują telefoną',
      'Data transfer to a new phone',
      'Перенос данных на новый телефон',
    ],
    [
      'coffee',
      25,
      'Kavos aparato paruošimas ir naudojimo apmokymas',
      'Coffee machine setup and instruction',
      'Настройка кофемашины и обучение',
    ],
    ['robot', 25, 'Robotinio dulkių siurblio nustatymas', 'Robot vacuum setup', 'Настройка робота-пылесоса'],
  ];
  return rows.map(([tag, price, lt, en, ru]) => ({
    categoryId: 97,
    prefix: 'INS',
    folder: 'installation',
    tag,
    price: price - 0.01,
    name: L(lt, en, ru),
    about: INSTALL_ABOUT,
  }));
}

// ------------------------------------------------------------------ software licences (downloadable)

const LICENCE = L('elektroninė licencija', 'e-licence', 'электронная лицензия');

const DEVICES: Record<number, LocalizedText> = {
  1: L('1 įrenginys', '1 device', '1 устройство'),
  3: L('3 įrenginiai', '3 devices', '3 устройства'),
  5: L('5 įrenginiai', '5 devices', '5 устройств'),
  10: L('10 įrenginių', '10 devices', '10 устройств'),
};
const LICENCE_YEARS: Record<number, LocalizedText> = {
  1: L('1 metai', '1 year', '1 год'),
  2: L('2 metai', '2 years', '2 года'),
};

const SOFTWARE_ABOUT = L(
  'programinės įrangos licencija; aktyvavimo kodą išsiunčiame el. paštu',
  'a software licence; the activation code is sent by e-mail',
  'лицензия на программное обеспечение; код активации отправляется по электронной почте',
);

export function softwareItems(): DigitalItem[] {
  const out: DigitalItem[] = [];
  const single: [number, string, string, number][] = [
    [91, 'Microsoft', 'Windows 11 Home', 139],
    [91, 'Microsoft', 'Windows 11 Pro', 259],
    [91, 'Microsoft', 'Windows 11 Home to Pro Upgrade', 119],
    [92, 'Microsoft', 'Office Home 2024', 149],
    [92, 'Microsoft', 'Office Home & Business 2024', 299],
    [92, 'Adobe', 'Photoshop Elements 2025', 99],
    [92, 'Adobe', 'Premiere Elements 2025', 99],
  ];
  for (const [categoryId, brand, product, price] of single) {
    out.push({
      categoryId,
      prefix: 'SW',
      brand,
      folder: categoryId === 91 ? 'operating-systems' : 'office-software',
      price: price - 0.01,
      name: L(
        `${brand} ${product} (${LICENCE.lt})`,
        `${brand} ${product} (${LICENCE.en})`,
        `${brand} ${product} (${LICENCE.ru})`,
      ),
      about: SOFTWARE_ABOUT,
    });
  }
  const subscriptions: [string, string, number][] = [
    ['Microsoft', '365 Personal', 99],
    ['Microsoft', '365 Family', 129],
    ['Adobe', 'Acrobat Standard', 199],
    ['Corel', 'CorelDRAW Graphics Suite', 299],
    ['Parallels', 'Desktop for Mac Standard', 99],
  ];
  for (const [brand, product, price] of subscriptions) {
    for (const years of [1, 2]) {
      const y = LICENCE_YEARS[years] as LocalizedText;
      out.push({
        categoryId: 92,
        prefix: 'SW',
        brand,
        folder: 'office-software',
        price: Math.round(price * (years === 2 ? 1.8 : 1)) - 0.01,
        name: L(
          `${brand} ${product}, ${y.lt} (${LICENCE.lt})`,
          `${brand} ${product}, ${y.en} (${LICENCE.en})`,
          `${brand} ${product}, ${y.ru} (${LICENCE.ru})`,
        ),
        about: SOFTWARE_ABOUT,
      });
    }
  }
  const security: [string, string, number][] = [
    ['ESET', 'HOME Security Essential', 49],
    ['ESET', 'HOME Security Premium', 69],
    ['ESET', 'NOD32 Antivirus', 35],
    ['Bitdefender', 'Total Security', 45],
    ['Bitdefender', 'Antivirus Plus', 29],
    ['Norton', '360 Deluxe', 49],
    ['McAfee', 'Total Protection', 39],
    ['Avast', 'Premium Security', 39],
  ];
  for (const [brand, product, price] of security) {
    for (const devices of [1, 3, 5, 10]) {
      for (const years of [1, 2]) {
        const d = DEVICES[devices] as LocalizedText;
        const y = LICENCE_YEARS[years] as LocalizedText;
        const factor = (1 + [1, 3, 5, 10].indexOf(devices) * 0.45) * (years === 2 ? 1.75 : 1);
        out.push({
          categoryId: 93,
          prefix: 'SW',
          brand,
          folder: 'antivirus',
          price: Math.round(price * factor) - 0.01,
          name: L(
            `${brand} ${product}, ${d.lt}, ${y.lt} (${LICENCE.lt})`,
            `${brand} ${product}, ${d.en}, ${y.en} (${LICENCE.en})`,
            `${brand} ${product}, ${d.ru}, ${y.ru} (${LICENCE.ru})`,
          ),
          about: SOFTWARE_ABOUT,
        });
      }
    }
  }
  return out;
}
