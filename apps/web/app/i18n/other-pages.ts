/**
 * UI strings of the overlays and pages no first screen (home, a listing, a product page, search) shows:
 * the search panel, the side menu's levels, the wish list drawer, the picture zoom, the compare, wish
 * list and news pages, the built-in information pages, and the delivery fees. Kept out
 * of the main dictionaries (en.ts, lt.ts, ru.ts), which every page's first load carries; the parts
 * that use them are loaded on demand.
 */
import type { StoreCode } from '@vitrina/domain';
import { partTranslator, useT, type PartTranslator } from '.';

const en = {
  'a11y.authority':
    'If you are not satisfied with our answer, you may turn to the State Consumer Rights Protection Authority (www.vvtat.lt).',
  'a11y.contact':
    'Write to us at {email} if something is hard to use or you need information in another format.',
  'a11y.contactHeading': 'Accessibility requests and feedback',
  'a11y.contactPage':
    'Write to us through the contact page if something is hard to use or you need information in another format.',
  'a11y.date':
    'Statement prepared on 29 November 2026; it is reviewed whenever the shop changes substantially.',
  'a11y.intro':
    'We want everyone to be able to shop at {shop}, whatever device, browser or assistive technology they use. This statement is made under the European Accessibility Act (Directive (EU) 2019/882) and the Lithuanian law implementing it.',
  'a11y.limits':
    'No full manual audit with screen readers has been made yet. Texts and images that editors and suppliers add (news, information pages, product descriptions) may fall short of the standard. Tell us about anything that stops you, and we will fix it or give you the information another way.',
  'a11y.limitsHeading': 'Known limitations',
  'a11y.standard':
    'The shop is built to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, the level of the harmonised standard EN 301 549. We test it with automated axe checks of the main pages and with keyboard-only journeys through browsing, search, the product page, the cart and checkout, on a phone-sized and a desktop screen, in Lithuanian, English and Russian.',
  'a11y.standardHeading': 'Standard and how we test',
  'reviewsInfo.all':
    'Positive and negative reviews are published alike, at once and unedited, newest first. We do not pay or reward anyone for reviews. Staff hide a review only when it is unlawful, offensive or not about the product.',
  'reviewsInfo.order':
    'Feedback on an order as a whole (delivery, service) is read by our staff and is not shown as a review of the products in the order.',
  'reviewsInfo.verified':
    '“Verified purchase” is shown only when the order the review came from holds the product it is about (a variant counts for its product). We check this each time the review is shown.',
  'reviewsInfo.who':
    'Only customers who ordered from this shop can write a review: the review form opens only from the link sent with an order, which carries the order number and its secret token.',
  'compare.onlyDifferences': 'Show only differences',
  'compareBuy.availability': 'Grade and stock',
  'compareBuy.choose': 'Choose options',
  'saved.remove': 'Remove',
  'delivery.feesHeading': 'Delivery prices {forCountry}',
  'delivery.free': 'Free',
  'delivery.freeFrom': 'Free from',
  'delivery.notFree': 'Always paid',
  'delivery.otherCountry':
    'Delivering to Latvia or Estonia? The prices are shown for your country once you enter your delivery address at checkout.',
  'delivery.vatNote': 'Prices include the VAT of the delivery country.',
  'search.panel': 'Search suggestions',
  'search.searching': 'Searching…',
  'search.seeAll': 'See all results for “{q}”',
  'searchRank.brands': 'Brands',
  'searchRank.categories': 'Categories',
  'searchRank.popularSearches': 'Popular searches',
  'searchRank.topCategories': 'Popular categories',
  'header.back': 'Back',
  'header.closeMenu': 'Close menu',
  'wishlist.viewAll': 'Open the wish list',
  'wishlist.empty': 'Your wish list is empty.',
  'product.nextImage': 'Next image',
  'product.prevImage': 'Previous image',
  'product.zoomTitle': '{name}: image {n} of {total}',
  'product.zoomToggle': 'Zoom in or out',
  'compare.description': 'The products you chose, their features side by side.',
  'compare.empty': 'There are no products to compare.',
  'wayOn.emptyCompare': 'Press “Compare” on a product page, and the products appear here side by side.',
  'news.all': 'All news',
  'news.demoNote': 'Demo content: an example news item, not real shop news.',
  'news.description': '{shop} news: new products, offers and what is happening in the shop.',
  'news.empty': 'There is no news yet.',
  'news.demo': 'Demo',
  'news.published': 'Published {date}',
  'wayOn.emptyWishlist': 'Press the heart on a product, and it is kept here for later.',
  'wishlist.description': 'The products you saved for later on this device.',
};

export type OtherPagesKey = keyof typeof en;

const lt: Record<OtherPagesKey, string> = {
  'a11y.authority':
    'Jei mūsų atsakymas jūsų netenkina, galite kreiptis į Valstybinę vartotojų teisių apsaugos tarnybą (www.vvtat.lt).',
  'a11y.contact':
    'Jei kas nors sunkiai naudojama ar informacijos reikia kitu formatu, rašykite mums {email}.',
  'a11y.contactHeading': 'Prieinamumo prašymai ir pastabos',
  'a11y.contactPage':
    'Jei kas nors sunkiai naudojama ar informacijos reikia kitu formatu, parašykite mums per kontaktų puslapį.',
  'a11y.date':
    'Pareiškimas parengtas 2026 m. lapkričio 29 d.; jis peržiūrimas, kai parduotuvė iš esmės pasikeičia.',
  'a11y.intro':
    'Norime, kad {shop} galėtų apsipirkti kiekvienas, kad ir kokį įrenginį, naršyklę ar pagalbinę technologiją naudotų. Šis pareiškimas parengtas pagal Europos prieinamumo aktą (Direktyva (ES) 2019/882) ir jį įgyvendinantį Lietuvos įstatymą.',
  'a11y.limits':
    'Išsamaus rankinio vertinimo su ekrano skaitytuvais dar neatlikome. Redaktorių ir tiekėjų pridedami tekstai ir paveikslėliai (naujienos, informaciniai puslapiai, prekių aprašymai) gali standarto neatitikti. Praneškite mums apie viską, kas trukdo, ir tai ištaisysime arba informaciją pateiksime kitu būdu.',
  'a11y.limitsHeading': 'Žinomi trūkumai',
  'a11y.standard':
    'Parduotuvė kuriama taip, kad atitiktų Saityno turinio prieinamumo gaires (WCAG) 2.1 AA lygiu – darniojo standarto EN 301 549 reikalaujamu lygiu. Tikriname ją automatiniais „axe“ patikrinimais pagrindiniuose puslapiuose ir naršydami vien klaviatūra: katalogą, paiešką, prekės puslapį, krepšelį ir užsakymo pateikimą, telefono ir kompiuterio ekrane, lietuvių, anglų ir rusų kalbomis.',
  'a11y.standardHeading': 'Standartas ir kaip tikriname',
  'reviewsInfo.all':
    'Teigiami ir neigiami atsiliepimai skelbiami vienodai, iš karto ir neredaguoti, naujausi pirmi. Už atsiliepimus niekam nemokame ir neatlyginame. Darbuotojai paslepia atsiliepimą tik tada, kai jis neteisėtas, įžeidžiantis ar ne apie prekę.',
  'reviewsInfo.order':
    'Atsiliepimus apie visą užsakymą (pristatymą, aptarnavimą) skaito mūsų darbuotojai; jie nerodomi kaip užsakymo prekių atsiliepimai.',
  'reviewsInfo.verified':
    '„Patvirtintas pirkimas“ rodomas tik tada, kai užsakyme, iš kurio atėjo atsiliepimas, yra ta prekė, apie kurią rašoma (prekės variantas laikomas ta pačia preke). Tai tikriname kaskart rodydami atsiliepimą.',
  'reviewsInfo.who':
    'Atsiliepimą gali parašyti tik šioje parduotuvėje užsisakę pirkėjai: atsiliepimo forma atsidaro tik iš su užsakymu atsiųstos nuorodos, kurioje yra užsakymo numeris ir slaptas jo raktas.',
  'compare.onlyDifferences': 'Rodyti tik skirtumus',
  'compareBuy.availability': 'Būklė ir likutis',
  'compareBuy.choose': 'Pasirinkti variantą',
  'saved.remove': 'Pašalinti',
  'delivery.feesHeading': 'Pristatymo kainos {forCountry}',
  'delivery.free': 'Nemokamai',
  'delivery.freeFrom': 'Nemokamai nuo',
  'delivery.notFree': 'Visada mokamas',
  'delivery.otherCountry':
    'Pristatome į Latviją ar Estiją? Kainos bus rodomos jūsų šaliai, kai atsiskaitydami nurodysite pristatymo adresą.',
  'delivery.vatNote': 'Kainos nurodytos su pristatymo šalies PVM.',
  'search.panel': 'Paieškos pasiūlymai',
  'search.searching': 'Ieškoma…',
  'search.seeAll': 'Visi rezultatai: „{q}“',
  'searchRank.brands': 'Prekės ženklai',
  'searchRank.categories': 'Kategorijos',
  'searchRank.popularSearches': 'Populiarios paieškos',
  'searchRank.topCategories': 'Populiarios kategorijos',
  'header.back': 'Atgal',
  'header.closeMenu': 'Uždaryti meniu',
  'wishlist.viewAll': 'Atidaryti norų sąrašą',
  'wishlist.empty': 'Jūsų norų sąrašas tuščias.',
  'product.nextImage': 'Kita nuotrauka',
  'product.prevImage': 'Ankstesnė nuotrauka',
  'product.zoomTitle': '{name}: nuotrauka {n} iš {total}',
  'product.zoomToggle': 'Priartinti arba atitolinti',
  'compare.description': 'Pasirinktos prekės ir jų savybės greta.',
  'compare.empty': 'Nėra prekių palyginimui.',
  'wayOn.emptyCompare': 'Paspauskite „Palyginti“ prekės puslapyje, ir prekės bus rodomos čia greta.',
  'news.all': 'Visos naujienos',
  'news.demoNote': 'Demonstracinis turinys: naujienos pavyzdys, ne tikra parduotuvės naujiena.',
  'news.description': '{shop} naujienos: naujos prekės, pasiūlymai ir kas vyksta parduotuvėje.',
  'news.empty': 'Naujienų dar nėra.',
  'news.demo': 'Demonstracinė',
  'news.published': 'Paskelbta {date}',
  'wayOn.emptyWishlist': 'Paspauskite širdelę prie prekės, ir ji bus išsaugota čia.',
  'wishlist.description': 'Prekės, kurias šiame įrenginyje išsaugojote vėlesniam laikui.',
};

const ru: Record<OtherPagesKey, string> = {
  'a11y.authority':
    'Если наш ответ вас не устроит, вы можете обратиться в Государственную службу защиты прав потребителей (www.vvtat.lt).',
  'a11y.contact':
    'Если чем-то трудно пользоваться или информация нужна в другом формате, напишите нам: {email}.',
  'a11y.contactHeading': 'Запросы и замечания о доступности',
  'a11y.contactPage':
    'Если чем-то трудно пользоваться или информация нужна в другом формате, напишите нам через страницу контактов.',
  'a11y.date':
    'Заявление составлено 29 ноября 2026 г.; оно пересматривается при существенных изменениях магазина.',
  'a11y.intro':
    'Мы хотим, чтобы в {shop} мог делать покупки каждый, каким бы устройством, браузером или вспомогательной технологией он ни пользовался. Это заявление составлено в соответствии с Европейским актом о доступности (Директива (ЕС) 2019/882) и внедряющим его законом Литвы.',
  'a11y.limits':
    'Полная ручная проверка с программами экранного доступа ещё не проводилась. Тексты и изображения, которые добавляют редакторы и поставщики (новости, информационные страницы, описания товаров), могут не соответствовать стандарту. Сообщите нам обо всём, что мешает, и мы это исправим или предоставим информацию другим способом.',
  'a11y.limitsHeading': 'Известные ограничения',
  'a11y.standard':
    'Магазин создаётся в соответствии с Руководством по доступности веб-контента (WCAG) 2.1 на уровне AA — уровне гармонизированного стандарта EN 301 549. Мы проверяем его автоматическими проверками axe на основных страницах и сценариями только с клавиатуры: каталог, поиск, страница товара, корзина и оформление заказа, на экране телефона и компьютера, на литовском, английском и русском языках.',
  'a11y.standardHeading': 'Стандарт и как мы проверяем',
  'reviewsInfo.all':
    'Положительные и отрицательные отзывы публикуются одинаково, сразу и без правок, новые первыми. Мы никому не платим и не вознаграждаем за отзывы. Сотрудники скрывают отзыв, только если он незаконен, оскорбителен или не о товаре.',
  'reviewsInfo.order':
    'Отзывы о заказе в целом (доставка, обслуживание) читают наши сотрудники; они не показываются как отзывы о товарах заказа.',
  'reviewsInfo.verified':
    '«Подтверждённая покупка» показывается, только если в заказе, из которого пришёл отзыв, есть товар, о котором он написан (вариант товара считается тем же товаром). Мы проверяем это при каждом показе отзыва.',
  'reviewsInfo.who':
    'Отзыв могут написать только покупатели, сделавшие заказ в этом магазине: форма отзыва открывается только по ссылке, присланной с заказом, в которой есть номер заказа и его секретный ключ.',
  'compare.onlyDifferences': 'Показать только различия',
  'compareBuy.availability': 'Состояние и наличие',
  'compareBuy.choose': 'Выбрать вариант',
  'saved.remove': 'Удалить',
  'delivery.feesHeading': 'Стоимость доставки {forCountry}',
  'delivery.free': 'Бесплатно',
  'delivery.freeFrom': 'Бесплатно от',
  'delivery.notFree': 'Всегда платно',
  'delivery.otherCountry':
    'Доставка в Латвию или Эстонию? Цены будут показаны для вашей страны, когда вы укажете адрес доставки при оформлении заказа.',
  'delivery.vatNote': 'Цены указаны с НДС страны доставки.',
  'search.panel': 'Подсказки поиска',
  'search.searching': 'Идёт поиск…',
  'search.seeAll': 'Все результаты по запросу «{q}»',
  'searchRank.brands': 'Бренды',
  'searchRank.categories': 'Категории',
  'searchRank.popularSearches': 'Популярные запросы',
  'searchRank.topCategories': 'Популярные категории',
  'header.back': 'Назад',
  'header.closeMenu': 'Закрыть меню',
  'wishlist.viewAll': 'Открыть список желаний',
  'wishlist.empty': 'Ваш список желаний пуст.',
  'product.nextImage': 'Следующее фото',
  'product.prevImage': 'Предыдущее фото',
  'product.zoomTitle': '{name}: фото {n} из {total}',
  'product.zoomToggle': 'Приблизить или отдалить',
  'compare.description': 'Выбранные товары и их характеристики рядом.',
  'compare.empty': 'Нет товаров для сравнения.',
  'wayOn.emptyCompare': 'Нажмите «Сравнить» на странице товара, и товары появятся здесь рядом.',
  'news.all': 'Все новости',
  'news.demoNote': 'Демонстрационный контент: пример новости, а не настоящая новость магазина.',
  'news.description': 'Новости {shop}: новые товары, предложения и события магазина.',
  'news.empty': 'Новостей пока нет.',
  'news.demo': 'Демо',
  'news.published': 'Опубликовано {date}',
  'wayOn.emptyWishlist': 'Нажмите на сердечко у товара, и он сохранится здесь.',
  'wishlist.description': 'Товары, которые вы сохранили на этом устройстве на потом.',
};

/** exported for the words test (no English in lt and ru) */
export const OTHER_PAGES_DICTIONARIES: Record<StoreCode, Record<OtherPagesKey, string>> = { en, lt, ru };

/** The app's translator, also knowing the strings of the overlays and pages no first screen shows. */
export const otherPagesT = partTranslator(OTHER_PAGES_DICTIONARIES);
export type OtherPagesTranslator = PartTranslator<OtherPagesKey>;

/** The translator of the current store view, with the strings of the overlays and pages no first screen shows. */
export function useOtherPagesT(): OtherPagesTranslator {
  return otherPagesT(useT());
}
