/**
 * The shop's terms and conditions of sale, by version (docs/legal.md). A version's text never changes
 * once orders were placed under it: a change is a new version, appended below. Each order keeps the
 * version its buyer accepted (`orders.terms_version`), and its confirmation e-mail carries that
 * version as a PDF (pdfkit and the invoice's DejaVu fonts: Lithuanian and Cyrillic letters): one
 * document per version, language and shop settings, the same bytes for every order; what is an
 * order's own (its number, its withdrawal link) is in the e-mail's text (docs/decisions/0069-*).
 */
import PDFDocument from 'pdfkit';
// the invoice's fonts: one place that knows where they are, in the sources and in the server bundle
import { registerPdfFonts } from '../invoice/pdf-fonts.ts';
import type { StoreCode } from '@vitrina/domain';
import type { ShopIdentity } from '../config.ts';
import { storefrontLink } from '../mail/templates.ts';
import {
  modelWithdrawalForm,
  sellerLine,
  withdrawalInformation,
  type WithdrawalTextParams,
} from './texts.ts';

type Section = { title: string; body: string };
type TermsText = { title: string; sections: (days: number) => Section[] };

const V2026_11_01: Record<StoreCode, TermsText> = {
  lt: {
    title: 'Pirkimo–pardavimo taisyklės',
    sections: (days) => [
      {
        title: '1. Šalys',
        body: 'Šios taisyklės taikomos pirkėjo ir pardavėjo (nurodyto aukščiau) sutarčiai, sudarytai šioje internetinėje parduotuvėje. Sutartis sudaroma, kai pirkėjas pateikia užsakymą ir gauna jo patvirtinimą el. paštu.',
      },
      {
        title: '2. Kainos ir mokėjimas',
        body: 'Kainos nurodytos eurais su PVM. Pristatymo ir mokėjimo būdo mokesčiai nurodomi prieš pateikiant užsakymą. Mokama pasirinktu būdu: bankiniu pavedimu, per elektroninę bankininkystę, išsimokėtinai arba grynaisiais pristatymo metu.',
      },
      {
        title: '3. Pristatymas',
        body: 'Prekės pristatomos Lietuvoje, Latvijoje ir Estijoje pasirinktu būdu; numatomas terminas nurodomas užsakant. Prekės rizika pirkėjui pereina, kai jis ar jo nurodytas asmuo (ne vežėjas) prekę fiziškai gauna.',
      },
      {
        title: '4. Teisė atsisakyti sutarties',
        body: `Vartotojas gali atsisakyti sutarties per ${days} dienų nuo prekės gavimo nenurodydamas priežasties (įstatymas numato 14 dienų; ilgesnis terminas – parduotuvės pažadas). Sąlygos – toliau pateiktoje informacijoje apie teisę atsisakyti sutarties; atsisakyti galima ir paspaudus mygtuką „Atsisakyti sutarties čia“ užsakymo puslapyje.`,
      },
      {
        title: '5. Kokybės garantija',
        body: 'Naujoms prekėms taikoma 24 mėnesių, atnaujintoms (A+–C būklės) – 12 mėnesių kokybės garantija. Tai neriboja vartotojo teisių dėl netinkamos kokybės prekių pagal Lietuvos Respublikos civilinį kodeksą.',
      },
      {
        title: '6. Asmens duomenys',
        body: 'Asmens duomenys tvarkomi sutarčiai vykdyti ir teisės aktų reikalavimams (buhalterinei apskaitai) įvykdyti. Pirkėjas savo paskyroje gali atsisiųsti visus apie jį saugomus duomenis ir paprašyti juos ištrinti; apskaitos dokumentai saugomi 10 metų, kaip to reikalauja Buhalterinės apskaitos įstatymas.',
      },
      {
        title: '7. Ginčai',
        body: 'Ginčai sprendžiami derybomis. Vartotojas taip pat gali kreiptis į Valstybinę vartotojų teisių apsaugos tarnybą (www.vvtat.lt) arba naudotis EGS platforma (ec.europa.eu/consumers/odr). Taikoma Lietuvos Respublikos teisė, neatimant vartotojui jo gyvenamosios šalies imperatyviųjų normų apsaugos.',
      },
    ],
  },
  en: {
    title: 'Terms and conditions of sale',
    sections: (days) => [
      {
        title: '1. The parties',
        body: 'These terms apply to the contract between the buyer and the seller (named above) made in this online shop. The contract is made when the buyer places an order and receives its confirmation by e-mail.',
      },
      {
        title: '2. Prices and payment',
        body: 'Prices are in euros including VAT. Delivery and payment fees are shown before the order is placed. Payment is by the chosen method: bank transfer, online banking, instalments or cash on delivery.',
      },
      {
        title: '3. Delivery',
        body: 'Goods are delivered in Lithuania, Latvia and Estonia by the chosen method; the expected time is shown when ordering. The risk passes to the buyer when they, or a person they name (not the carrier), take physical possession of the goods.',
      },
      {
        title: '4. Right of withdrawal',
        body: `A consumer may withdraw from the contract within ${days} days of receiving the goods without giving a reason (the law gives 14 days; a longer period is the shop's promise). The conditions are in the information on the right of withdrawal below; a withdrawal can also be made with the button "Withdraw from the contract here" on the order's page.`,
      },
      {
        title: '5. Warranty',
        body: "New goods carry a 24-month warranty, refurbished goods (grades A+ to C) a 12-month warranty. This does not limit the consumer's rights for goods not in conformity under the Civil Code of the Republic of Lithuania.",
      },
      {
        title: '6. Personal data',
        body: 'Personal data is processed to perform the contract and to meet legal duties (accounting). In their account the buyer can download all data the shop holds about them and ask for its erasure; accounting documents are kept for 10 years as the Law on Accounting requires.',
      },
      {
        title: '7. Disputes',
        body: 'Disputes are settled by negotiation. A consumer may also turn to the State Consumer Rights Protection Authority (www.vvtat.lt) or the EU ODR platform (ec.europa.eu/consumers/odr). Lithuanian law applies, without depriving a consumer of the protection of the mandatory rules of their country of residence.',
      },
    ],
  },
  ru: {
    title: 'Правила купли-продажи',
    sections: (days) => [
      {
        title: '1. Стороны',
        body: 'Настоящие правила применяются к договору между покупателем и продавцом (указан выше), заключённому в этом интернет-магазине. Договор заключается, когда покупатель оформляет заказ и получает его подтверждение по электронной почте.',
      },
      {
        title: '2. Цены и оплата',
        body: 'Цены указаны в евро с НДС. Стоимость доставки и сборы за способ оплаты показываются до оформления заказа. Оплата выбранным способом: банковским переводом, через интернет-банк, в рассрочку или наличными при доставке.',
      },
      {
        title: '3. Доставка',
        body: 'Товары доставляются в Литву, Латвию и Эстонию выбранным способом; ожидаемый срок указывается при заказе. Риск переходит к покупателю, когда он или указанное им лицо (не перевозчик) получает товар в физическое владение.',
      },
      {
        title: '4. Право на отказ от договора',
        body: `Потребитель может отказаться от договора в течение ${days} дней со дня получения товара без объяснения причин (закон предусматривает 14 дней; более длительный срок — обещание магазина). Условия — в приведённой ниже информации о праве на отказ; отказаться можно и кнопкой «Отказаться от договора здесь» на странице заказа.`,
      },
      {
        title: '5. Гарантия',
        body: 'На новые товары даётся гарантия 24 месяца, на восстановленные (состояние A+–C) — 12 месяцев. Это не ограничивает прав потребителя в отношении товаров ненадлежащего качества по Гражданскому кодексу Литовской Республики.',
      },
      {
        title: '6. Персональные данные',
        body: 'Персональные данные обрабатываются для исполнения договора и выполнения требований закона (бухгалтерский учёт). В своей учётной записи покупатель может скачать все хранимые о нём данные и потребовать их удаления; учётные документы хранятся 10 лет, как того требует Закон о бухгалтерском учёте.',
      },
      {
        title: '7. Споры',
        body: 'Споры решаются путём переговоров. Потребитель также может обратиться в Государственную службу защиты прав потребителей (www.vvtat.lt) или на платформу ODR ЕС (ec.europa.eu/consumers/odr). Применяется право Литовской Республики, без лишения потребителя защиты императивных норм страны его проживания.',
      },
    ],
  },
};

/** every version ever in force, oldest first; the last is in force now */
export const TERMS_VERSIONS: Readonly<Record<string, Record<StoreCode, TermsText>>> = {
  '2026-11-01': V2026_11_01,
};

export function currentTermsVersion(): string {
  return Object.keys(TERMS_VERSIONS).at(-1) as string;
}

const HEADINGS: Record<StoreCode, { version: string; seller: string }> = {
  lt: { version: 'Versija', seller: 'Pardavėjas' },
  en: { version: 'Version', seller: 'Seller' },
  ru: { version: 'Версия', seller: 'Продавец' },
};

/**
 * What a terms PDF says besides its version and language. All of it is the shop's, none of it an
 * order's: every order of a version and language attaches the same document (docs/decisions/0069-*).
 * `withdrawalPage`: the shop's withdrawal page (Annex I(A) "[insert Internet address]"), not an
 * order's link; the order's own link is in the confirmation e-mail's text.
 */
export type TermsPdfParams = { days: number; withdrawalPage: string };

/** the shop's withdrawal page in a store view: where the PDF sends a buyer (routes/withdrawal.tsx) */
export function withdrawalPageUrl(publicUrl: string, store: StoreCode): string {
  return storefrontLink(publicUrl, store, '/withdrawal');
}

/**
 * Rendered terms kept by what they say (version, language, seller, period, withdrawal page): every
 * order confirmation attaches them, and rendering one is tens of ms of CPU. A change of the seller
 * or the period (the shop's settings) is a new key, so it renders anew. Each process renders its own
 * copy; the bytes are the same in every process (dated by the version, not by the clock).
 */
const renderedTerms = new Map<string, Promise<Buffer>>();
const RENDERED_TERMS_KEPT = 32;

/** the terms of `version` as a PDF in the store view's language, with Annex I(A) and I(B) at the end */
export function renderTermsPdf(
  version: string,
  store: StoreCode,
  shop: ShopIdentity,
  p: TermsPdfParams,
): Promise<Buffer> {
  const key = JSON.stringify([version, store, shop, p.days, p.withdrawalPage]);
  const kept = renderedTerms.get(key);
  if (kept) return kept;
  if (renderedTerms.size >= RENDERED_TERMS_KEPT) renderedTerms.clear();
  const rendering = drawTermsPdf(version, store, shop, p);
  renderedTerms.set(key, rendering);
  rendering.catch(() => renderedTerms.delete(key));
  return rendering;
}

/**
 * The date a version's PDF carries (its info dictionary's CreationDate, and the file identifier
 * pdfkit derives from it): the version's own date, so the same version renders to the same bytes
 * today, tomorrow and in every process. pdfkit would write the clock's time.
 */
function versionDate(version: string): Date {
  const d = new Date(`${version}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** renders the PDF, not kept: renderTermsPdf keeps it (exported for the bench and the tests) */
export function drawTermsPdf(
  version: string,
  store: StoreCode,
  shop: ShopIdentity,
  p: TermsPdfParams,
): Promise<Buffer> {
  const known = TERMS_VERSIONS[version] ? version : currentTermsVersion();
  const terms = TERMS_VERSIONS[known]![store];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: store,
    displayTitle: true,
    info: {
      Title: `${terms.title} (${version})`,
      Author: shop.companyName,
      CreationDate: versionDate(known),
    },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text: WithdrawalTextParams = {
    seller: sellerLine(shop, store),
    days: p.days,
    withdrawalUrl: p.withdrawalPage,
  };
  const h = HEADINGS[store];
  pdf.font('bold').fontSize(16).text(terms.title);
  pdf.font('body').fontSize(10).text(`${h.version}: ${version}`);
  pdf.text(`${h.seller}: ${text.seller}`);
  pdf.moveDown();
  for (const s of terms.sections(p.days)) {
    pdf.font('bold').fontSize(11).text(s.title);
    pdf.font('body').fontSize(9.5).text(s.body, { align: 'justify' });
    pdf.moveDown(0.6);
  }
  for (const block of [withdrawalInformation(store, text), modelWithdrawalForm(store, text)]) {
    pdf.addPage();
    const [title, ...rest] = block.split('\n');
    pdf
      .font('bold')
      .fontSize(12)
      .text(title ?? '');
    pdf.font('body').fontSize(9.5).text(rest.join('\n'), { align: 'left' });
  }
  pdf.end();
  return done;
}

/** the attachment's file name: the version is in it */
export function termsFileName(version: string, store: StoreCode): string {
  const base = { lt: 'pirkimo-taisykles', en: 'terms-and-conditions', ru: 'pravila-pokupki' }[store];
  return `${base}-${version}.pdf`;
}
