/**
 * CMS pages and blocks of the demo shop, in lt, en and ru. They state the shop's terms (a demo shop:
 * the company details and contact data are placeholders): 30-day money back, support 8:00–17:00 on
 * workdays, delivery in 2–3 working days, a 10% newsletter coupon, a 3.00 € cash-on-delivery fee.
 */
import type { ImportCmsBlock, ImportCmsPage, LocalizedText } from './types.ts';

const L = (lt: string, en: string, ru: string): LocalizedText => ({ lt, en, ru });
const DEMO_NOTE = L(
  '<p><em>Tai demonstracinės parduotuvės tekstas.</em></p>',
  '<p><em>This is demo shop text.</em></p>',
  '<p><em>Это текст демонстрационного магазина.</em></p>',
);
const withNote = (t: LocalizedText): LocalizedText => ({
  lt: `${t.lt}\n${DEMO_NOTE.lt}`,
  en: `${t.en}\n${DEMO_NOTE.en}`,
  ru: `${t.ru}\n${DEMO_NOTE.ru}`,
});

export const SHOP_EMAIL = 'info@vitrina.example';
export const SHOP_PHONE = '+370 600 00000';

interface PageDef {
  identifier: string;
  ltSlug: string;
  title: LocalizedText;
  meta: LocalizedText;
  content: LocalizedText;
}

const PAGES: PageDef[] = [
  {
    identifier: 'about-us',
    ltSlug: 'apie-mus',
    title: L('Apie mus', 'About us', 'О нас'),
    meta: L(
      '„Vitrina“ – naujos ir atnaujintos elektronikos bei buitinės technikos parduotuvė internete.',
      'Vitrina is an online shop for brand-new and graded refurbished electronics and home appliances.',
      '«Vitrina» — интернет-магазин новой и восстановленной электроники и бытовой техники.',
    ),
    content: L(
      `<h1>Apie mus</h1>
<p>„Vitrina“ – elektronikos ir buitinės technikos parduotuvė internete. Parduodame naujas ir atnaujintas (A+, A, B, C+ ir C būklės) prekes: kompiuterius, telefonus, garso ir vaizdo techniką, buitinę techniką, žaidimų įrangą, priedus ir programinę įrangą.</p>
<p>Kiekvieną atnaujintą prekę patikriname, išvalome ir įvertiname pagal savo būklės skalę, todėl visada žinote, ką perkate. Prekes pristatome Lietuvoje, Latvijoje ir Estijoje per 2–3 darbo dienas.</p>
<p>Visiems pirkiniams taikoma 30 dienų pinigų grąžinimo garantija, o klientų aptarnavimo komanda jums padės darbo dienomis 8:00–17:00.</p>`,
      `<h1>About us</h1>
<p>Vitrina is an online shop for electronics and home appliances. We sell brand-new and graded refurbished goods (grades A+, A, B, C+ and C): computers, phones, audio and video, home appliances, gaming gear, accessories and software.</p>
<p>Every graded item is tested, cleaned and graded on our condition scale, so you always know what you are buying. We deliver in Lithuania, Latvia and Estonia within 2–3 working days.</p>
<p>Every purchase comes with a 30-day money-back guarantee, and our support team is there for you on workdays from 8:00 to 17:00.</p>`,
      `<h1>О нас</h1>
<p>«Vitrina» — интернет-магазин электроники и бытовой техники. Мы продаём новые и восстановленные товары (классы состояния A+, A, B, C+ и C): компьютеры, телефоны, аудио- и видеотехнику, бытовую технику, игровые устройства, аксессуары и программное обеспечение.</p>
<p>Каждый восстановленный товар мы проверяем, очищаем и оцениваем по своей шкале состояния, поэтому вы всегда знаете, что покупаете. Доставляем по Литве, Латвии и Эстонии за 2–3 рабочих дня.</p>
<p>На все покупки действует 30-дневная гарантия возврата денег, а служба поддержки поможет вам по рабочим дням с 8:00 до 17:00.</p>`,
    ),
  },
  {
    identifier: 'contact-us',
    ltSlug: 'susisiekite-su-mumis',
    title: L('Susisiekite su mumis', 'Contact us', 'Свяжитесь с нами'),
    meta: L(
      'Klausimai apie prekes, užsakymus ar grąžinimą? Parašykite mums.',
      'Questions about products, orders or returns? Write to us.',
      'Вопросы о товарах, заказах или возврате? Напишите нам.',
    ),
    content: L(
      `<h1>Susisiekite su mumis</h1>
<p>Turite klausimų apie prekę, užsakymą ar grąžinimą? Užpildykite kontaktinę formą arba parašykite el. paštu ${SHOP_EMAIL}.</p>
<p>Atsakome darbo dienomis 8:00–17:00, dažniausiai tą pačią dieną. Jei klausiate apie užsakymą, nurodykite jo numerį – taip galėsime padėti greičiau.</p>`,
      `<h1>Contact us</h1>
<p>Questions about a product, an order or a return? Fill in the contact form or write to ${SHOP_EMAIL}.</p>
<p>We answer on workdays, 8:00–17:00, usually on the same day. If your question is about an order, please include its number so that we can help you faster.</p>`,
      `<h1>Свяжитесь с нами</h1>
<p>Есть вопросы о товаре, заказе или возврате? Заполните контактную форму или напишите нам на ${SHOP_EMAIL}.</p>
<p>Мы отвечаем по рабочим дням, 8:00–17:00, обычно в тот же день. Если вопрос касается заказа, укажите его номер — так мы сможем помочь быстрее.</p>`,
    ),
  },
  {
    identifier: 'delivery',
    ltSlug: 'pristatymas',
    title: L('Pristatymas', 'Delivery', 'Доставка'),
    meta: L(
      'Pristatymas per 2–3 darbo dienas Lietuvoje, Latvijoje ir Estijoje.',
      'Delivery in 2–3 working days in Lithuania, Latvia and Estonia.',
      'Доставка за 2–3 рабочих дня по Литве, Латвии и Эстонии.',
    ),
    content: L(
      `<h1>Pristatymas</h1>
<p>Prekes pristatome Lietuvoje, Latvijoje ir Estijoje per 2–3 darbo dienas nuo užsakymo patvirtinimo.</p>
<ul>
<li>Kurjeris į namus ar biurą.</li>
<li>Omniva paštomatai.</li>
<li>DPD paštomatai.</li>
<li>Atsiėmimas „Vitrina“ parduotuvėje Vilniuje – nemokamai.</li>
</ul>
<p>Jei už prekes mokate grynaisiais pristatymo metu, taikomas 3,00 € išieškojimo mokestis.</p>
<p>Didelių matmenų buitinę techniką pristato kurjeris; apie pristatymo laiką jis informuos iš anksto. Elektroninės licencijos ir paslaugos nepristatomos – licencijos kodą išsiunčiame el. paštu.</p>`,
      `<h1>Delivery</h1>
<p>We deliver in Lithuania, Latvia and Estonia within 2–3 working days of the order confirmation.</p>
<ul>
<li>Courier to your home or office.</li>
<li>Omniva parcel lockers.</li>
<li>DPD parcel lockers.</li>
<li>Pickup at the Vitrina store in Vilnius: free.</li>
</ul>
<p>If you pay in cash on delivery, a collection fee of 3.00 € applies.</p>
<p>Large home appliances are delivered by courier, who will let you know the delivery time in advance. Software licences and services are not shipped: we send the licence code by e-mail.</p>`,
      `<h1>Доставка</h1>
<p>Доставляем товары по Литве, Латвии и Эстонии за 2–3 рабочих дня с момента подтверждения заказа.</p>
<ul>
<li>Курьер на дом или в офис.</li>
<li>Почтоматы Omniva.</li>
<li>Почтоматы DPD.</li>
<li>Самовывоз из магазина «Vitrina» в Вильнюсе — бесплатно.</li>
</ul>
<p>При оплате наличными при получении взимается сбор за наложенный платёж 3,00 €.</p>
<p>Крупную бытовую технику доставляет курьер, который заранее сообщит время доставки. Электронные лицензии и услуги не доставляются: код лицензии мы отправляем по электронной почте.</p>`,
    ),
  },
  {
    identifier: 'payment-methods',
    ltSlug: 'mokejimo-metodai',
    title: L('Mokėjimo būdai', 'Payment methods', 'Способы оплаты'),
    meta: L(
      'Mokėkite per banką, lizingu, pavedimu ar grynaisiais pristatymo metu.',
      'Pay through your bank, in instalments, by bank transfer or in cash on delivery.',
      'Оплачивайте через банк, в лизинг, банковским переводом или наличными при получении.',
    ),
    content: L(
      `<h1>Mokėjimo būdai</h1>
<ul>
<li><strong>Mokėjimas per banką (NEOPAY)</strong> – greitas mokėjimas per jūsų banką; užsakymą patvirtiname vos gavę mokėjimą.</li>
<li><strong>Lizingas (Mokilizingas)</strong> – įsigykite prekes išsimokėtinai; sprendimą dėl finansavimo priima finansavimo bendrovė.</li>
<li><strong>Bankinis pavedimas</strong> – rekvizitus rasite užsakymo patvirtinime; prekes išsiunčiame gavę apmokėjimą.</li>
<li><strong>Grynaisiais pristatymo metu</strong> – sumokate kurjeriui, taikomas 3,00 € išieškojimo mokestis. Šis būdas negalimas, kai užsakyme yra tik elektroninės licencijos ar paslaugos.</li>
</ul>
<p>Visos kainos nurodytos eurais su PVM.</p>`,
      `<h1>Payment methods</h1>
<ul>
<li><strong>Bank payment (NEOPAY)</strong>: pay quickly through your own bank; we confirm the order as soon as the payment arrives.</li>
<li><strong>Financing (Mokilizingas)</strong>: buy now and pay in instalments; the financing company decides on the application.</li>
<li><strong>Bank transfer</strong>: the payment details are in your order confirmation; we ship once the payment has arrived.</li>
<li><strong>Cash on delivery</strong>: pay the courier; a collection fee of 3.00 € applies. Not available when the order contains only software licences or services.</li>
</ul>
<p>All prices are in euros and include VAT.</p>`,
      `<h1>Способы оплаты</h1>
<ul>
<li><strong>Оплата через банк (NEOPAY)</strong> — быстрая оплата через ваш банк; заказ подтверждается сразу после получения платежа.</li>
<li><strong>Лизинг (Mokilizingas)</strong> — покупка в рассрочку; решение о финансировании принимает финансовая компания.</li>
<li><strong>Банковский перевод</strong> — реквизиты указаны в подтверждении заказа; товар отправляем после поступления оплаты.</li>
<li><strong>Наличными при получении</strong> — оплата курьеру, взимается сбор за наложенный платёж 3,00 €. Способ недоступен, если в заказе только электронные лицензии или услуги.</li>
</ul>
<p>Все цены указаны в евро с НДС.</p>`,
    ),
  },
  {
    identifier: 'privacy-policy',
    ltSlug: 'privatumo-politika',
    title: L('Privatumo politika', 'Privacy policy', 'Политика конфиденциальности'),
    meta: L(
      'Kaip tvarkome jūsų asmens duomenis.',
      'How we process your personal data.',
      'Как мы обрабатываем ваши персональные данные.',
    ),
    content: L(
      `<h1>Privatumo politika</h1>
<p>Tvarkome tik tuos asmens duomenis, kurių reikia užsakymui įvykdyti ir jus aptarnauti: vardą, pavardę, el. pašto adresą, telefono numerį, pristatymo adresą ir užsakymų istoriją.</p>
<p>Naujienlaiškį siunčiame tik gavę jūsų sutikimą; atsisakyti jo galite bet kada paspaudę nuorodą laiške arba paskyroje.</p>
<p>Duomenis saugome tiek, kiek reikalauja teisės aktai ir kiek jų reikia paslaugoms teikti. Turite teisę susipažinti su savo duomenimis, juos ištaisyti ar prašyti ištrinti – rašykite ${SHOP_EMAIL}.</p>
<p>Slapukus naudojame svetainės veikimui ir, jums sutikus, statistikai.</p>`,
      `<h1>Privacy policy</h1>
<p>We process only the personal data needed to fulfil your order and to serve you: your name, e-mail address, phone number, delivery address and order history.</p>
<p>We send the newsletter only with your consent; you can unsubscribe at any time through the link in every e-mail or in your account.</p>
<p>We keep data for as long as the law requires and as long as we need it to provide our services. You have the right to access, correct or ask us to erase your data: write to ${SHOP_EMAIL}.</p>
<p>We use cookies to run the website and, with your consent, for statistics.</p>`,
      `<h1>Политика конфиденциальности</h1>
<p>Мы обрабатываем только те персональные данные, которые нужны для выполнения заказа и обслуживания: имя, фамилию, адрес электронной почты, номер телефона, адрес доставки и историю заказов.</p>
<p>Рассылку мы отправляем только с вашего согласия; отписаться можно в любой момент по ссылке в письме или в личном кабинете.</p>
<p>Мы храним данные столько, сколько требует закон и сколько они нужны для оказания услуг. Вы вправе ознакомиться со своими данными, исправить их или потребовать удаления — пишите на ${SHOP_EMAIL}.</p>
<p>Файлы cookie мы используем для работы сайта и, с вашего согласия, для статистики.</p>`,
    ),
  },
  {
    identifier: 'purchase-sales-rules',
    ltSlug: 'pirkimo-pardavimo-taisykles',
    title: L('Pirkimo–pardavimo taisyklės', 'Terms of purchase and sale', 'Правила купли-продажи'),
    meta: L(
      'Parduotuvės „Vitrina“ pirkimo–pardavimo taisyklės.',
      'Terms of purchase and sale of the Vitrina shop.',
      'Правила купли-продажи магазина «Vitrina».',
    ),
    content: L(
      `<h1>Pirkimo–pardavimo taisyklės</h1>
<h2>Užsakymas ir kainos</h2>
<p>Kainos nurodytos eurais su PVM. Užsakymas laikomas sudarytu, kai jį patvirtiname el. paštu.</p>
<h2>Prekių būklė</h2>
<ul>
<li><strong>Nauja</strong> – nauja, nenaudota prekė originalioje pakuotėje.</li>
<li><strong>A+</strong> – kaip nauja, be matomų naudojimo žymių.</li>
<li><strong>A</strong> – puikios būklės, galimi vos pastebimi įbrėžimai.</li>
<li><strong>B</strong> – geros būklės, galimi nedideli įbrėžimai.</li>
<li><strong>C+</strong> – vidutinės būklės, matomi įbrėžimai, veikia nepriekaištingai.</li>
<li><strong>C</strong> – matomi naudojimo požymiai, veikia nepriekaištingai.</li>
</ul>
<h2>Pristatymas ir apmokėjimas</h2>
<p>Prekes pristatome per 2–3 darbo dienas. Mokant grynaisiais pristatymo metu taikomas 3,00 € išieškojimo mokestis.</p>
<h2>Grąžinimas ir garantija</h2>
<p>Per 30 dienų nuo prekės gavimo galite ją grąžinti ir atgauti pinigus. Naujoms prekėms taikoma gamintojo garantija, atnaujintoms – 12 mėnesių garantija.</p>
<h2>Naujienlaiškis</h2>
<p>Užsiprenumeravę naujienlaiškį gausite vienkartinį 10 % nuolaidos kuponą.</p>`,
      `<h1>Terms of purchase and sale</h1>
<h2>Orders and prices</h2>
<p>Prices are in euros and include VAT. A contract is made when we confirm your order by e-mail.</p>
<h2>Condition grades</h2>
<ul>
<li><strong>Brand New</strong>: a new, unused item in its original packaging.</li>
<li><strong>A+</strong>: like new, no visible signs of use.</li>
<li><strong>A</strong>: excellent condition, barely noticeable scratches are possible.</li>
<li><strong>B</strong>: good condition, light scratches are possible.</li>
<li><strong>C+</strong>: fair condition, visible scratches, works perfectly.</li>
<li><strong>C</strong>: visible signs of use, works perfectly.</li>
</ul>
<h2>Delivery and payment</h2>
<p>We deliver in 2–3 working days. Cash on delivery carries a collection fee of 3.00 €.</p>
<h2>Returns and warranty</h2>
<p>You may return an item within 30 days of receiving it and get your money back. Brand-new items carry the manufacturer's warranty, graded items a 12-month warranty.</p>
<h2>Newsletter</h2>
<p>Subscribe to our newsletter and get a one-time 10% discount coupon.</p>`,
      `<h1>Правила купли-продажи</h1>
<h2>Заказ и цены</h2>
<p>Цены указаны в евро с НДС. Договор считается заключённым, когда мы подтверждаем заказ по электронной почте.</p>
<h2>Состояние товаров</h2>
<ul>
<li><strong>Новый</strong> — новый, неиспользованный товар в оригинальной упаковке.</li>
<li><strong>A+</strong> — как новый, без видимых следов использования.</li>
<li><strong>A</strong> — отличное состояние, возможны едва заметные царапины.</li>
<li><strong>B</strong> — хорошее состояние, возможны небольшие царапины.</li>
<li><strong>C+</strong> — удовлетворительное состояние, заметные царапины, работает безупречно.</li>
<li><strong>C</strong> — заметные следы использования, работает безупречно.</li>
</ul>
<h2>Доставка и оплата</h2>
<p>Доставляем за 2–3 рабочих дня. При оплате наличными при получении взимается сбор 3,00 €.</p>
<h2>Возврат и гарантия</h2>
<p>В течение 30 дней с момента получения вы можете вернуть товар и получить деньги обратно. На новые товары действует гарантия производителя, на восстановленные — гарантия 12 месяцев.</p>
<h2>Рассылка</h2>
<p>Подпишитесь на рассылку и получите одноразовый купон на скидку 10 %.</p>`,
    ),
  },
  {
    identifier: 'return-policy',
    ltSlug: 'prekiu-grazinimas',
    title: L('Prekių grąžinimas', 'Return policy', 'Возврат товаров'),
    meta: L(
      '30 dienų pinigų grąžinimo garantija.',
      '30-day money-back guarantee.',
      '30-дневная гарантия возврата денег.',
    ),
    content: L(
      `<h1>Prekių grąžinimas</h1>
<p>Suteikiame 30 dienų pinigų grąžinimo garantiją: per 30 dienų nuo prekės gavimo galite ją grąžinti be priežasties.</p>
<ol>
<li>Parašykite mums ${SHOP_EMAIL} arba užpildykite kontaktinę formą ir nurodykite užsakymo numerį.</li>
<li>Supakuokite prekę su visais priedais ir dokumentais.</li>
<li>Išsiųskite ją per paštomatą arba grąžinkite parduotuvėje Vilniuje.</li>
</ol>
<p>Pinigus grąžiname per 14 dienų nuo prekės gavimo. Aktyvuotų elektroninių licencijų ir jau suteiktų paslaugų grąžinti negalima.</p>
<p>Klientų aptarnavimas dirba darbo dienomis 8:00–17:00.</p>`,
      `<h1>Return policy</h1>
<p>We offer a 30-day money-back guarantee: you may return an item within 30 days of receiving it, without giving a reason.</p>
<ol>
<li>Write to ${SHOP_EMAIL} or use the contact form, and include your order number.</li>
<li>Pack the item with all its accessories and documents.</li>
<li>Send it through a parcel locker or bring it to our store in Vilnius.</li>
</ol>
<p>We refund you within 14 days of receiving the item. Activated software licences and services already provided cannot be returned.</p>
<p>Customer support works on workdays from 8:00 to 17:00.</p>`,
      `<h1>Возврат товаров</h1>
<p>Мы предоставляем 30-дневную гарантию возврата денег: в течение 30 дней с момента получения вы можете вернуть товар без объяснения причин.</p>
<ol>
<li>Напишите нам на ${SHOP_EMAIL} или заполните контактную форму, указав номер заказа.</li>
<li>Упакуйте товар со всеми аксессуарами и документами.</li>
<li>Отправьте его через почтомат или верните в магазине в Вильнюсе.</li>
</ol>
<p>Деньги возвращаем в течение 14 дней после получения товара. Активированные электронные лицензии и уже оказанные услуги возврату не подлежат.</p>
<p>Служба поддержки работает по рабочим дням с 8:00 до 17:00.</p>`,
    ),
  },
  {
    identifier: 'warranty-service',
    ltSlug: 'garantinis-aptarnavimas',
    title: L('Garantinis aptarnavimas', 'Warranty service', 'Гарантийное обслуживание'),
    meta: L(
      'Garantija naujoms ir atnaujintoms prekėms.',
      'Warranty for brand-new and graded goods.',
      'Гарантия на новые и восстановленные товары.',
    ),
    content: L(
      `<h1>Garantinis aptarnavimas</h1>
<p>Naujoms prekėms taikoma gamintojo garantija, atnaujintoms (A+–C būklės) prekėms – 12 mėnesių „Vitrina“ garantija. Garantiją galite pratęsti įsigiję papildomos garantijos paslaugą.</p>
<p>Pastebėjote gedimą? Parašykite mums ${SHOP_EMAIL}, nurodykite užsakymo numerį ir trumpai aprašykite problemą. Suderinsime, kaip prekę atsiimsime, ir pranešime apie remonto, pakeitimo ar pinigų grąžinimo sprendimą.</p>
<p>Klientų aptarnavimas dirba darbo dienomis 8:00–17:00.</p>`,
      `<h1>Warranty service</h1>
<p>Brand-new items carry the manufacturer's warranty; graded items (A+ to C) carry a 12-month Vitrina warranty. You can extend it with an extended warranty service.</p>
<p>Found a fault? Write to ${SHOP_EMAIL} with your order number and a short description of the problem. We will arrange the collection and let you know whether the item will be repaired, replaced or refunded.</p>
<p>Customer support works on workdays from 8:00 to 17:00.</p>`,
      `<h1>Гарантийное обслуживание</h1>
<p>На новые товары действует гарантия производителя, на восстановленные (классы A+–C) — 12-месячная гарантия «Vitrina». Гарантию можно продлить, купив услугу расширенной гарантии.</p>
<p>Обнаружили неисправность? Напишите нам на ${SHOP_EMAIL}, укажите номер заказа и коротко опишите проблему. Мы организуем забор товара и сообщим о ремонте, замене или возврате денег.</p>
<p>Служба поддержки работает по рабочим дням с 8:00 до 17:00.</p>`,
    ),
  },
];

export function buildCmsPages(): ImportCmsPage[] {
  return PAGES.map((p, i) => ({
    id: i + 1,
    identifier: p.identifier,
    slug: { lt: p.ltSlug, en: p.identifier, ru: p.identifier },
    title: p.title,
    content: withNote(p.content),
    meta_description: p.meta,
    is_active: true,
  }));
}

export function buildCmsBlocks(): ImportCmsBlock[] {
  return [
    {
      id: 1,
      identifier: 'footer-terms',
      title: L('Pirkite užtikrintai', 'Shop with confidence', 'Покупайте уверенно'),
      content: L(
        `<ul>
<li>30 dienų pinigų grąžinimo garantija</li>
<li>Pristatymas per 2–3 darbo dienas, didesniems užsakymams – nemokamai</li>
<li>Klientų aptarnavimas darbo dienomis 8:00–17:00</li>
<li>Užsiprenumeravę naujienlaiškį gausite 10 % nuolaidos kuponą</li>
<li>Mokant grynaisiais pristatymo metu taikomas 3,00 € išieškojimo mokestis</li>
</ul>`,
        `<ul>
<li>30-day money-back guarantee</li>
<li>Delivery in 2–3 working days, free for larger orders</li>
<li>Customer support on workdays 8:00–17:00</li>
<li>Subscribe to our newsletter and get a 10% discount coupon</li>
<li>Cash on delivery carries a collection fee of 3.00 €</li>
</ul>`,
        `<ul>
<li>30-дневная гарантия возврата денег</li>
<li>Доставка за 2–3 рабочих дня, для крупных заказов — бесплатно</li>
<li>Служба поддержки по рабочим дням 8:00–17:00</li>
<li>Подпишитесь на рассылку и получите купон на скидку 10 %</li>
<li>При оплате наличными при получении взимается сбор 3,00 €</li>
</ul>`,
      ),
      is_active: true,
    },
    {
      id: 2,
      identifier: 'newsletter-offer',
      title: L('Naujienlaiškis', 'Newsletter', 'Рассылка'),
      content: L(
        '<p>Užsiprenumeruokite naujienlaiškį ir gaukite 10 % nuolaidos kuponą pirmajam pirkiniui.</p>',
        '<p>Subscribe to our newsletter and get a 10% discount coupon for your first purchase.</p>',
        '<p>Подпишитесь на рассылку и получите купон на скидку 10 % на первую покупку.</p>',
      ),
      is_active: true,
    },
    {
      id: 3,
      identifier: 'condition-grades',
      title: L('Prekių būklės', 'Condition grades', 'Классы состояния'),
      content: L(
        '<p>Nauja – nauja prekė originalioje pakuotėje. A+ – kaip nauja. A – puikios būklės. B – geros būklės. C+ – vidutinės būklės. C – matomi naudojimo požymiai. Visos atnaujintos prekės patikrintos ir turi 12 mėnesių garantiją.</p>',
        '<p>Brand New: a new item in its original packaging. A+: like new. A: excellent. B: good. C+: fair. C: visible signs of use. Every graded item is tested and has a 12-month warranty.</p>',
        '<p>Новый — новый товар в оригинальной упаковке. A+ — как новый. A — отличное состояние. B — хорошее состояние. C+ — удовлетворительное состояние. C — заметные следы использования. Все восстановленные товары проверены и имеют гарантию 12 месяцев.</p>',
      ),
      is_active: true,
    },
  ];
}
