/**
 * Messages of the API in the request's store view language. Every message of the spec is the domain's
 * (`translateMessage` of @vitrina/domain); the few below are technical answers of the HTTP layer
 * that the spec has no text for.
 */
import { translateMessage, type StoreCode } from '@vitrina/domain';
import type { MessageParams } from './errors.ts';

const API_MESSAGES: Record<string, Record<StoreCode, string>> = {
  'api.malformedJson': {
    en: 'The request body is not valid JSON.',
    lt: 'Užklausos turinys nėra tinkamas JSON.',
    ru: 'Тело запроса не является корректным JSON.',
  },
  'api.payloadTooLarge': {
    en: 'The request body is too large: at most {limit} bytes.',
    lt: 'Užklausos turinys per didelis: ne daugiau kaip {limit} baitų.',
    ru: 'Тело запроса слишком большое: не более {limit} байт.',
  },
  'api.unsupportedMediaType': {
    en: 'Unsupported content type: send JSON.',
    lt: 'Nepalaikomas turinio tipas: siųskite JSON.',
    ru: 'Неподдерживаемый тип содержимого: отправьте JSON.',
  },
  'api.badUrl': {
    en: 'The address of the request is not valid (a bad %-encoding).',
    lt: 'Netinkamas užklausos adresas (klaidingas %-kodavimas).',
    ru: 'Недопустимый адрес запроса (неверное %-кодирование).',
  },
  'api.uriTooLong': {
    en: 'A part of the request address is too long.',
    lt: 'Užklausos adreso dalis per ilga.',
    ru: 'Часть адреса запроса слишком длинная.',
  },
  'api.adminUnauthorized': {
    en: 'A valid administrator token is required.',
    lt: 'Reikalingas galiojantis administratoriaus raktas.',
    ru: 'Требуется действительный токен администратора.',
  },
  'staff.invalidCredentials': {
    en: 'Wrong e-mail or password, or the account is disabled.',
    lt: 'Neteisingas el. paštas ar slaptažodis arba paskyra išjungta.',
    ru: 'Неверный e-mail или пароль, или учётная запись отключена.',
  },
  'staff.loginRequired': {
    en: 'Please log in to the back office.',
    lt: 'Prisijunkite prie administravimo srities.',
    ru: 'Войдите в административную часть.',
  },
  'staff.forbidden': {
    en: 'Your role does not allow this.',
    lt: 'Jūsų vaidmuo to neleidžia.',
    ru: 'Ваша роль этого не позволяет.',
  },
  'staff.cannotDisableSelf': {
    en: 'You cannot disable your own account.',
    lt: 'Negalite išjungti savo paskyros.',
    ru: 'Нельзя отключить собственную учётную запись.',
  },
  // staff accounts kept in the back office
  'staff.lastAdmin': {
    en: 'The shop must keep at least one active admin.',
    lt: 'Parduotuvėje turi likti bent vienas aktyvus administratorius.',
    ru: 'В магазине должен остаться хотя бы один активный администратор.',
  },
  'staff.cannotChangeOwnRole': {
    en: 'You cannot change your own role.',
    lt: 'Negalite keisti savo vaidmens.',
    ru: 'Нельзя изменить собственную роль.',
  },
  'staff.emailTaken': {
    en: 'A staff account with this e-mail exists already.',
    lt: 'Darbuotojo paskyra su šiuo el. pašto adresu jau yra.',
    ru: 'Учётная запись сотрудника с этим адресом уже существует.',
  },
  'staff.linkInvalid': {
    en: 'This link has expired or was used already. Ask an admin for a new one.',
    lt: 'Ši nuoroda nebegalioja arba jau panaudota. Paprašykite administratoriaus naujos.',
    ru: 'Эта ссылка истекла или уже использована. Попросите администратора прислать новую.',
  },
  'staff.passwordTooShort': {
    en: 'The password must be at least 12 characters.',
    lt: 'Slaptažodį turi sudaryti bent 12 simbolių.',
    ru: 'Пароль должен содержать не менее 12 символов.',
  },
  // staff two-factor login
  'staff.codeRequired': {
    en: 'Enter the code from your authenticator app.',
    lt: 'Įveskite kodą iš autentifikavimo programėlės.',
    ru: 'Введите код из приложения-аутентификатора.',
  },
  'staff.codeInvalid': {
    en: 'Wrong or already used code.',
    lt: 'Neteisingas arba jau panaudotas kodas.',
    ru: 'Неверный или уже использованный код.',
  },
  'staff.twoFactorOn': {
    en: 'Two-factor login is on already.',
    lt: 'Dviejų veiksnių prisijungimas jau įjungtas.',
    ru: 'Двухфакторный вход уже включён.',
  },
  'staff.twoFactorNotStarted': {
    en: 'Start the set-up first.',
    lt: 'Pirmiausia pradėkite nustatymą.',
    ru: 'Сначала начните настройку.',
  },
  'staff.twoFactorRequired': {
    en: 'Set up two-factor login first (Two-factor login in the menu).',
    lt: 'Pirmiausia nustatykite dviejų veiksnių prisijungimą (meniu „Dviejų veiksnių prisijungimas“).',
    ru: 'Сначала настройте двухфакторный вход.',
  },
  'api.cartForbidden': {
    en: 'This cart belongs to another customer.',
    lt: 'Šis krepšelis priklauso kitam pirkėjui.',
    ru: 'Эта корзина принадлежит другому покупателю.',
  },
  'api.skuNotFound': {
    en: 'No product with sku {sku}.',
    lt: 'Prekės su kodu {sku} nėra.',
    ru: 'Товара с артикулом {sku} нет.',
  },
  'api.skuDisabled': {
    en: 'The product {sku} is not available.',
    lt: 'Prekė {sku} neparduodama.',
    ru: 'Товар {sku} недоступен.',
  },
  'api.unknownFields': {
    en: 'Unknown field(s): {fields}.',
    lt: 'Nežinomi laukai: {fields}.',
    ru: 'Неизвестные поля: {fields}.',
  },
  'api.shippingMethodUnavailable': {
    en: 'The shipping method {code} is not available for this address.',
    lt: 'Pristatymo būdas {code} šiam adresui negalimas.',
    ru: 'Способ доставки {code} недоступен для этого адреса.',
  },
  'api.paymentMethodUnavailable': {
    en: 'The payment method {code} is not available for this cart.',
    lt: 'Mokėjimo būdas {code} šiam krepšeliui negalimas.',
    ru: 'Способ оплаты {code} недоступен для этой корзины.',
  },
  'api.emptyOrder': {
    en: 'The order has no products.',
    lt: 'Užsakyme nėra prekių.',
    ru: 'В заказе нет товаров.',
  },
  'api.imageNotFound': {
    en: 'Image not found.',
    lt: 'Paveikslėlis nerastas.',
    ru: 'Изображение не найдено.',
  },
  'api.imageSize': {
    en: 'Image size must be one of: {sizes}.',
    lt: 'Paveikslėlio dydis turi būti vienas iš: {sizes}.',
    ru: 'Размер изображения должен быть одним из: {sizes}.',
  },
  'api.imageBusy': {
    en: 'Too many images are being prepared. Please try again in a moment.',
    lt: 'Šiuo metu ruošiama per daug paveikslėlių. Bandykite dar kartą po akimirkos.',
    ru: 'Сейчас готовится слишком много изображений. Повторите попытку через мгновение.',
  },
  'api.imageTooLarge': {
    en: 'The original image is too large to resize (more than {max} pixels).',
    lt: 'Originalus paveikslėlis per didelis (daugiau nei {max} taškų).',
    ru: 'Исходное изображение слишком большое (более {max} пикселей).',
  },
  'api.badPath': { en: 'Invalid path.', lt: 'Neteisingas kelias.', ru: 'Недопустимый путь.' },
  'api.searchTimeout': {
    en: 'The search took too long. Please narrow it down.',
    lt: 'Paieška užtruko per ilgai. Patikslinkite paiešką.',
    ru: 'Поиск занял слишком много времени. Уточните запрос.',
  },
  'api.databaseBusy': {
    en: 'The shop is busy right now. Please try again in a few seconds.',
    lt: 'Parduotuvė šiuo metu užimta. Bandykite dar kartą po kelių sekundžių.',
    ru: 'Магазин сейчас перегружен. Повторите попытку через несколько секунд.',
  },
  'api.databaseUnavailable': {
    en: 'The shop is briefly unavailable. Please try again in a few seconds.',
    lt: 'Parduotuvė trumpam nepasiekiama. Bandykite dar kartą po kelių sekundžių.',
    ru: 'Магазин ненадолго недоступен. Повторите попытку через несколько секунд.',
  },
  // payments (apps/api/src/payment)
  'payment.unavailable': {
    en: 'This payment method is not available.',
    lt: 'Šis mokėjimo būdas negalimas.',
    ru: 'Этот способ оплаты недоступен.',
  },
  'payment.invalidSignature': {
    en: 'The payment answer could not be verified.',
    lt: 'Nepavyko patvirtinti mokėjimo atsakymo.',
    ru: 'Не удалось проверить ответ о платеже.',
  },
  'payment.amountMismatch': {
    en: 'The paid amount does not match the order.',
    lt: 'Sumokėta suma nesutampa su užsakymo suma.',
    ru: 'Оплаченная сумма не совпадает с суммой заказа.',
  },
  'payment.providerUnreachable': {
    en: 'The payment provider cannot be reached. Please try again later.',
    lt: 'Nepavyko susisiekti su mokėjimo paslaugų teikėju. Bandykite vėliau.',
    ru: 'Платёжный сервис недоступен. Попробуйте позже.',
  },
  // ---- back-office products (catalog/admin-products.ts); the import schema's own texts by their English ----
  'catalog.staleVersion': {
    en: 'Someone else saved this product after you opened it (version {version}, {at}). Open it again to see their changes, then make yours.',
    lt: 'Kažkas kitas išsaugojo šią prekę po to, kai ją atidarėte (versija {version}, {at}). Atidarykite ją iš naujo, peržiūrėkite pakeitimus ir tada atlikite savo.',
    ru: 'Кто-то другой сохранил этот товар после того, как вы его открыли (версия {version}, {at}). Откройте его заново, посмотрите изменения и затем внесите свои.',
  },
  'catalog.stockChanged': {
    en: 'The stock of {sku} changed after you opened the form (now {qty}, at {at}): a sale or another edit. Open the product again and enter the quantity anew.',
    lt: 'Prekės {sku} likutis pasikeitė po to, kai atidarėte formą (dabar {qty}, {at}): pardavimas ar kitas pakeitimas. Atidarykite prekę iš naujo ir įveskite kiekį iš naujo.',
    ru: 'Остаток {sku} изменился после того, как вы открыли форму (сейчас {qty}, {at}): продажа или другое изменение. Откройте товар заново и введите количество ещё раз.',
  },
  'catalog.skuTaken': {
    en: 'A product with SKU {sku} exists already.',
    lt: 'Prekė su SKU {sku} jau yra.',
    ru: 'Товар с артикулом {sku} уже существует.',
  },
  'Must not be negative': {
    en: 'Must not be negative',
    lt: 'Negali būti neigiamas',
    ru: 'Не может быть отрицательным',
  },
  'Must not be empty': { en: 'Must not be empty', lt: 'Negali būti tuščias', ru: 'Не может быть пустым' },
  'Expected an integer': {
    en: 'Expected an integer',
    lt: 'Turi būti sveikasis skaičius',
    ru: 'Должно быть целое число',
  },
  'Expected 1 to 4': { en: 'Expected 1 to 4', lt: 'Turi būti nuo 1 iki 4', ru: 'Должно быть от 1 до 4' },
  'Expected number (required)': {
    en: 'Expected a number (required)',
    lt: 'Turi būti skaičius (privaloma)',
    ru: 'Должно быть число (обязательно)',
  },
  'Expected an ISO date, e.g. 2026-11-01T00:00:00Z': {
    en: 'Expected a date, e.g. 2026-11-01',
    lt: 'Turi būti data, pvz., 2026-11-01',
    ru: 'Должна быть дата, например 2026-11-01',
  },
  'promotions.codeTaken': {
    en: 'A coupon with code {code} exists already.',
    lt: 'Kuponas su kodu {code} jau yra.',
    ru: 'Купон с кодом {code} уже существует.',
  },
  'promotions.capBelowUses': {
    en: 'Must not be below the uses so far ({n})',
    lt: 'Negali būti mažesnis už jau panaudotų kartų skaičių ({n})',
    ru: 'Не может быть меньше уже использованного количества ({n})',
  },
  'The end must not be before the start': {
    en: 'The end must not be before the start',
    lt: 'Pabaiga negali būti ankstesnė už pradžią',
    ru: 'Конец не может быть раньше начала',
  },
  // the back office's content (cms/admin-content.ts)
  'content.slugTaken': {
    en: 'This address is already used by another item of this store view.',
    lt: 'Šis adresas jau naudojamas kitam šios parduotuvės versijos įrašui.',
    ru: 'Этот адрес уже занят другой записью этой версии магазина.',
  },
  'content.identifierTaken': {
    en: 'This identifier is already used.',
    lt: 'Šis identifikatorius jau naudojamas.',
    ru: 'Этот идентификатор уже занят.',
  },
  // images uploaded in the back office (image/upload.ts)
  'api.uploadEmpty': {
    en: 'Choose an image file to upload.',
    lt: 'Pasirinkite įkeliamą paveikslėlio failą.',
    ru: 'Выберите файл изображения для загрузки.',
  },
  'api.uploadNotImage': {
    en: 'The file is not a JPEG, PNG or WebP image (its content was checked, not its name).',
    lt: 'Failas nėra JPEG, PNG ar WebP paveikslėlis (tikrintas jo turinys, ne pavadinimas).',
    ru: 'Файл не является изображением JPEG, PNG или WebP (проверено содержимое, а не имя).',
  },
  'api.uploadTooLarge': {
    en: 'The image is {size} MB: at most {max} MB can be uploaded.',
    lt: 'Paveikslėlis yra {size} MB: galima įkelti ne daugiau kaip {max} MB.',
    ru: 'Изображение весит {size} МБ: можно загрузить не более {max} МБ.',
  },
  'api.uploadTooManyPixels': {
    en: 'The image is {width}×{height} pixels: at most {max} pixels in all can be uploaded.',
    lt: 'Paveikslėlis yra {width}×{height} taškų: galima įkelti ne daugiau kaip {max} taškų iš viso.',
    ru: 'Изображение {width}×{height} пикселей: можно загрузить не более {max} пикселей всего.',
  },
  // ---- back office: content and coupon versions, product children and links, webhook endpoints ----
  'content.staleVersion': {
    en: 'Someone else saved this item after you opened it (version {version}, {at}). Your text is kept below: copy it, open the item again to see their changes, then make yours.',
    lt: 'Kažkas kitas išsaugojo šį įrašą po to, kai jį atidarėte (versija {version}, {at}). Jūsų tekstas paliktas žemiau: nusikopijuokite jį, atidarykite įrašą iš naujo, peržiūrėkite pakeitimus ir tada atlikite savo.',
    ru: 'Кто-то другой сохранил эту запись после того, как вы её открыли (версия {version}, {at}). Ваш текст оставлен ниже: скопируйте его, откройте запись заново и затем внесите свои изменения.',
  },
  'promotions.staleVersion': {
    en: 'Someone else saved this coupon after you opened it (version {version}). Open it again to see their changes, then make yours.',
    lt: 'Kažkas kitas išsaugojo šį kuponą po to, kai jį atidarėte (versija {version}). Atidarykite jį iš naujo, peržiūrėkite pakeitimus ir tada atlikite savo.',
    ru: 'Кто-то другой сохранил этот купон после того, как вы его открыли (версия {version}). Откройте его заново и затем внесите свои изменения.',
  },
  'catalog.notConfigurable': {
    en: 'Only a configurable product has children.',
    lt: 'Vaikinių prekių turi tik konfigūruojama prekė.',
    ru: 'Дочерние товары есть только у конфигурируемого товара.',
  },
  'catalog.childOptionMissing': {
    en: 'Choose a value of {option}: the product is configured by it.',
    lt: 'Pasirinkite {option} reikšmę: pagal ją konfigūruojama prekė.',
    ru: 'Выберите значение {option}: по нему настраивается товар.',
  },
  'catalog.childOptionUnknown': {
    en: 'Not a value of {option}.',
    lt: 'Tai ne {option} reikšmė.',
    ru: 'Это не значение {option}.',
  },
  'catalog.childDuplicate': {
    en: 'Child {sku} already has these options; change its price or stock instead.',
    lt: 'Vaikinė prekė {sku} jau turi šias parinktis; geriau pakeiskite jos kainą ar likutį.',
    ru: 'У дочернего товара {sku} уже есть эти параметры; измените лучше его цену или остаток.',
  },
  'catalog.linkUnknownSku': {
    en: 'There is no product with SKU {sku}.',
    lt: 'Prekės su SKU {sku} nėra.',
    ru: 'Товара с артикулом {sku} нет.',
  },
  'catalog.linkNotSimple': {
    en: 'Product {sku} is {type}: only simple or virtual products can be linked.',
    lt: 'Prekė {sku} yra {type} tipo: susieti galima tik paprastas ar virtualias prekes.',
    ru: 'Товар {sku} типа {type}: связать можно только простые или виртуальные товары.',
  },
  'catalog.linkSelf': {
    en: 'A product cannot contain itself.',
    lt: 'Prekė negali būti savo pačios dalis.',
    ru: 'Товар не может содержать сам себя.',
  },
  'catalog.linkTwice': {
    en: 'Product {sku} is linked twice.',
    lt: 'Prekė {sku} susieta du kartus.',
    ru: 'Товар {sku} связан дважды.',
  },
  'catalog.linksWrongType': {
    en: 'Linked products belong to grouped products and options to bundle products; this product is {type}.',
    lt: 'Susietos prekės skirtos grupinėms prekėms, o parinktys – rinkiniams; ši prekė yra {type} tipo.',
    ru: 'Связанные товары есть у сгруппированных товаров, а опции — у комплектов; этот товар типа {type}.',
  },
  'webhooks.httpsRequired': {
    en: 'In production a webhook address must start with https://.',
    lt: 'Veikiančioje parduotuvėje webhook adresas turi prasidėti https://.',
    ru: 'В рабочем магазине адрес webhook должен начинаться с https://.',
  },
  'webhooks.urlTaken': {
    en: 'An endpoint with this address exists already.',
    lt: 'Galinis taškas su šiuo adresu jau yra.',
    ru: 'Конечная точка с этим адресом уже существует.',
  },
  'webhooks.staleVersion': {
    en: 'Someone else saved this endpoint after you opened it. Open it again, then make your change.',
    lt: 'Kažkas kitas išsaugojo šį galinį tašką po to, kai jį atidarėte. Atidarykite jį iš naujo ir tada atlikite pakeitimą.',
    ru: 'Кто-то другой сохранил эту конечную точку после того, как вы её открыли. Откройте её заново и затем внесите изменение.',
  },
  'webhooks.alreadyDelivered': {
    en: 'This delivery arrived already; send a test to try the endpoint again.',
    lt: 'Šis siuntimas jau pristatytas; norėdami dar kartą patikrinti galinį tašką, siųskite bandomąjį.',
    ru: 'Эта доставка уже выполнена; чтобы проверить конечную точку ещё раз, отправьте тестовую.',
  },
  'webhooks.secretUnreadable': {
    en: 'The secret of this endpoint cannot be read (the auth secret changed): make a new secret.',
    lt: 'Šio galinio taško paslapties nepavyksta perskaityti (pasikeitė autentifikavimo paslaptis): sukurkite naują paslaptį.',
    ru: 'Секрет этой конечной точки не читается (изменился секрет аутентификации): создайте новый секрет.',
  },
  // the back office's categories (catalog/admin-categories.ts) and pickup points (staff/pickup-points.ts)
  'category.slugTaken': {
    en: 'The address {slug} is already used by category {id}: choose another url key.',
    lt: 'Adresas {slug} jau naudojamas kategorijai {id}: pasirinkite kitą URL raktą.',
    ru: 'Адрес {slug} уже занят категорией {id}: выберите другой URL-ключ.',
  },
  'category.urlKey': {
    en: 'Expected lower-case letters, digits and hyphens, e.g. laptops-15',
    lt: 'Turi būti mažosios raidės, skaitmenys ir brūkšneliai, pvz., laptops-15',
    ru: 'Допустимы строчные латинские буквы, цифры и дефисы, например laptops-15',
  },
  'category.unknownParent': {
    en: 'There is no category {id}',
    lt: 'Kategorijos {id} nėra',
    ru: 'Категории {id} нет',
  },
  'category.ownDescendant': {
    en: 'A category cannot be moved under itself or one of its subcategories',
    lt: 'Kategorijos negalima perkelti po ja pačia ar jos subkategorija',
    ru: 'Категорию нельзя переместить внутрь неё самой или её подкатегории',
  },
  'pickup.idTaken': {
    en: 'A pickup point with id {id} exists already.',
    lt: 'Atsiėmimo punktas su ID {id} jau yra.',
    ru: 'Пункт выдачи с ID {id} уже существует.',
  },
  'Expected at least one of lt, en, ru': {
    en: 'Expected a text in at least one of lt, en, ru',
    lt: 'Reikia teksto bent viena kalba: lt, en ar ru',
    ru: 'Нужен текст хотя бы на одном из языков: lt, en, ru',
  },
  'Missing column: {columns}': {
    en: 'Missing column: {columns}',
    lt: 'Trūksta stulpelio: {columns}',
    ru: 'Нет столбца: {columns}',
  },
  'The same id as line {line}': {
    en: 'The same id as line {line}',
    lt: 'Toks pat ID kaip {line} eilutėje',
    ru: 'Тот же ID, что в строке {line}',
  },
  'Not valid JSON: {detail}': {
    en: 'Not valid JSON: {detail}',
    lt: 'Netinkamas JSON: {detail}',
    ru: 'Некорректный JSON: {detail}',
  },
  'Expected a JSON array of Omniva locations': {
    en: 'Expected a JSON array of Omniva locations',
    lt: 'Turi būti Omniva vietų JSON masyvas',
    ru: 'Ожидается JSON-массив пунктов Omniva',
  },
  'The same ZIP as an earlier location: {zip}': {
    en: 'The same ZIP as an earlier location: {zip}',
    lt: 'Toks pat ZIP kaip ankstesnės vietos: {zip}',
    ru: 'Тот же ZIP, что у предыдущего пункта: {zip}',
  },
  'Expected -90 to 90': {
    en: 'Expected -90 to 90',
    lt: 'Turi būti nuo -90 iki 90',
    ru: 'Должно быть от -90 до 90',
  },
  'Expected -180 to 180': {
    en: 'Expected -180 to 180',
    lt: 'Turi būti nuo -180 iki 180',
    ru: 'Должно быть от -180 до 180',
  },
  'Expected a 2-letter country code': {
    en: 'Expected a 2-letter country code, e.g. LT',
    lt: 'Turi būti dviejų raidžių šalies kodas, pvz., LT',
    ru: 'Ожидается двухбуквенный код страны, например LT',
  },
  'Expected HH:MM-HH:MM, opening first': {
    en: 'Expected HH:MM-HH:MM, opening first',
    lt: 'Turi būti VV:MM-VV:MM, pirma atidarymo laikas',
    ru: 'Ожидается ЧЧ:ММ-ЧЧ:ММ, сначала открытие',
  },
  // the back office's VAT rates (settings/tax-rates.ts)
  'taxRates.unknown': {
    en: 'The shop has no such tax rate (rule and country)',
    lt: 'Parduotuvėje tokio PVM tarifo (taisyklės ir šalies) nėra',
    ru: 'В магазине нет такой ставки НДС (правила и страны)',
  },
  'taxRates.stale': {
    en: 'Someone changed this rate after you opened the form. Reload the page, check the rates and save again.',
    lt: 'Kažkas pakeitė šį tarifą po to, kai atidarėte formą. Atnaujinkite puslapį, patikrinkite tarifus ir išsaugokite dar kartą.',
    ru: 'Кто-то изменил эту ставку после того, как вы открыли форму. Обновите страницу, проверьте ставки и сохраните снова.',
  },
  'taxRates.twice': {
    en: 'A rate may be changed only once in a save',
    lt: 'Tą patį tarifą per vieną išsaugojimą galima keisti tik kartą',
    ru: 'Одну ставку можно изменить за одно сохранение только один раз',
  },
  // the back office's attributes (catalog/admin-attributes.ts)
  'attribute.code': {
    en: 'Expected a code of lower-case letters, digits and _, starting with a letter, e.g. screen_size',
    lt: 'Kodas turi būti iš mažųjų raidžių, skaitmenų ir _, pradedant raide, pvz., screen_size',
    ru: 'Код из строчных латинских букв, цифр и _, начиная с буквы, например screen_size',
  },
  'attribute.codeTaken': {
    en: 'The code {code} is already used by attribute {id}: choose another code.',
    lt: 'Kodas {code} jau naudojamas atributui {id}: pasirinkite kitą kodą.',
    ru: 'Код {code} уже занят атрибутом {id}: выберите другой код.',
  },
  'attribute.codeFixed': {
    en: 'The code of an attribute cannot change (products keep their values under it)',
    lt: 'Atributo kodo keisti negalima (prekės pagal jį saugo savo reikšmes)',
    ru: 'Код атрибута нельзя изменить (товары хранят значения под ним)',
  },
  'attribute.input': {
    en: 'Expected one of: {inputs}',
    lt: 'Turi būti vienas iš: {inputs}',
    ru: 'Ожидается одно из: {inputs}',
  },
  'attribute.inputFixed': {
    en: 'The input of an attribute cannot change once it exists',
    lt: 'Sukurto atributo įvesties tipo keisti negalima',
    ru: 'Тип ввода созданного атрибута изменить нельзя',
  },
  'attribute.position': {
    en: 'Expected a whole number from 0 to 1000000',
    lt: 'Turi būti sveikasis skaičius nuo 0 iki 1000000',
    ru: 'Ожидается целое число от 0 до 1000000',
  },
  'attribute.textHasNoValues': {
    en: 'A text attribute has no values to choose from',
    lt: 'Tekstinis atributas neturi pasirenkamų reikšmių',
    ru: 'У текстового атрибута нет значений для выбора',
  },
  'attribute.unknownValue': {
    en: 'This attribute has no value {value}',
    lt: 'Šis atributas neturi reikšmės {value}',
    ru: 'У этого атрибута нет значения {value}',
  },
  'attribute.valueTwice': {
    en: 'The value {value} is listed twice',
    lt: 'Reikšmė {value} nurodyta du kartus',
    ru: 'Значение {value} указано дважды',
  },
  'attribute.valueUsed': {
    en: 'The value “{label}” is used by {n} product(s) and cannot be removed: choose another value in those products first.',
    lt: 'Reikšmę „{label}“ naudoja prekių: {n}; jos pašalinti negalima. Pirmiausia tose prekėse pasirinkite kitą reikšmę.',
    ru: 'Значение «{label}» используется в товарах ({n}) и не может быть удалено: сначала выберите в них другое значение.',
  },
  'attribute.used': {
    en: 'The attribute {code} is used by {n} product(s) and cannot be deleted.',
    lt: 'Atributą {code} naudoja prekių: {n}; jo ištrinti negalima.',
    ru: 'Атрибут {code} используется в товарах ({n}) и не может быть удалён.',
  },
  // the back office's VAT rate changes scheduled for a date (settings/scheduled-tax-rates.ts)
  'taxRates.unknownRule': {
    en: 'The shop has no such tax rule',
    lt: 'Parduotuvėje tokios mokesčių taisyklės nėra',
    ru: 'В магазине нет такого налогового правила',
  },
  'taxRates.notFuture': {
    en: 'Choose a date after today (the change applies at 00:00 Vilnius time of that date); to change a rate today, change it in the table above',
    lt: 'Pasirinkite datą po šiandienos (pakeitimas įsigalioja tą dieną 00:00 Vilniaus laiku); norėdami pakeisti tarifą šiandien, pakeiskite jį lentelėje aukščiau',
    ru: 'Выберите дату после сегодняшней (изменение вступает в силу в 00:00 по вильнюсскому времени этой даты); чтобы изменить ставку сегодня, измените её в таблице выше',
  },
};

function interpolate(template: string, params?: MessageParams) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] !== undefined ? String(params[name]) : m,
  );
}

/** the message `key` in the store view's language, `{placeholders}` filled */
export function t(key: string, storeCode: StoreCode, params?: MessageParams): string {
  const own = API_MESSAGES[key];
  if (own) return interpolate(own[storeCode], params);
  return translateMessage(key, storeCode, params);
}
