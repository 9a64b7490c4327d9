// Message catalogue: catalogue-and-cart.md §8 and accounts-checkout-routes.md §8 ("Error
// catalogue"), the validation messages of accounts-checkout-routes.md §5, and labels the rules need
// (sort options, totals segments, order statuses). English texts are the spec's wording.
import { DEFAULT_STORE_CODE, isStoreCode, type StoreCode } from '../base/index.ts';
import { interpolate, type MessageParams } from './text-templates.ts';

export { interpolate, pluralize, type MessageParams } from './text-templates.ts';

type Texts = Readonly<Record<StoreCode, string>>;

export const MESSAGES = {
  // ---- catalogue-and-cart.md §8 ----
  'cart.addedToCart': {
    en: 'Product has been added to the cart!',
    lt: 'Prekė įdėta į krepšelį!',
    ru: 'Товар добавлен в корзину!',
  },
  'cart.proceedToCheckout': {
    en: 'Proceed to checkout',
    lt: 'Pereiti prie apmokėjimo',
    ru: 'Перейти к оформлению заказа',
  },
  'cart.quantityUpdated': {
    en: 'Product quantity has been updated!',
    lt: 'Prekės kiekis atnaujintas!',
    ru: 'Количество товара обновлено!',
  },
  'cart.volatileStock': {
    en: 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
    lt: 'Sistema negali tiksliai patvirtinti prekės likučio. Prekė įdėta į krepšelį išankstiniam rezervavimui.',
    ru: 'Система не может точно подтвердить наличие товара на складе. Товар добавлен в корзину для предварительного резервирования.',
  },
  'cart.outOfStock': {
    en: 'The product is out of stock and cannot be added to the cart!',
    lt: 'Prekės nėra sandėlyje, todėl jos negalima įdėti į krepšelį!',
    ru: 'Товара нет в наличии, поэтому его нельзя добавить в корзину!',
  },
  'cart.priceUnknown': {
    en: 'Product price is unknown, product cannot be added to the cart!',
    lt: 'Prekės kaina nežinoma, todėl jos negalima įdėti į krepšelį!',
    ru: 'Цена товара неизвестна, поэтому его нельзя добавить в корзину!',
  },
  'cart.onlyAvailable': {
    en: 'Only {maxQuantity} products of this type are available!',
    lt: 'Šios prekės galima užsisakyti tik {maxQuantity} vnt.!',
    ru: 'Этого товара доступно только {maxQuantity} шт.!',
  },
  'cart.inStock': { en: 'In stock!', lt: 'Yra sandėlyje!', ru: 'В наличии!' },
  'cart.outOfTheStock': {
    en: 'Out of the stock!',
    lt: 'Prekės nebėra sandėlyje!',
    ru: 'Товара нет в наличии!',
  },
  'cart.removeConfirm': {
    en: 'Are you sure you want to remove this product from the cart?',
    lt: 'Ar tikrai norite pašalinti šią prekę iš krepšelio?',
    ru: 'Вы уверены, что хотите удалить этот товар из корзины?',
  },
  'cart.missingCartId': {
    en: 'The cart id is missing. Please create the cart again.',
    lt: 'Trūksta krepšelio identifikatoriaus. Sukurkite krepšelį iš naujo.',
    ru: 'Отсутствует идентификатор корзины. Создайте корзину заново.',
  },
  'cart.notFound': { en: 'Cart not found.', lt: 'Krepšelis nerastas.', ru: 'Корзина не найдена.' },
  'cart.totalsUnavailable': {
    en: 'The cart totals cannot be computed yet. Please try again.',
    lt: 'Krepšelio sumų dar negalima apskaičiuoti. Bandykite dar kartą.',
    ru: 'Итоги корзины пока нельзя рассчитать. Попробуйте ещё раз.',
  },
  // ---- grouped and bundle cart lines (domain composite.ts checkCompositeLine) ----
  'bundle.optionRequired': {
    en: 'Please choose "{option}".',
    lt: 'Pasirinkite „{option}“.',
    ru: 'Выберите «{option}».',
  },
  'bundle.selectionInvalid': {
    en: '"{option}": the chosen product is not one of this option\'s choices.',
    lt: '„{option}“: pasirinkta prekė nėra tarp šios parinkties pasirinkimų.',
    ru: '«{option}»: выбранного товара нет среди вариантов этой опции.',
  },
  'bundle.oneChoice': {
    en: 'Only one product can be chosen for "{option}".',
    lt: 'Parinkčiai „{option}“ galima pasirinkti tik vieną prekę.',
    ru: 'Для «{option}» можно выбрать только один товар.',
  },
  'bundle.qtyNotAllowed': {
    en: 'The quantity of "{option}" cannot be changed.',
    lt: 'Parinkties „{option}“ kiekio keisti negalima.',
    ru: 'Количество для «{option}» изменить нельзя.',
  },
  'cart.chooseProducts': {
    en: 'Please choose the products of the set first.',
    lt: 'Pirmiausia pasirinkite rinkinio prekes.',
    ru: 'Сначала выберите товары набора.',
  },
  'variant.noneAvailable': {
    en: 'No available product variants',
    lt: 'Nėra galimų prekės variantų',
    ru: 'Нет доступных вариантов товара',
  },
  'variant.noSuchConfiguration': {
    en: 'No such configuration for the product. Please do choose another combination of attributes.',
    lt: 'Tokio prekės varianto nėra. Pasirinkite kitą savybių derinį.',
    ru: 'Такого варианта товара нет. Пожалуйста, выберите другое сочетание характеристик.',
  },
  'catalog.noProductsOffline': {
    en: 'No products synchronized for this category. Please come back while online!',
    lt: 'Šios kategorijos prekės dar neišsaugotos šiame įrenginyje. Grįžkite, kai turėsite interneto ryšį.',
    ru: 'Товары этой категории ещё не сохранены на этом устройстве. Вернитесь, когда появится интернет.',
  },
  'catalog.categoryNotFound': {
    en: 'No category found for {key} = {value}',
    lt: 'Nerasta kategorija, kurios {key} = {value}',
    ru: 'Не найдена категория, у которой {key} = {value}',
  },
  'catalog.cmsNotFound': {
    en: 'No CMS content found for {key} = {value}',
    lt: 'Nerastas turinio puslapis ar blokas, kurio {key} = {value}',
    ru: 'Не найдено содержимое CMS, у которого {key} = {value}',
  },
  'product.notFound': { en: 'Product not found', lt: 'Prekė nerasta', ru: 'Товар не найден' },
  'product.disabled': {
    en: 'This product is no longer available',
    lt: 'Ši prekė nebeparduodama',
    ru: 'Этот товар больше не продаётся',
  },
  'product.notVisible': {
    en: 'This product cannot be viewed on its own',
    lt: 'Šios prekės negalima peržiūrėti atskirai',
    ru: 'Этот товар нельзя просмотреть отдельно',
  },
  'product.searchKeyRequired': {
    en: 'Please provide the search key {key} for the product lookup!',
    lt: 'Nurodykite prekės paieškos raktą {key}!',
    ru: 'Укажите ключ поиска товара {key}!',
  },
  'product.parentSkuRequired': {
    en: 'Please provide the parentSku for the variant lookup!',
    lt: 'Nurodykite parentSku prekės variantui rasti!',
    ru: 'Укажите parentSku для поиска варианта товара!',
  },
  'totals.defaultCountryMissing': {
    en: 'Please do set the tax.defaultCountry in order to calculate totals',
    lt: 'Nustatykite tax.defaultCountry, kad būtų galima apskaičiuoti sumas',
    ru: 'Укажите tax.defaultCountry, чтобы рассчитать итоговые суммы',
  },
  'action.ok': { en: 'OK', lt: 'Gerai', ru: 'ОК' },

  // ---- accounts-checkout-routes.md §8 ----
  'coupon.incorrect': {
    en: "You've entered an incorrect coupon code. Please try again.",
    lt: 'Įvestas neteisingas nuolaidos kodas. Bandykite dar kartą.',
    ru: 'Вы ввели неверный код купона. Попробуйте ещё раз.',
  },
  'coupon.required': {
    en: 'Please enter a coupon code.',
    lt: 'Įveskite nuolaidos kodą.',
    ru: 'Введите код купона.',
  },
  'coupon.applied': {
    en: 'The coupon code has been applied!',
    lt: 'Nuolaidos kodas pritaikytas!',
    ru: 'Код купона применён!',
  },
  'user.resetOffline': {
    en: 'Reset password feature does not work while offline!',
    lt: 'Be interneto ryšio slaptažodžio atkurti negalima!',
    ru: 'Восстановление пароля не работает без подключения к интернету!',
  },
  'user.passwordChangeOffline': {
    en: 'Password change does not work while offline!',
    lt: 'Be interneto ryšio slaptažodžio pakeisti negalima!',
    ru: 'Сменить пароль без подключения к интернету нельзя!',
  },
  'user.passwordChanged': {
    en: 'Password has successfully been changed',
    lt: 'Slaptažodis sėkmingai pakeistas',
    ru: 'Пароль успешно изменён',
  },
  'user.passwordChangeError': {
    en: 'Error while changing password',
    lt: 'Keičiant slaptažodį įvyko klaida',
    ru: 'Ошибка при смене пароля',
  },
  'user.resetEmailError': {
    en: 'Error while sending reset password e-mail',
    lt: 'Nepavyko išsiųsti slaptažodžio atkūrimo laiško',
    ru: 'Не удалось отправить письмо для восстановления пароля',
  },
  'user.emailNotFound': {
    en: 'Provided email does not exist',
    lt: 'Paskyra su nurodytu el. pašto adresu nerasta',
    ru: 'Учётная запись с указанным адресом электронной почты не найдена',
  },
  'user.emailExists': {
    en: 'A customer with the same email already exists in an associated website.',
    lt: 'Pirkėjas su tokiu el. pašto adresu jau užsiregistravęs.',
    ru: 'Покупатель с таким адресом электронной почты уже зарегистрирован.',
  },
  'user.accountUpdated': {
    en: 'Account data has successfully been updated',
    lt: 'Paskyros duomenys sėkmingai atnaujinti',
    ru: 'Данные учётной записи успешно обновлены',
  },
  'user.loggedOut': { en: "You're logged out", lt: 'Jūs atsijungėte', ru: 'Вы вышли из учётной записи' },
  'user.loginRequired': {
    en: 'You need to be logged in to see this page',
    lt: 'Norėdami matyti šį puslapį, turite prisijungti',
    ru: 'Чтобы увидеть эту страницу, нужно войти в учётную запись',
  },
  'user.invalidCredentials': {
    en: 'Wrong e-mail or password',
    lt: 'Neteisingas el. pašto adresas arba slaptažodis',
    ru: 'Неверный адрес электронной почты или пароль',
  },
  'user.accountDisabled': {
    en: 'This account is disabled. Please contact the shop',
    lt: 'Ši paskyra išjungta. Susisiekite su parduotuve',
    ru: 'Эта учётная запись отключена. Свяжитесь с магазином',
  },
  'user.resetTokenInvalid': {
    en: 'The password reset link is not valid or has expired',
    lt: 'Slaptažodžio atkūrimo nuoroda negalioja arba jos galiojimas baigėsi',
    ru: 'Ссылка для восстановления пароля недействительна или устарела',
  },
  'user.tooManyAttempts': {
    en: 'Too many attempts. Please try again in {minutes} min.',
    lt: 'Per daug bandymų. Pabandykite dar kartą po {minutes} min.',
    ru: 'Слишком много попыток. Попробуйте ещё раз через {minutes} мин.',
  },
  'user.currentPasswordWrong': {
    en: 'The current password is not correct',
    lt: 'Dabartinis slaptažodis neteisingas',
    ru: 'Текущий пароль указан неверно',
  },
  'newsletter.notYourAddress': {
    en: 'You can only see the newsletter status of your own e-mail address',
    lt: 'Galite matyti tik savo el. pašto adreso naujienlaiškio prenumeratos būseną',
    ru: 'Можно узнать статус подписки на рассылку только для своего адреса электронной почты',
  },
  'newsletter.notYourAddressUnsubscribe': {
    en: 'You can only unsubscribe your own e-mail address from the newsletter',
    lt: 'Naujienlaiškio galite atsisakyti tik savo el. pašto adresui',
    ru: 'Отписаться от рассылки можно только для своего адреса электронной почты',
  },
  'newsletter.invalidUrl': {
    en: 'This url is not valid or you have already subscribed to our newsletter!',
    lt: 'Ši nuoroda negalioja arba jūs jau užsiprenumeravote mūsų naujienlaiškį!',
    ru: 'Эта ссылка недействительна, или вы уже подписались на нашу рассылку!',
  },
  // the newsletter e-mails' one-click unsubscribe link with a wrong signature (said alike for every address)
  'newsletter.invalidUnsubscribeLink': {
    en: 'This unsubscribe link is not valid. Please open the link in the latest e-mail you received.',
    lt: 'Ši atsisakymo nuoroda negalioja. Atidarykite nuorodą iš paskutinio gauto laiško.',
    ru: 'Эта ссылка для отписки недействительна. Откройте ссылку из последнего полученного письма.',
  },
  'review.feedbackAlreadyFilled': {
    en: 'Feedback for this order already filled',
    lt: 'Atsiliepimas apie šį užsakymą jau pateiktas',
    ru: 'Отзыв об этом заказе уже оставлен',
  },
  'order.queued': {
    en: 'The order can not be transfered because of server error. Order has been queued',
    lt: 'Dėl serverio klaidos užsakymo perduoti nepavyko. Užsakymas įtrauktas į eilę',
    ru: 'Из-за ошибки сервера заказ не удалось передать. Заказ поставлен в очередь',
  },
  'order.productsUnavailable': {
    en: 'Some of the ordered products are not available!',
    lt: 'Kai kurių užsakytų prekių nėra!',
    ru: 'Некоторые из заказанных товаров недоступны!',
  },
  'order.waiting': {
    en: 'Order waiting!',
    lt: 'Užsakymas laukia išsiuntimo!',
    ru: 'Заказ ожидает отправки!',
  },
  'order.notFound': { en: 'Order not found', lt: 'Užsakymas nerastas', ru: 'Заказ не найден' },
  'invoice.unavailable': {
    en: 'The invoice of this order is not available: it is issued once the order is paid, and not for a cancelled order.',
    lt: 'Šio užsakymo sąskaita faktūra negalima: ji išrašoma apmokėjus užsakymą ir neišrašoma atšauktam užsakymui.',
    ru: 'Счёт-фактура этого заказа недоступен: он выставляется после оплаты заказа и не выставляется для отменённого заказа.',
  },
  'error.internal500': {
    en: 'Internal Server Error 500',
    lt: 'Vidinė serverio klaida 500',
    ru: 'Внутренняя ошибка сервера 500',
  },
  'error.notFound': {
    en: "Unfortunately we can't find the page you are looking for",
    lt: 'Deja, ieškomo puslapio rasti nepavyko',
    ru: 'К сожалению, мы не можем найти страницу, которую вы ищете',
  },
  'error.generic': {
    en: 'Something went wrong. Try again in a few seconds.',
    lt: 'Kažkas nepavyko. Pabandykite dar kartą po kelių sekundžių.',
    ru: 'Что-то пошло не так. Попробуйте ещё раз через несколько секунд.',
  },
  'error.badContentType': {
    en: 'Error with response - bad content-type!',
    lt: 'Klaidingas atsakymas – netinkamas turinio tipas!',
    ru: 'Ошибка ответа — неверный тип содержимого!',
  },
  'error.wrongResponseFormat': {
    en: 'Unhandled error, wrong response format!',
    lt: 'Neapdorota klaida – netinkamas atsakymo formatas!',
    ru: 'Необработанная ошибка: неверный формат ответа!',
  },
  'error.tokenRefreshUnauthorized': {
    en: 'Error refreshing user token. User is not authorized to access the resource',
    lt: 'Nepavyko atnaujinti naudotojo prieigos rakto. Naudotojas neturi teisės pasiekti šio ištekliaus',
    ru: 'Ошибка обновления токена пользователя. У пользователя нет доступа к этому ресурсу',
  },
  'error.tokenRefreshInternal': {
    en: 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
    lt: 'Atnaujinant prieigos raktus įvyko vidinė programos klaida. Išvalykite naršyklės saugyklą ir atnaujinkite puslapį.',
    ru: 'Внутренняя ошибка приложения при обновлении токенов. Очистите хранилище браузера и обновите страницу.',
  },
  'error.offlineNotAvailable': {
    en: 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.',
    lt: 'Šis puslapis neišsaugotas šiame įrenginyje, o interneto ryšio nėra. Grąžiname į pagrindinį puslapį.',
    ru: 'Эта страница не сохранена на устройстве, а интернета нет. Возвращаем на главную страницу.',
  },
  'error.unauthorized': {
    en: 'Your session has expired. Please log in again.',
    lt: 'Jūsų sesija baigėsi. Prisijunkite iš naujo.',
    ru: 'Ваш сеанс истёк. Войдите снова.',
  },

  // ---- accounts-checkout-routes.md §5 validation messages ----
  'validation.required': { en: 'Field is required', lt: 'Laukas privalomas', ru: 'Обязательное поле' },
  // a courier order without its home address (delivery.ts missingHomeAddress)
  'delivery.streetRequired': {
    en: 'Courier delivery needs the street and house number.',
    lt: 'Pristatymui kurjeriu nurodykite gatvę ir namo numerį.',
    ru: 'Для доставки курьером укажите улицу и номер дома.',
  },
  'delivery.cityRequired': {
    en: 'Courier delivery needs the city.',
    lt: 'Pristatymui kurjeriu nurodykite miestą.',
    ru: 'Для доставки курьером укажите город.',
  },
  'delivery.postcodeRequired': {
    en: 'Courier delivery needs the postcode.',
    lt: 'Pristatymui kurjeriu nurodykite pašto kodą.',
    ru: 'Для доставки курьером укажите почтовый индекс.',
  },
  'validation.nameMinLength': {
    en: 'Name must have at least {min} letters.',
    lt: 'Vardą turi sudaryti bent {min} raidės.',
    ru: 'Имя должно содержать не менее {min} букв.',
  },
  'validation.alphaOnly': {
    en: 'Accepts only alphabet characters.',
    lt: 'Galima įvesti tik raides.',
    ru: 'Допускаются только буквы.',
  },
  'validation.passwordMinLength': {
    en: 'Password must have at least {min} letters.',
    lt: 'Slaptažodį turi sudaryti bent {min} simboliai.',
    ru: 'Пароль должен содержать не менее {min} символов.',
  },
  'validation.passwordsMustMatch': {
    en: 'Passwords must be identical.',
    lt: 'Slaptažodžiai turi sutapti.',
    ru: 'Пароли должны совпадать.',
  },
  'validation.email': {
    en: 'Please provide valid e-mail address.',
    lt: 'Įveskite teisingą el. pašto adresą.',
    ru: 'Введите корректный адрес электронной почты.',
  },
  'validation.termsRequired': {
    en: 'You must accept the terms and conditions.',
    lt: 'Turite sutikti su pirkimo taisyklėmis ir sąlygomis.',
    ru: 'Необходимо принять правила и условия покупки.',
  },
  'validation.companyCodeMinLength': {
    en: 'Company code must have at least {min} characters.',
    lt: 'Įmonės kodą turi sudaryti bent {min} simboliai.',
    ru: 'Код компании должен содержать не менее {min} символов.',
  },
  'validation.vatCodeMinLength': {
    en: 'Company VAT code must have at least {min} characters.',
    lt: 'Įmonės PVM mokėtojo kodą turi sudaryti bent {min} simboliai.',
    ru: 'Код плательщика НДС должен содержать не менее {min} символов.',
  },
  'validation.taxIdMinLength': {
    en: 'Tax ID must have at least {min} characters.',
    lt: 'Mokesčių mokėtojo kodą turi sudaryti bent {min} simboliai.',
    ru: 'Налоговый номер должен содержать не менее {min} символов.',
  },
  'validation.taxIdInvalid': {
    en: 'Tax identification number must be valid.',
    lt: 'Įveskite teisingą mokesčių mokėtojo kodą.',
    ru: 'Введите корректный налоговый номер.',
  },
  'validation.zipMinLength': {
    en: 'Zip-code must have at least {min} letters.',
    lt: 'Pašto kodą turi sudaryti bent {min} simboliai.',
    ru: 'Почтовый индекс должен содержать не менее {min} символов.',
  },
  'validation.zipFormat': {
    en: 'Bad zip-code format. Use {format}.',
    lt: 'Neteisingas pašto kodo formatas. Naudokite {format}.',
    ru: 'Неверный формат почтового индекса. Используйте формат {format}.',
  },
  'validation.priceBound': {
    en: 'Enter a price in euros from 0 to 1000000, e.g. 249.99.',
    lt: 'Įveskite kainą eurais nuo 0 iki 1000000, pvz., 249,99.',
    ru: 'Введите цену в евро от 0 до 1000000, например 249,99.',
  },
  'validation.priceBoundsOrder': {
    en: 'The lowest price cannot be above the highest.',
    lt: 'Mažiausia kaina negali būti didesnė už didžiausią.',
    ru: 'Минимальная цена не может быть больше максимальной.',
  },
  'validation.searchTermMinLength': {
    en: 'Searched term should consist of at least {min} characters.',
    lt: 'Paieškos frazę turi sudaryti bent {min} simboliai.',
    ru: 'Поисковый запрос должен содержать не менее {min} символов.',
  },
  'validation.quantityInteger': {
    en: 'Quantity must be a positive integer.',
    lt: 'Kiekis turi būti teigiamas sveikasis skaičius.',
    ru: 'Количество должно быть целым положительным числом.',
  },
  'validation.quantityAboveZero': {
    en: 'Quantity must be above 0.',
    lt: 'Kiekis turi būti didesnis už 0.',
    ru: 'Количество должно быть больше 0.',
  },
  // Generic input errors (schemas.ts issuesToFieldErrors)
  'validation.invalid': { en: 'Invalid value.', lt: 'Neteisinga reikšmė.', ru: 'Недопустимое значение.' },
  'validation.invalidType': {
    en: 'Invalid type (expected {expected}).',
    lt: 'Netinkamas reikšmės tipas (tikėtasi: {expected}).',
    ru: 'Неверный тип значения (ожидается: {expected}).',
  },
  'validation.tooShort': {
    en: 'Too short (minimum {min}).',
    lt: 'Per trumpa reikšmė (mažiausiai {min}).',
    ru: 'Слишком короткое значение (минимум {min}).',
  },
  'validation.tooLong': {
    en: 'Too long (maximum {max}).',
    lt: 'Per ilga reikšmė (daugiausiai {max}).',
    ru: 'Слишком длинное значение (максимум {max}).',
  },
  'validation.tooSmall': {
    en: 'Must be at least {min}.',
    lt: 'Reikšmė turi būti ne mažesnė kaip {min}.',
    ru: 'Значение должно быть не меньше {min}.',
  },
  'validation.tooBig': {
    en: 'Must be at most {max}.',
    lt: 'Reikšmė turi būti ne didesnė kaip {max}.',
    ru: 'Значение должно быть не больше {max}.',
  },
  'validation.tooFewItems': {
    en: 'At least {min} items required.',
    lt: 'Mažiausias elementų skaičius: {min}.',
    ru: 'Минимальное количество элементов: {min}.',
  },
  'validation.tooManyItems': {
    en: 'At most {max} items allowed.',
    lt: 'Didžiausias elementų skaičius: {max}.',
    ru: 'Максимальное количество элементов: {max}.',
  },
  'validation.unknownField': { en: 'Unknown field.', lt: 'Nežinomas laukas.', ru: 'Неизвестное поле.' },
  'validation.nulCharacter': {
    en: 'Must not contain the NUL character (\\u0000).',
    lt: 'Negali būti simbolio NUL (\\u0000).',
    ru: 'Не должно содержать символ NUL (\\u0000).',
  },
  'validation.invalidOption': {
    en: 'Must be one of: {options}.',
    lt: 'Leidžiamos reikšmės: {options}.',
    ru: 'Допустимые значения: {options}.',
  },
  'validation.countryCode': {
    en: 'Use a two-letter country code (e.g. LT).',
    lt: 'Naudokite dviejų raidžių šalies kodą (pvz., LT).',
    ru: 'Используйте двухбуквенный код страны (например, LT).',
  },

  // ---- Labels ----
  'totals.subtotal': { en: 'Subtotal', lt: 'Tarpinė suma', ru: 'Промежуточный итог' },
  'totals.shipping': { en: 'Shipping', lt: 'Pristatymas', ru: 'Доставка' },
  'totals.payment': { en: 'Payment fee', lt: 'Mokėjimo mokestis', ru: 'Комиссия за оплату' },
  'totals.discount': { en: 'Discount', lt: 'Nuolaida', ru: 'Скидка' },
  'totals.tax': { en: 'Including VAT', lt: 'Iš jų PVM', ru: 'В том числе НДС' },
  'totals.grandTotal': { en: 'Grand total', lt: 'Iš viso', ru: 'Итого' },
  'sort.relevance': { en: 'Relevance', lt: 'Aktualumas', ru: 'По релевантности' },
  'sort.latest': { en: 'Latest', lt: 'Naujausi', ru: 'Новинки' },
  'sort.priceLowHigh': { en: 'Price: Low to high', lt: 'Kaina: nuo mažiausios', ru: 'Цена: по возрастанию' },
  'sort.priceHighLow': { en: 'Price: High to low', lt: 'Kaina: nuo didžiausios', ru: 'Цена: по убыванию' },
  'sort.qtyHighLow': {
    en: 'Quantity: High to low',
    lt: 'Kiekis: nuo didžiausio',
    ru: 'Количество: по убыванию',
  },
  'sort.qtyLowHigh': {
    en: 'Quantity: Low to high',
    lt: 'Kiekis: nuo mažiausio',
    ru: 'Количество: по возрастанию',
  },
  'sort.default': { en: 'Default', lt: 'Numatytoji tvarka', ru: 'По умолчанию' },
  'orderStatus.awaiting_payment': { en: 'Awaiting payment', lt: 'Laukiama apmokėjimo', ru: 'Ожидает оплаты' },
  'orderStatus.cancelled': { en: 'Cancelled', lt: 'Atšauktas', ru: 'Отменён' },
  'orderStatus.collected': { en: 'Collected', lt: 'Atsiimtas', ru: 'Получен' },
  'orderStatus.completed': { en: 'Completed', lt: 'Įvykdytas', ru: 'Выполнен' },
  // a courier order the customer has received (order-lifecycle.ts)
  'orderStatus.fulfilled': { en: 'Fulfilled', lt: 'Pristatytas', ru: 'Доставлен' },
  'orderStatus.incomming': { en: 'Incoming', lt: 'Gaunamas', ru: 'Поступает' },
  'orderStatus.new': { en: 'New', lt: 'Naujas', ru: 'Новый' },
  'orderStatus.paid': { en: 'Paid', lt: 'Apmokėtas', ru: 'Оплачен' },
  'orderStatus.pending': { en: 'Pending', lt: 'Vykdomas', ru: 'В обработке' },
  'orderStatus.ready': { en: 'Ready to pick up', lt: 'Paruoštas atsiimti', ru: 'Готов к выдаче' },
  'orderStatus.refunded': { en: 'Refunded', lt: 'Pinigai grąžinti', ru: 'Деньги возвращены' },
  'orderStatus.shipped': {
    en: 'Shipped / ready to pick up',
    lt: 'Išsiųstas / paruoštas atsiimti',
    ru: 'Отправлен / готов к выдаче',
  },
  // `shipped` of a courier order (the spec's "shipped / ready to pick up" is for pickup orders)
  'orderStatus.shippedCourier': { en: 'Shipped', lt: 'Išsiųstas', ru: 'Отправлен' },
  'paymentStatus.refunded': { en: 'Refunded', lt: 'Pinigai grąžinti', ru: 'Деньги возвращены' },
  'shippingStatus.pending': { en: 'Not shipped yet', lt: 'Dar neišsiųstas', ru: 'Ещё не отправлен' },
  'shippingStatus.ready': { en: 'Ready to pick up', lt: 'Paruoštas atsiimti', ru: 'Готов к выдаче' },
  'shippingStatus.shipped': { en: 'Shipped', lt: 'Išsiųstas', ru: 'Отправлен' },
  'shippingStatus.delivered': { en: 'Delivered', lt: 'Pristatytas', ru: 'Доставлен' },
  'shippingStatus.returned': { en: 'Returned', lt: 'Grąžintas', ru: 'Возвращён' },
  // ---- order lifecycle: why an action is refused (409) ----
  'order.lifecycle.forbidden': {
    en: 'This action is not possible for an order in status "{status}".',
    lt: 'Šis veiksmas negalimas, kai užsakymo būsena „{status}“.',
    ru: 'Это действие невозможно для заказа в статусе «{status}».',
  },
  'order.lifecycle.notPickup': {
    en: 'Only an order picked up by the customer can be made ready for pickup.',
    lt: 'Paruošti atsiimti galima tik užsakymą, kurį klientas atsiims pats.',
    ru: 'Подготовить к выдаче можно только заказ с самовывозом.',
  },
  'order.lifecycle.trackingRequired': {
    en: 'Enter the carrier and the tracking number.',
    lt: 'Įveskite vežėją ir siuntos sekimo numerį.',
    ru: 'Укажите перевозчика и номер отслеживания.',
  },
  'order.lifecycle.reasonRequired': {
    en: 'Enter the reason for the cancellation.',
    lt: 'Įveskite atšaukimo priežastį.',
    ru: 'Укажите причину отмены.',
  },
  'order.lifecycle.paidUseRefund': {
    en: 'This order is paid: refund it instead of cancelling.',
    lt: 'Šis užsakymas apmokėtas: grąžinkite pinigus, užuot atšaukę.',
    ru: 'Этот заказ оплачен: оформите возврат денег вместо отмены.',
  },
  'order.lifecycle.notPaid': {
    en: 'This order is not paid: there is nothing to refund.',
    lt: 'Šis užsakymas neapmokėtas: nėra ką grąžinti.',
    ru: 'Этот заказ не оплачен: возвращать нечего.',
  },
  'order.lifecycle.alreadyPaid': {
    en: 'This order is already paid.',
    lt: 'Šis užsakymas jau apmokėtas.',
    ru: 'Этот заказ уже оплачен.',
  },
  'order.lifecycle.cancelled': {
    en: 'This order was cancelled.',
    lt: 'Šis užsakymas atšauktas.',
    ru: 'Этот заказ отменён.',
  },
  'order.lifecycle.unknownAction': {
    en: 'Unknown order action.',
    lt: 'Nežinomas užsakymo veiksmas.',
    ru: 'Неизвестное действие с заказом.',
  },
  // payment statuses (payment/provider.ts PaymentStatus) that have no order status of the same name;
  // `paid` and `cancelled` read as the order statuses do
  'paymentStatus.pending': { en: 'Awaiting payment', lt: 'Laukiama apmokėjimo', ru: 'Ожидает оплаты' },
  'paymentStatus.failed': { en: 'Payment failed', lt: 'Mokėjimas nepavyko', ru: 'Оплата не прошла' },
  // a payment that came after the order was cancelled and its units sold (payment/service.ts)
  'paymentStatus.refund_due': { en: 'To be refunded', lt: 'Bus grąžinta', ru: 'Будет возвращена' },
  // ---- order placement: which products are short, and a reused idempotency key ----
  'order.productUnavailable': {
    en: '{name} ({sku}) is not available',
    lt: '{name} ({sku}) nėra',
    ru: '{name} ({sku}) нет в наличии',
  },
  'order.idempotencyConflict': {
    en: 'This order was already placed with other details. Reload the page and check your order.',
    lt: 'Šis užsakymas jau pateiktas su kitais duomenimis. Perkraukite puslapį ir patikrinkite užsakymą.',
    ru: 'Этот заказ уже оформлен с другими данными. Обновите страницу и проверьте заказ.',
  },
  // ---- orders awaiting online payment: the cap, the timeout, a payment after it ----
  'order.tooManyUnpaid': {
    en: 'Too many orders are waiting for online payment ({count}). Please pay for them first, or try again later: unpaid orders are cancelled after {minutes} min.',
    lt: 'Per daug užsakymų laukia mokėjimo internetu ({count}). Pirmiausia juos apmokėkite arba bandykite vėliau: neapmokėti užsakymai atšaukiami po {minutes} min.',
    ru: 'Слишком много заказов ожидают онлайн-оплаты ({count}). Сначала оплатите их или попробуйте позже: неоплаченные заказы отменяются через {minutes} мин.',
  },
  // ---- caps on every unpaid order (cash on delivery and bank transfer too) ----
  'order.tooManyOpen': {
    en: 'You already have {count} orders that are not paid or confirmed yet. Please wait until we confirm them, or contact us to change them.',
    lt: 'Jau turite {count} dar neapmokėtus ar nepatvirtintus užsakymus. Palaukite, kol juos patvirtinsime, arba susisiekite su mumis, jei norite juos pakeisti.',
    ru: 'У вас уже есть {count} ещё не оплаченных или не подтверждённых заказов. Дождитесь их подтверждения или свяжитесь с нами, чтобы их изменить.',
  },
  'order.lineOverMaxUnits': {
    en: 'At most {max} units of "{name}" can be ordered at once. Please lower the quantity, or contact us for a larger order.',
    lt: 'Vienu metu galima užsakyti ne daugiau kaip {max} vnt. prekės „{name}“. Sumažinkite kiekį arba susisiekite su mumis dėl didesnio užsakymo.',
    ru: 'За один раз можно заказать не более {max} шт. товара «{name}». Уменьшите количество или свяжитесь с нами для более крупного заказа.',
  },
  'order.cancelledUnpaid': {
    en: 'This order was cancelled because it was not paid in time. Its products were returned to stock: you are welcome to order them again.',
    lt: 'Šis užsakymas atšauktas, nes nebuvo laiku apmokėtas. Jo prekės grąžintos į sandėlį: galite jas užsisakyti iš naujo.',
    ru: 'Этот заказ отменён, потому что он не был вовремя оплачен. Его товары возвращены на склад: вы можете заказать их снова.',
  },
  'order.refundDue': {
    en: 'Your payment arrived after the order was cancelled and its products were no longer available. We will refund the payment.',
    lt: 'Jūsų mokėjimas gautas jau atšaukus užsakymą, o jo prekių nebeliko. Sumokėtus pinigus grąžinsime.',
    ru: 'Ваш платёж поступил после отмены заказа, а его товаров уже нет в наличии. Мы вернём деньги.',
  },
  'orderStatus.refund_due': { en: 'Refund due', lt: 'Bus grąžinti pinigai', ru: 'Ожидает возврата денег' },
  // ---- bank transfer instructions ----
  'payment.reference': { en: 'Order {number}', lt: 'Užsakymas {number}', ru: 'Заказ {number}' },
  // ---- stock notification request ----
  'stockAlert.inStock': {
    en: 'This product is in stock: you can order it now',
    lt: 'Ši prekė yra sandėlyje: ją galite užsisakyti dabar',
    ru: 'Этот товар есть в наличии: его можно заказать сейчас',
  },
  // ---- after the sale: withdrawal, returns, personal data ----
  'withdrawal.closed': {
    en: 'The withdrawal period of this order ended on {deadline}',
    lt: 'Šio užsakymo sutarties atsisakymo terminas baigėsi {deadline}',
    ru: 'Срок отказа от этого заказа истёк {deadline}',
  },
  'withdrawal.cancelled': {
    en: 'This order is cancelled: there is nothing to withdraw from',
    lt: 'Šis užsakymas atšauktas: nėra sutarties, kurios būtų galima atsisakyti',
    ru: 'Этот заказ отменён: отказываться не от чего',
  },
  'withdrawal.unknownLine': {
    en: 'This line is not part of the order',
    lt: 'Šios eilutės užsakyme nėra',
    ru: 'Этой строки нет в заказе',
  },
  'withdrawal.duplicateLine': {
    en: 'This line is named twice',
    lt: 'Ši eilutė nurodyta du kartus',
    ru: 'Эта строка указана дважды',
  },
  'withdrawal.tooMany': {
    en: 'At most {left} can still be returned',
    lt: 'Dar galima grąžinti ne daugiau kaip {left}',
    ru: 'Можно вернуть не более {left}',
  },
  'return.actionNotAllowed': {
    en: 'The return is {state}: this step is not possible now',
    lt: 'Grąžinimo būsena – {state}: šis veiksmas dabar negalimas',
    ru: 'Статус возврата — {state}: этот шаг сейчас невозможен',
  },
  'return.orderStockReturned': {
    en: "The order's units are already back in stock (cancelled or refunded with restock)",
    lt: 'Užsakymo prekės jau grąžintos į sandėlį (užsakymas atšauktas arba grąžinti pinigai su prekėmis)',
    ru: 'Товары заказа уже возвращены на склад (заказ отменён или возвращён с товарами)',
  },
  'privacy.passwordWrong': {
    en: 'The password is not correct',
    lt: 'Neteisingas slaptažodis',
    ru: 'Неверный пароль',
  },

  // ---- the shop's settings (back office) and what they allow ----
  'settings.time': {
    en: 'Time: write hours and minutes, e.g. 8:00',
    lt: 'Laikas: nurodykite valandas ir minutes, pvz., 8:00',
    ru: 'Время: укажите часы и минуты, например 8:00',
  },
  'settings.iban': {
    en: 'IBAN: not a valid account number (country, length or check digits)',
    lt: 'IBAN: neteisingas sąskaitos numeris (šalis, ilgis arba kontroliniai skaitmenys)',
    ru: 'IBAN: неверный номер счёта (страна, длина или контрольные цифры)',
  },
  'settings.swift': {
    en: 'SWIFT/BIC: not a valid bank code (8 or 11 characters)',
    lt: 'SWIFT/BIC: neteisingas banko kodas (8 arba 11 simbolių)',
    ru: 'SWIFT/BIC: неверный код банка (8 или 11 символов)',
  },
  'settings.bankIncomplete': {
    en: 'Bank account: the company name, the bank name and the IBAN are needed together',
    lt: 'Banko sąskaita: reikia kartu nurodyti įmonės pavadinimą, banko pavadinimą ir IBAN',
    ru: 'Банковский счёт: название компании, название банка и IBAN нужны вместе',
  },
  'settings.logoUrl': {
    en: 'Logo: an address on this shop (/...) or an https:// address',
    lt: 'Logotipas: adresas šioje parduotuvėje (/...) arba https:// adresas',
    ru: 'Логотип: адрес в этом магазине (/...) или адрес https://',
  },
  'settings.deliveryOrder': {
    en: 'Delivery days: the longest cannot be shorter than the shortest',
    lt: 'Pristatymo dienos: ilgiausias terminas negali būti trumpesnis už trumpiausią',
    ru: 'Дни доставки: наибольший срок не может быть меньше наименьшего',
  },
  'settings.hoursOrder': {
    en: 'Support hours: the closing time must be after the opening time',
    lt: 'Konsultavimo laikas: pabaiga turi būti vėliau nei pradžia',
    ru: 'Часы консультаций: окончание должно быть позже начала',
  },
  'settings.stale': {
    en: 'Someone else saved the settings after you opened this form. Reload the page, check their changes and save again.',
    lt: 'Kažkas kitas išsaugojo nustatymus po to, kai atidarėte šią formą. Atnaujinkite puslapį, peržiūrėkite pakeitimus ir išsaugokite dar kartą.',
    ru: 'Кто-то другой сохранил настройки после того, как вы открыли эту форму. Обновите страницу, проверьте изменения и сохраните снова.',
  },
  'settings.invoiceSellerMissing': {
    en: "The invoice cannot be issued: the shop's settings lack the seller's company name, company code, VAT code or address. An administrator fills them in under Settings in the back office.",
    lt: 'Sąskaitos faktūros išrašyti negalima: parduotuvės nustatymuose trūksta pardavėjo pavadinimo, įmonės kodo, PVM mokėtojo kodo arba adreso. Administratorius juos įrašo administravimo srities skiltyje „Nustatymai“.',
    ru: 'Счёт-фактуру выписать нельзя: в настройках магазина нет названия продавца, кода предприятия, кода плательщика НДС или адреса. Администратор заполняет их в разделе «Настройки» панели управления.',
  },
  'settings.bankTransferUnavailable': {
    en: 'Bank transfer is not available: the shop has not given its bank account.',
    lt: 'Bankinis pavedimas negalimas: parduotuvė nenurodė savo banko sąskaitos.',
    ru: 'Банковский перевод недоступен: магазин не указал свой банковский счёт.',
  },
  // money after the sale: recorded payments, refunds, credit notes (refunds.ts)
  'payment.exceedsDue': {
    en: 'The amount is more than the order still owes ({max}).',
    lt: 'Suma didesnė, nei liko sumokėti už užsakymą ({max}).',
    ru: 'Сумма больше, чем осталось оплатить по заказу ({max}).',
  },
  'payment.orderClosed': {
    en: 'A payment cannot be recorded for a cancelled or refunded order.',
    lt: 'Atšauktam ar grąžintam užsakymui mokėjimo įrašyti negalima.',
    ru: 'Для отменённого или возвращённого заказа нельзя записать платёж.',
  },
  'payment.nothingDue': {
    en: 'This order is paid in full: nothing is due.',
    lt: 'Šis užsakymas apmokėtas visas: mokėti nebėra ko.',
    ru: 'Этот заказ оплачен полностью: оплачивать больше нечего.',
  },
  'refund.notPaid': {
    en: 'Nothing was paid for this order: there is nothing to refund.',
    lt: 'Už šį užsakymą nieko nesumokėta: nėra ką grąžinti.',
    ru: 'За этот заказ ничего не оплачено: возвращать нечего.',
  },
  'refund.invalidQty': {
    en: 'Enter whole quantities of 0 or more.',
    lt: 'Įveskite sveikus kiekius, ne mažesnius nei 0.',
    ru: 'Укажите целые количества не меньше 0.',
  },
  'refund.unknownLine': {
    en: 'This order has no such line.',
    lt: 'Šis užsakymas tokios eilutės neturi.',
    ru: 'В этом заказе нет такой строки.',
  },
  'refund.qtyExceeds': {
    en: 'More units than the line has left to refund ({left}).',
    lt: 'Daugiau vienetų, nei eilutėje liko grąžinti ({left}).',
    ru: 'Больше единиц, чем осталось вернуть по строке ({left}).',
  },
  'refund.shippingRefunded': {
    en: 'The shipping was refunded already.',
    lt: 'Pristatymo kaina jau grąžinta.',
    ru: 'Стоимость доставки уже возвращена.',
  },
  'refund.invalidAmount': {
    en: 'Enter the amount in whole cents, 0 or more.',
    lt: 'Įveskite sumą sveikais centais, ne mažesnę nei 0.',
    ru: 'Укажите сумму в целых центах, не меньше 0.',
  },
  'refund.exceedsPaid': {
    en: 'A refund cannot be more than was paid and not yet refunded ({max}).',
    lt: 'Grąžinti negalima daugiau, nei sumokėta ir dar negrąžinta ({max}).',
    ru: 'Нельзя вернуть больше, чем оплачено и ещё не возвращено ({max}).',
  },
  'refund.nothing': {
    en: 'Choose what to refund: units of a line, the shipping or an amount.',
    lt: 'Pasirinkite, ką grąžinti: prekių vienetus, pristatymą ar sumą.',
    ru: 'Выберите, что вернуть: единицы товара, доставку или сумму.',
  },
  'refund.notPending': {
    en: 'This refund is not waiting to be made.',
    lt: 'Šis grąžinimas nelaukia atlikimo.',
    ru: 'Этот возврат не ожидает выполнения.',
  },
  'creditNote.notFound': {
    en: 'Credit note not found',
    lt: 'Kreditinė sąskaita nerasta',
    ru: 'Кредитовый счёт не найден',
  },
  // the back office's content: an address part (cms/admin-content.ts)
  'validation.slug': {
    en: 'Use lower-case letters, digits and single hyphens only, e.g. delivery-terms.',
    lt: 'Naudokite tik mažąsias raides, skaitmenis ir pavienius brūkšnelius, pvz., pristatymo-salygos.',
    ru: 'Используйте только строчные латинские буквы, цифры и одиночные дефисы, например pristatymo-salygos.',
  },
  // banners and the home slider in the back office (banners.ts)
  'validation.bannerLink': {
    en: 'The link must be a path of the shop starting with / (e.g. /c/laptops) or an https:// address.',
    lt: 'Nuoroda turi būti parduotuvės kelias, prasidedantis / (pvz., /c/kompiuteriai), arba https:// adresas.',
    ru: 'Ссылка должна быть путём магазина, начинающимся с / (например, /ru/c/kompyutery), или адресом https://.',
  },
  'validation.bannerWindow': {
    en: 'The end of the date window must be after its start.',
    lt: 'Rodymo laikotarpio pabaiga turi būti vėlesnė už pradžią.',
    ru: 'Конец периода показа должен быть позже его начала.',
  },
  'validation.bannerImage': {
    en: 'Upload an image for the banner.',
    lt: 'Įkelkite reklamjuostės paveikslėlį.',
    ru: 'Загрузите изображение баннера.',
  },
  // the back office's webhook endpoints: an address (webhook-events.ts)
  'validation.url': {
    en: 'Enter a full address, e.g. https://erp.example.lt/hooks.',
    lt: 'Įveskite visą adresą, pvz., https://erp.example.lt/hooks.',
    ru: 'Введите полный адрес, например https://erp.example.lt/hooks.',
  },
  // a return's refund from the return's page (refunds.ts returnRefundRequest)
  'refund.aboveReturn': {
    en: "A return's refund cannot be more than its returned goods come to ({max}); a larger refund is made on the order page.",
    lt: 'Grąžinimo suma negali viršyti grąžintų prekių vertės ({max}); didesnę sumą grąžinkite užsakymo puslapyje.',
    ru: 'Сумма возврата не может превышать стоимость возвращённых товаров ({max}); большую сумму верните на странице заказа.',
  },
  'refund.returnNotReceived': {
    en: 'The returned goods have not been received yet.',
    lt: 'Grąžintos prekės dar negautos.',
    ru: 'Возвращённые товары ещё не получены.',
  },
  'refund.returnRefunded': {
    en: 'This return has already been refunded.',
    lt: 'Už šį grąžinimą pinigai jau grąžinti.',
    ru: 'Деньги за этот возврат уже возвращены.',
  },
  // the withdrawal page's "send me the withdrawal link": the same answer whether an order matched or not
  'withdrawal.linkSent': {
    en: 'If an order with this number and e-mail address exists, we have sent its withdrawal link to that address.',
    lt: 'Jei užsakymas su šiuo numeriu ir el. pašto adresu yra, jo sutarties atsisakymo nuorodą išsiuntėme tuo adresu.',
    ru: 'Если заказ с таким номером и адресом электронной почты существует, мы отправили ссылку для отказа от него на этот адрес.',
  },
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

const BY_ENGLISH = new Map<string, MessageKey>(
  (Object.keys(MESSAGES) as MessageKey[]).map((k) => [MESSAGES[k].en, k]),
);

/**
 * Makes a store view's messages available. Here they all are; the storefront's browser build replaces
 * this module with one that loads a language at a time (apps/web/app/i18n/domain-messages.client.ts).
 */
export function loadMessages(_storeCode: StoreCode): Promise<void> {
  return Promise.resolve();
}

/**
 * Makes every message of the languages loaded so far available: here they all are; the storefront's
 * browser module loads a first screen's messages first and the rest with this.
 */
export function loadAllMessages(): Promise<void> {
  return Promise.resolve();
}

/**
 * The key whose English text `text` is, or undefined. A promise because the storefront's browser
 * module loads its English index on demand (apps/web/app/i18n/domain-messages.client.ts).
 */
export function englishMessageKey(text: string): Promise<MessageKey | undefined> {
  return Promise.resolve(BY_ENGLISH.get(text));
}

export function isMessageKey(x: unknown): x is MessageKey {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, x);
}

/**
 * The message in the store view's language with `{placeholder}`s filled. Accepts a key or the
 * English text of one (product errors may carry texts); anything else is returned as it is
 * (interpolated), so a server's own message passes through. Unknown store codes use lt.
 */
export function translateMessage(
  key: MessageKey | (string & {}),
  storeCode?: StoreCode | string,
  params?: MessageParams,
): string {
  const code: StoreCode = isStoreCode(storeCode) ? storeCode : DEFAULT_STORE_CODE;
  const k = isMessageKey(key) ? key : BY_ENGLISH.get(key);
  return interpolate(k ? MESSAGES[k][code] : key, params);
}
