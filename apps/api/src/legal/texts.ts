/**
 * The withdrawal texts the law prescribes, in the store views' languages: the information on the
 * right of withdrawal (Directive 2011/83/EU Annex I(A)) and the model withdrawal form (Annex I(B)),
 * filled in with the seller's identity and the shop's period (docs/legal.md). lt and en follow the
 * official language versions of the Directive; ru (not an EU language) is the shop's faithful
 * translation. Also the e-mails after the sale: the withdrawal's acknowledgement and the return's steps.
 */
import type { StoreCode } from '@vitrina/domain';
import type { ShopIdentity } from '../config.ts';
import type { RenderedMail } from '../mail/templates.ts';

/** the seller as the texts name it: name, geographical address, phone, e-mail (Annex I(A) "[name, address...]") */
export function sellerLine(shop: ShopIdentity, store: StoreCode): string {
  const code = shop.companyCode
    ? `${{ lt: 'įmonės kodas', en: 'company code', ru: 'код предприятия' }[store]} ${shop.companyCode}`
    : '';
  const vat = shop.vatCode
    ? `${{ lt: 'PVM kodas', en: 'VAT code', ru: 'код НДС' }[store]} ${shop.vatCode}`
    : '';
  return [shop.companyName, code, vat, shop.address, shop.phone, shop.email].filter(Boolean).join(', ');
}

export type WithdrawalTextParams = { seller: string; days: number; withdrawalUrl: string };

/** Annex I(A), with the optional paragraph on the website's withdrawal function (the shop offers it) */
const INFORMATION: Record<StoreCode, (p: WithdrawalTextParams) => string> = {
  lt: (p) => `INFORMACIJA APIE TEISĘ ATSISAKYTI SUTARTIES

Teisė atsisakyti sutarties
Jūs turite teisę per ${p.days} dienų atsisakyti šios sutarties nenurodydami priežasties.
Sutarties atsisakymo laikotarpis baigiasi praėjus ${p.days} dienų nuo dienos, kurią jūs arba jūsų nurodyta trečioji šalis, kuri nėra vežėjas, įgyja daiktus fiziškai (jei užsakyme keli daiktai pristatomi atskirai, – nuo dienos, kurią fiziškai įgyjamas paskutinis daiktas).
Kad galėtumėte pasinaudoti teise atsisakyti sutarties, privalote mums (${p.seller}) pranešti apie savo sprendimą atsisakyti šios sutarties aiškiu pareiškimu (pvz., paštu išsiųstu laišku arba e. paštu). Galite naudoti pridedamą pavyzdinę sutarties atsisakymo formą, tačiau tai nėra privaloma. Taip pat galite elektroniniu būdu pateikti sutarties atsisakymo pareiškimą mūsų interneto svetainėje, paspaudę mygtuką „Atsisakyti sutarties čia“: ${p.withdrawalUrl}. Jei pasinaudosite šia galimybe, mes jums nedelsdami patvirtinsime, kad gavome pranešimą apie sutarties atsisakymą, jį išsiųsdami patvariojoje laikmenoje (e. paštu).
Kad būtų laikomasi sutarties atsisakymo termino, pakanka, kad pranešimą apie naudojimąsi teise atsisakyti sutarties išsiųstumėte nepasibaigus sutarties atsisakymo laikotarpiui.

Sutarties atsisakymo pasekmės
Jei atsisakysite šios sutarties, mes jums grąžinsime visas iš jūsų gautas įmokas, įskaitant pristatymo išlaidas (išskyrus papildomas išlaidas, atsiradusias dėl to, kad pasirinkote kitą pristatymo būdą nei mūsų siūlomas pigiausias standartinis pristatymo būdas), nepagrįstai nedelsdami ir bet kuriuo atveju ne vėliau kaip per 14 dienų nuo tos dienos, kurią mums buvo pranešta apie jūsų sprendimą atsisakyti šios sutarties. Tokias grąžinamas sumas sumokėsime naudodami tą pačią mokėjimo priemonę, kurią naudojote pradiniam sandoriui, nebent aiškiai sutikote kitaip; bet kuriuo atveju dėl tokio grąžinimo jums nereikės mokėti jokių mokesčių.
Mes galime sulaikyti grąžinamas sumas tol, kol daiktus atgausime arba kol pateiksite įrodymą, kad daiktus išsiuntėte atgal, atsižvelgiant į tai, kas įvyksta anksčiau.
Daiktus turite grąžinti arba perduoti mums (${p.seller}) nepagrįstai nedelsdami ir bet kuriuo atveju ne vėliau kaip per 14 dienų nuo tos dienos, kurią pranešėte mums apie šios sutarties atsisakymą. Terminas laikomas nepažeistu, jei daiktus išsiunčiate atgal prieš pasibaigiant 14 dienų laikotarpiui.
Jūs turėsite padengti tiesiogines daiktų grąžinimo išlaidas.
Jūs esate atsakingi tik už daiktų vertės sumažėjimą, kuris atsirado dėl naudojimosi jais kitaip nei tai būtina siekiant nustatyti daiktų pobūdį, savybes ir veikimą.`,
  en: (p) => `INFORMATION ON THE RIGHT OF WITHDRAWAL

Right of withdrawal
You have the right to withdraw from this contract within ${p.days} days without giving any reason.
The withdrawal period will expire after ${p.days} days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods (where an order's goods are delivered separately: of the last good).
To exercise the right of withdrawal, you must inform us (${p.seller}) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory. You can also electronically submit your withdrawal statement on our website with the button "Withdraw from the contract here": ${p.withdrawalUrl}. If you use this option, we will communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (by e-mail) without delay.
To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.

Effects of withdrawal
If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.
We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.
You shall send back the goods or hand them over to us (${p.seller}) without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal from this contract to us. The deadline is met if you send back the goods before the period of 14 days has expired.
You will have to bear the direct cost of returning the goods.
You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.`,
  ru: (p) => `ИНФОРМАЦИЯ О ПРАВЕ НА ОТКАЗ ОТ ДОГОВОРА

Право на отказ от договора
Вы вправе отказаться от настоящего договора в течение ${p.days} дней без объяснения причин.
Срок отказа истекает через ${p.days} дней со дня, когда вы или указанное вами третье лицо, не являющееся перевозчиком, получаете товары в физическое владение (если товары заказа доставляются отдельно, — со дня получения последнего товара).
Чтобы воспользоваться правом на отказ, вы должны сообщить нам (${p.seller}) о своём решении отказаться от настоящего договора однозначным заявлением (например, письмом, отправленным почтой или по электронной почте). Вы можете использовать прилагаемую типовую форму отказа, но это не обязательно. Вы также можете подать заявление об отказе в электронном виде на нашем сайте кнопкой «Отказаться от договора здесь»: ${p.withdrawalUrl}. Если вы воспользуетесь этой возможностью, мы без промедления подтвердим получение вашего отказа на долговременном носителе (по электронной почте).
Для соблюдения срока отказа достаточно отправить сообщение об осуществлении права на отказ до истечения срока отказа.

Последствия отказа
Если вы откажетесь от настоящего договора, мы вернём вам все полученные от вас платежи, включая расходы на доставку (за исключением дополнительных расходов, возникших из-за выбора вами способа доставки, отличного от самого дешёвого стандартного способа доставки, предлагаемого нами), без неоправданной задержки и в любом случае не позднее 14 дней со дня, когда нам стало известно о вашем решении отказаться от настоящего договора. Возврат производится тем же платёжным средством, которое вы использовали при первоначальной операции, если вы прямо не согласились на иное; в любом случае вы не понесёте никаких расходов в связи с таким возвратом.
Мы можем задержать возврат платежей до получения товаров обратно или до предоставления вами доказательства их отправки, в зависимости от того, что произойдёт раньше.
Вы должны отправить товары обратно или передать их нам (${p.seller}) без неоправданной задержки и в любом случае не позднее 14 дней со дня, когда вы сообщили нам об отказе от настоящего договора. Срок соблюдён, если вы отправите товары до истечения 14 дней.
Прямые расходы на возврат товаров несёте вы.
Вы несёте ответственность только за уменьшение стоимости товаров, вызванное обращением с ними сверх необходимого для установления характера, свойств и функционирования товаров.`,
};

/** Annex I(B): the model withdrawal form, addressed to the seller */
const FORM: Record<StoreCode, (p: WithdrawalTextParams) => string> = {
  lt: (p) => `PAVYZDINĖ SUTARTIES ATSISAKYMO FORMA
(užpildykite ir grąžinkite šią formą tik tuo atveju, jei norite atsisakyti sutarties)

– Kam: ${p.seller}
– Aš/Mes (*) pranešu (-ame) (*), kad atsisakau (-ome) (*) savo sutarties pirkti šiuos daiktus (*) / teikti šią paslaugą (*):
– Užsakymo data (*) / gavimo data (*):
– Vartotojo (-ų) vardas, pavardė:
– Vartotojo (-ų) adresas:
– Vartotojo (-ų) parašas (tik jei ši forma pateikiama popieriuje):
– Data:
(*) Išbraukti, kas netinka.`,
  en: (p) => `MODEL WITHDRAWAL FORM
(complete and return this form only if you wish to withdraw from the contract)

– To: ${p.seller}
– I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*) / for the provision of the following service (*):
– Ordered on (*) / received on (*):
– Name of consumer(s):
– Address of consumer(s):
– Signature of consumer(s) (only if this form is notified on paper):
– Date:
(*) Delete as appropriate.`,
  ru: (p) => `ТИПОВАЯ ФОРМА ОТКАЗА ОТ ДОГОВОРА
(заполните и верните эту форму, только если вы хотите отказаться от договора)

– Кому: ${p.seller}
– Я/Мы (*) настоящим сообщаю/сообщаем (*), что отказываюсь/отказываемся (*) от моего/нашего (*) договора купли-продажи следующих товаров (*) / оказания следующей услуги (*):
– Дата заказа (*) / дата получения (*):
– Имя и фамилия потребителя (потребителей):
– Адрес потребителя (потребителей):
– Подпись потребителя (потребителей) (только если форма подаётся на бумаге):
– Дата:
(*) Ненужное зачеркнуть.`,
};

export const withdrawalInformation = (store: StoreCode, p: WithdrawalTextParams) => INFORMATION[store](p);
export const modelWithdrawalForm = (store: StoreCode, p: WithdrawalTextParams) => FORM[store](p);

const SELLER_HEADING: Record<StoreCode, string> = { lt: 'PARDAVĖJAS', en: 'THE SELLER', ru: 'ПРОДАВЕЦ' };
const TERMS_LINE: Record<StoreCode, (v: string) => string> = {
  lt: (v) => `Taikomos pirkimo–pardavimo taisyklės: versija ${v} (pridedamos PDF faile).`,
  en: (v) => `The terms and conditions of sale that apply: version ${v} (attached as a PDF).`,
  ru: (v) => `Применяемые правила купли-продажи: версия ${v} (во вложенном файле PDF).`,
};

/** the legal part of the order confirmation: the seller, the terms' version, Annex I(A) and I(B) */
export function confirmationLegalPart(
  store: StoreCode,
  shop: ShopIdentity,
  termsVersion: string,
  p: WithdrawalTextParams,
): string {
  return [
    `${SELLER_HEADING[store]}\n${sellerLine(shop, store)}`,
    TERMS_LINE[store](termsVersion),
    withdrawalInformation(store, p),
    modelWithdrawalForm(store, p),
  ].join('\n\n');
}

export type AckParams = {
  incrementId: string;
  /** date and time of the declaration, in the shop's time zone, with the zone named */
  declaredAt: string;
  lines: string[];
  orderLink: string;
  seller: string;
};

/** the acknowledgement of a withdrawal, sent at once (art. 11a(3): durable medium, date and time) */
const ACK: Record<StoreCode, (p: AckParams) => RenderedMail> = {
  lt: (p) => ({
    subject: `Gavome jūsų sutarties atsisakymą: užsakymas ${p.incrementId}`,
    text: `Patvirtiname, kad ${p.declaredAt} gavome jūsų pranešimą apie sutarties atsisakymą.\n\nUžsakymas: ${p.incrementId}\nAtsisakytos prekės:\n${p.lines.join('\n')}\n\nPrekes grąžinkite ne vėliau kaip per 14 dienų nuo šiandien. Pinigus grąžinsime ne vėliau kaip per 14 dienų nuo šio pranešimo gavimo dienos (galime juos sulaikyti, kol gausime prekes ar įrodymą, kad jos išsiųstos).\n\nPardavėjas: ${p.seller}\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `We have received your withdrawal: order ${p.incrementId}`,
    text: `We confirm that we received your withdrawal from the contract on ${p.declaredAt}.\n\nOrder: ${p.incrementId}\nGoods withdrawn from:\n${p.lines.join('\n')}\n\nPlease send the goods back within 14 days from today. We will reimburse you no later than 14 days from the day we received this withdrawal (we may withhold the reimbursement until we receive the goods or proof that you sent them).\n\nSeller: ${p.seller}\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Мы получили ваш отказ от договора: заказ ${p.incrementId}`,
    text: `Подтверждаем, что ${p.declaredAt} мы получили ваше заявление об отказе от договора.\n\nЗаказ: ${p.incrementId}\nТовары, от которых вы отказались:\n${p.lines.join('\n')}\n\nПожалуйста, верните товары не позднее 14 дней с сегодняшнего дня. Мы вернём деньги не позднее 14 дней со дня получения этого заявления (возврат может быть задержан до получения товаров или доказательства их отправки).\n\nПродавец: ${p.seller}\n\n${p.orderLink}`,
  }),
};

export const renderWithdrawalAck = (store: StoreCode, p: AckParams): RenderedMail => ACK[store](p);

export type ReturnMailParams = {
  incrementId: string;
  returnId: number;
  lines: string[];
  orderLink: string;
  gradeLabel?: string;
};

/** the customer's e-mail at each step of a return (domain RETURN_STATES), in their language */
const RETURN_STEP: Record<string, Record<StoreCode, (p: ReturnMailParams) => RenderedMail>> = {
  requested: {
    lt: (p) => ({
      subject: `Grąžinimas Nr. ${p.returnId} užregistruotas (užsakymas ${p.incrementId})`,
      text: `Užregistravome prekių grąžinimą Nr. ${p.returnId}:\n${p.lines.join('\n')}\n\nPranešime, kai prekes gausime.\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `Return no. ${p.returnId} registered (order ${p.incrementId})`,
      text: `We have registered return no. ${p.returnId}:\n${p.lines.join('\n')}\n\nWe will let you know when the goods arrive.\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Возврат № ${p.returnId} зарегистрирован (заказ ${p.incrementId})`,
      text: `Мы зарегистрировали возврат № ${p.returnId}:\n${p.lines.join('\n')}\n\nМы сообщим, когда получим товары.\n\n${p.orderLink}`,
    }),
  },
  received: {
    lt: (p) => ({
      subject: `Gavome grąžinamas prekes (grąžinimas Nr. ${p.returnId})`,
      text: `Gavome grąžinamas prekes:\n${p.lines.join('\n')}\n\nDabar jas patikrinsime.\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `We have received your returned goods (return no. ${p.returnId})`,
      text: `We have received the returned goods:\n${p.lines.join('\n')}\n\nWe will now inspect them.\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Мы получили возвращённые товары (возврат № ${p.returnId})`,
      text: `Мы получили возвращённые товары:\n${p.lines.join('\n')}\n\nТеперь мы их проверим.\n\n${p.orderLink}`,
    }),
  },
  inspected: {
    lt: (p) => ({
      subject: `Grąžintos prekės patikrintos (grąžinimas Nr. ${p.returnId})`,
      text: `Patikrinome grąžintas prekes:\n${p.lines.join('\n')}\n\nPinigų grąžinimą atliksime ir apie jį informuosime atskiru laišku.\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `Your returned goods are inspected (return no. ${p.returnId})`,
      text: `We have inspected the returned goods:\n${p.lines.join('\n')}\n\nWe will make the refund and tell you about it in a separate e-mail.\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Возвращённые товары проверены (возврат № ${p.returnId})`,
      text: `Мы проверили возвращённые товары:\n${p.lines.join('\n')}\n\nВозврат денег мы произведём и сообщим о нём отдельным письмом.\n\n${p.orderLink}`,
    }),
  },
  restocked: {
    lt: (p) => ({
      subject: `Grąžinimas Nr. ${p.returnId} užbaigtas`,
      text: `Grąžintos prekės priimtos atgal:\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `Return no. ${p.returnId} completed`,
      text: `The returned goods have been taken back:\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Возврат № ${p.returnId} завершён`,
      text: `Возвращённые товары приняты обратно:\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
  },
  not_restocked: {
    lt: (p) => ({
      subject: `Grąžinimas Nr. ${p.returnId} užbaigtas`,
      text: `Grąžintos prekės priimtos atgal; jų būklė įvertinta kaip: ${p.gradeLabel ?? '-'}.\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `Return no. ${p.returnId} completed`,
      text: `The returned goods have been taken back; their condition was graded: ${p.gradeLabel ?? '-'}.\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Возврат № ${p.returnId} завершён`,
      text: `Возвращённые товары приняты обратно; их состояние оценено как: ${p.gradeLabel ?? '-'}.\n${p.lines.join('\n')}\n\n${p.orderLink}`,
    }),
  },
};

export function renderReturnMail(
  state: string,
  store: StoreCode,
  p: ReturnMailParams,
): RenderedMail | undefined {
  return RETURN_STEP[state]?.[store](p);
}

/** the grade a unit came back in, as the customer reads it */
export const RETURN_GRADE_LABELS: Record<string, Record<StoreCode, string>> = {
  new: { lt: 'nauja', en: 'as new', ru: 'как новый' },
  a_plus: { lt: 'A+', en: 'A+', ru: 'A+' },
  a: { lt: 'A', en: 'A', ru: 'A' },
  b: { lt: 'B', en: 'B', ru: 'B' },
  c_plus: { lt: 'C+', en: 'C+', ru: 'C+' },
  c: { lt: 'C', en: 'C', ru: 'C' },
  unsellable: { lt: 'netinkama parduoti', en: 'not fit for sale', ru: 'непригоден для продажи' },
};

export type WithdrawalLinkParams = {
  incrementId: string;
  /** the order's withdrawal page (order/lifecycle.ts withdrawalLink): a guest's with the order token */
  link: string;
  /** the order belongs to an account: the link opens once the buyer is signed in */
  account: boolean;
};

/**
 * The order's withdrawal link, asked for on the withdrawal page by the order's number and e-mail
 * (AfterSaleService.sendWithdrawalLink): sent to the order's address only, in the order's language.
 */
const WITHDRAWAL_LINK: Record<StoreCode, (p: WithdrawalLinkParams) => RenderedMail> = {
  lt: (p) => ({
    subject: `Sutarties atsisakymo nuoroda: užsakymas ${p.incrementId}`,
    text: `Sveiki,\n\nkažkas (tikriausiai jūs) mūsų svetainėje paprašė užsakymo ${p.incrementId} sutarties atsisakymo nuorodos. Norėdami atsisakyti sutarties, atidarykite šią nuorodą${p.account ? ' ir prisijunkite prie savo paskyros' : ''}:\n\n${p.link}\n\nJei to neprašėte, šį laišką galite ignoruoti: be jūsų patvirtinimo niekas nepasikeis.`,
  }),
  en: (p) => ({
    subject: `Your withdrawal link: order ${p.incrementId}`,
    text: `Hello,\n\nsomeone (probably you) asked on our website for the withdrawal link of order ${p.incrementId}. To withdraw from the contract, open this link${p.account ? ' and sign in to your account' : ''}:\n\n${p.link}\n\nIf you did not ask for it, you can ignore this e-mail: nothing changes without your confirmation.`,
  }),
  ru: (p) => ({
    subject: `Ссылка для отказа от договора: заказ ${p.incrementId}`,
    text: `Здравствуйте!\n\nкто-то (вероятно, вы) запросил на нашем сайте ссылку для отказа от договора по заказу ${p.incrementId}. Чтобы отказаться от договора, откройте эту ссылку${p.account ? ' и войдите в свою учётную запись' : ''}:\n\n${p.link}\n\nЕсли вы этого не запрашивали, просто проигнорируйте это письмо: без вашего подтверждения ничего не изменится.`,
  }),
};

export const renderWithdrawalLinkMail = (store: StoreCode, p: WithdrawalLinkParams): RenderedMail =>
  WITHDRAWAL_LINK[store](p);
