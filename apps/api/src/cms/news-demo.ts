/**
 * Demo news, served only while the `news` table is empty, each marked `demo: true` so the storefront
 * labels it as an example (accounts-checkout-routes.md §2 route table: "/news and /news/{slug}").
 */
import type { Localized } from '../lib/localized.ts';

export type DemoNews = { slug: string; title: Localized; body: Localized; image: string | null; published_at: string };

export const DEMO_NEWS: readonly DemoNews[] = [
  {
    slug: 'graded-electronics-explained',
    published_at: '2026-11-02T09:00:00.000Z',
    image: null,
    title: {
      lt: 'Kas yra A+, A, B ir C būklės prekės?',
      en: 'What do grades A+, A, B and C mean?',
      ru: 'Что означают состояния A+, A, B и C?',
    },
    body: {
      lt: 'Atnaujintos prekės patikrinamos ir įvertinamos pagal išvaizdą. A+ atrodo kaip nauja, A turi vos matomų žymių, B ir C – daugiau naudojimo pėdsakų, bet veikia be priekaištų.\n\nVisoms prekėms taikoma 30 dienų pinigų grąžinimo garantija.',
      en: 'Refurbished products are tested and graded by their looks. A+ looks like new, A has barely visible marks, B and C show more signs of use but work flawlessly.\n\nEvery product comes with a 30-day money-back guarantee.',
      ru: 'Восстановленные товары проверяются и оцениваются по внешнему виду. A+ выглядит как новый, у A едва заметные следы, у B и C следов больше, но работают они безупречно.\n\nНа все товары действует 30-дневная гарантия возврата денег.',
    },
  },
  {
    slug: 'delivery-before-holidays',
    published_at: '2026-11-15T09:00:00.000Z',
    image: null,
    title: {
      lt: 'Pristatymas prieš šventes',
      en: 'Delivery before the holidays',
      ru: 'Доставка перед праздниками',
    },
    body: {
      lt: 'Užsakymus, pateiktus iki gruodžio 20 d., pristatysime iki švenčių. Paštomatai dirba ir savaitgaliais.',
      en: 'Orders placed by 20 December arrive before the holidays. Parcel lockers are open at weekends too.',
      ru: 'Заказы, оформленные до 20 декабря, будут доставлены до праздников. Постаматы работают и в выходные.',
    },
  },
];
