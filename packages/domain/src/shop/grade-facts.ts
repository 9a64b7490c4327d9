/**
 * What each condition grade means, in the store views' languages: its name (grade-names.ts), what
 * was checked, the battery's least health, what comes in the box and how it looks, with the warranty
 * and the return period read from the shop's settings (never from this table). One module, read by the "How we
 * grade" page, the home page's grade block and the product page's facts beside the price, so the
 * three cannot say different things.
 *
 * The texts describe what a refurbishing shop of this kind does and the demo shop claims nothing
 * beyond them: a grade names the cosmetic state only; every graded item passes the same checks.
 */
import { GRADE_KEYS, type GradeKey } from '../catalog/index.ts';
import { gradeCode, gradeName } from './grade-names.ts';
import type { ShopSettings } from './shop-settings.ts';
import type { StoreCode } from '../base/index.ts';

type Texts = Readonly<Record<StoreCode, string>>;

interface GradeFactsRow {
  looks: Texts;
  tested: Texts;
  inTheBox: Texts;
  /** the least battery health (% of design capacity) of a device with a battery; null: not measured */
  batteryMinPercent: number | null;
}

const TESTED_GRADED: Texts = {
  lt: 'Prieš parduodant patikrinta: ekranas ir jutiklis, klaviatūra ir mygtukai, kameros, garsiakalbiai ir mikrofonai, jungtys, įkrovimas, „Wi‑Fi“ ir „Bluetooth“. Duomenys ištrinti, įdiegta gamyklinė programinė įranga.',
  en: 'Checked before sale: screen and touch, keyboard and buttons, cameras, speakers and microphones, ports, charging, Wi‑Fi and Bluetooth. Data erased, factory software installed.',
  ru: 'Проверено перед продажей: экран и сенсор, клавиатура и кнопки, камеры, динамики и микрофоны, разъёмы, зарядка, Wi‑Fi и Bluetooth. Данные удалены, установлено заводское ПО.',
};

const BOX_GRADED: Texts = {
  lt: 'Prekė apsauginėje dėžutėje su įkrovimo laidu; įkroviklis, jei be jo prietaisas neveikia. Originali dėžutė ir priedai – tik jei nurodyta aprašyme.',
  en: 'The item in a protective box with a charging cable, and a charger where the device cannot work without one. The original box and accessories only where the description says so.',
  ru: 'Товар в защитной коробке с кабелем для зарядки и зарядным устройством, если без него устройство не работает. Оригинальная коробка и аксессуары — только если это указано в описании.',
};

const GRADE_FACTS: Readonly<Record<GradeKey, GradeFactsRow>> = {
  new: {
    looks: {
      lt: 'Nenaudota, gamintojo pakuotė neatidaryta.',
      en: 'Unused, in the manufacturer’s unopened packaging.',
      ru: 'Не использовался, в невскрытой упаковке производителя.',
    },
    tested: {
      lt: 'Pakuotės neatidarome: prekę tikrina gamintojas.',
      en: 'We do not open the packaging: the manufacturer tested the item.',
      ru: 'Мы не вскрываем упаковку: товар проверен производителем.',
    },
    inTheBox: {
      lt: 'Originali dėžutė su visais gamintojo priedais.',
      en: 'The original box with all the manufacturer’s accessories.',
      ru: 'Оригинальная коробка со всеми аксессуарами производителя.',
    },
    batteryMinPercent: null,
  },
  a_plus: {
    looks: {
      lt: 'Jokių matomų naudojimo žymių net iš arti.',
      en: 'No visible signs of use, even up close.',
      ru: 'Никаких видимых следов использования даже вблизи.',
    },
    tested: TESTED_GRADED,
    inTheBox: BOX_GRADED,
    batteryMinPercent: 90,
  },
  a: {
    looks: {
      lt: 'Smulkūs įbrėžimai, matomi tik iš arti; ekranas be įbrėžimų.',
      en: 'Micro-scratches seen only up close; no scratches on the screen.',
      ru: 'Мелкие царапины, заметные только вблизи; на экране царапин нет.',
    },
    tested: TESTED_GRADED,
    inTheBox: BOX_GRADED,
    batteryMinPercent: 85,
  },
  b: {
    looks: {
      lt: 'Nedideli įbrėžimai korpuse, matomi iš rankos atstumo; ekranas be įbrėžimų, kai įjungtas.',
      en: 'Light scratches on the body, seen at arm’s length; no scratches visible on the screen when it is on.',
      ru: 'Небольшие царапины на корпусе, видимые на расстоянии вытянутой руки; на включённом экране царапин не видно.',
    },
    tested: TESTED_GRADED,
    inTheBox: BOX_GRADED,
    batteryMinPercent: 85,
  },
  c_plus: {
    looks: {
      lt: 'Matomi įbrėžimai ir nusitrynimai korpuse; ekrane gali būti smulkių įbrėžimų.',
      en: 'Visible scratches and scuffs on the body; the screen may have light scratches.',
      ru: 'Заметные царапины и потёртости на корпусе; на экране возможны мелкие царапины.',
    },
    tested: TESTED_GRADED,
    inTheBox: BOX_GRADED,
    batteryMinPercent: 80,
  },
  c: {
    looks: {
      lt: 'Ryškūs įbrėžimai, nusitrynimai ar nedideli įlenkimai; veikia visiškai.',
      en: 'Clear scratches, scuffs or small dents; fully working.',
      ru: 'Явные царапины, потёртости или небольшие вмятины; полностью работает.',
    },
    tested: TESTED_GRADED,
    inTheBox: BOX_GRADED,
    batteryMinPercent: 80,
  },
};

export interface GradeFacts {
  key: GradeKey;
  code: string | null;
  name: string;
  looks: string;
  tested: string;
  inTheBox: string;
  batteryMinPercent: number | null;
  /** the shop's settings: months of warranty for this grade */
  warrantyMonths: number;
  /** the shop's settings: days to return for a refund (money-back days) */
  returnDays: number;
}

/** One grade's facts in a store view, with the warranty and the return period from the settings. */
export function gradeFacts(
  key: GradeKey,
  store: StoreCode,
  settings: Pick<ShopSettings, 'warrantyMonths' | 'moneyBackDays'>,
): GradeFacts {
  const row = GRADE_FACTS[key];
  return {
    key,
    code: gradeCode(key),
    name: gradeName(key, store),
    looks: row.looks[store],
    tested: row.tested[store],
    inTheBox: row.inTheBox[store],
    batteryMinPercent: row.batteryMinPercent,
    warrantyMonths: settings.warrantyMonths[key],
    returnDays: settings.moneyBackDays,
  };
}

/** Every grade's facts, in grade order (new first, C last): the "How we grade" page and the home block. */
export function gradeLadderFacts(
  store: StoreCode,
  settings: Pick<ShopSettings, 'warrantyMonths' | 'moneyBackDays'>,
): GradeFacts[] {
  return GRADE_KEYS.map((key) => gradeFacts(key, store, settings));
}

/**
 * The store-info answer's shape of the settings (`shop.warranty_months`, `shop.money_back_days`) as
 * the settings the facts read; null when the storefront does not know them (nothing is promised).
 */
export function gradeSettingsOf(
  shop: { warranty_months: Record<string, number>; money_back_days: number } | null | undefined,
): Pick<ShopSettings, 'warrantyMonths' | 'moneyBackDays'> | null {
  if (!shop) return null;
  return {
    warrantyMonths: shop.warranty_months as Record<GradeKey, number>,
    moneyBackDays: shop.money_back_days,
  };
}
