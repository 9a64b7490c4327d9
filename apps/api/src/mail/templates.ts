/**
 * The shop's e-mails in the three store view languages: subject and plain text. Rendered when the
 * e-mail is written to the outbox (mail/outbox.ts), so the outbox row is the e-mail as sent.
 */
import { STORE_VIEWS, type StoreCode } from '@vitrina/domain';

export type RenderedMail = { subject: string; text: string };

type Texts<P> = Record<StoreCode, (p: P) => RenderedMail>;

/** the e-mails' signature: the shop's name from its settings (shopNameIn) */
export const signature = (shopName: string) => `\n\n--\n${shopName}`;

const passwordReset: Texts<{ firstname: string; link: string; minutes: number }> = {
  lt: (p) => ({
    subject: 'Slaptažodžio atkūrimas',
    text: `Sveiki, ${p.firstname},\n\nnorėdami nustatyti naują slaptažodį, atidarykite šią nuorodą (ji galioja ${p.minutes} min. ir tik vieną kartą):\n\n${p.link}\n\nJei slaptažodžio atkurti neprašėte, šį laišką galite ignoruoti.`,
  }),
  en: (p) => ({
    subject: 'Reset your password',
    text: `Hello ${p.firstname},\n\nto set a new password, open this link (valid for ${p.minutes} min, once):\n\n${p.link}\n\nIf you did not ask to reset your password, you can ignore this e-mail.`,
  }),
  ru: (p) => ({
    subject: 'Восстановление пароля',
    text: `Здравствуйте, ${p.firstname}!\n\nЧтобы задать новый пароль, откройте эту ссылку (она действительна ${p.minutes} мин. и только один раз):\n\n${p.link}\n\nЕсли вы не запрашивали восстановление пароля, просто проигнорируйте это письмо.`,
  }),
};

/** to the OLD address after an e-mail change: the owner learns of a takeover */
const emailChanged: Texts<{ firstname: string; newEmail: string }> = {
  lt: (p) => ({
    subject: 'Jūsų el. pašto adresas pakeistas',
    text: `Sveiki, ${p.firstname},\n\njūsų paskyros el. pašto adresas pakeistas į ${p.newEmail}. Nuo šiol laiškai siunčiami tuo adresu.\n\nJei to nedarėte, nedelsdami susisiekite su mumis atsakydami į šį laišką.`,
  }),
  en: (p) => ({
    subject: 'Your e-mail address was changed',
    text: `Hello ${p.firstname},\n\nthe e-mail address of your account was changed to ${p.newEmail}. From now on we write to that address.\n\nIf you did not do this, contact us at once by replying to this e-mail.`,
  }),
  ru: (p) => ({
    subject: 'Ваш адрес электронной почты изменён',
    text: `Здравствуйте, ${p.firstname}!\n\nадрес электронной почты вашей учётной записи изменён на ${p.newEmail}. Теперь мы пишем на этот адрес.\n\nЕсли вы этого не делали, немедленно свяжитесь с нами, ответив на это письмо.`,
  }),
};

const newsletterConfirmation: Texts<{ link: string; percent: number }> = {
  lt: (p) => ({
    subject: 'Patvirtinkite naujienlaiškio prenumeratą',
    text: `Ačiū, kad užsiprenumeravote mūsų naujienlaiškį!\n\nPatvirtinkite prenumeratą atidarę šią nuorodą ir gausite ${p.percent} % nuolaidos kodą:\n\n${p.link}`,
  }),
  en: (p) => ({
    subject: 'Confirm your newsletter subscription',
    text: `Thank you for subscribing to our newsletter!\n\nConfirm your subscription by opening this link and get a ${p.percent}% discount code:\n\n${p.link}`,
  }),
  ru: (p) => ({
    subject: 'Подтвердите подписку на рассылку',
    text: `Спасибо за подписку на нашу рассылку!\n\nПодтвердите подписку, открыв эту ссылку, и получите код скидки ${p.percent}%:\n\n${p.link}`,
  }),
};

const newsletterCoupon: Texts<{ code: string; percent: number }> = {
  lt: (p) => ({
    subject: `Jūsų ${p.percent} % nuolaidos kodas`,
    text: `Prenumerata patvirtinta. Jūsų asmeninis vienkartinis ${p.percent} % nuolaidos kodas:\n\n${p.code}\n\nĮveskite jį krepšelyje.`,
  }),
  en: (p) => ({
    subject: `Your ${p.percent}% discount code`,
    text: `Your subscription is confirmed. Your personal single-use ${p.percent}% discount code:\n\n${p.code}\n\nEnter it in the cart.`,
  }),
  ru: (p) => ({
    subject: `Ваш код скидки ${p.percent}%`,
    text: `Подписка подтверждена. Ваш персональный одноразовый код скидки ${p.percent}%:\n\n${p.code}\n\nВведите его в корзине.`,
  }),
};

const contactMessage: Texts<{ name: string; email: string; phone: string; subject: string; message: string; storeCode: string }> = {
  lt: (p) => ({
    subject: `Kontaktų forma: ${p.subject || p.name}`,
    text: `Vardas: ${p.name}\nEl. paštas: ${p.email}\nTelefonas: ${p.phone || '-'}\nParduotuvė: ${p.storeCode}\n\n${p.message}`,
  }),
  en: (p) => ({
    subject: `Contact form: ${p.subject || p.name}`,
    text: `Name: ${p.name}\nE-mail: ${p.email}\nPhone: ${p.phone || '-'}\nStore view: ${p.storeCode}\n\n${p.message}`,
  }),
  ru: (p) => ({
    subject: `Форма обратной связи: ${p.subject || p.name}`,
    text: `Имя: ${p.name}\nЭл. почта: ${p.email}\nТелефон: ${p.phone || '-'}\nМагазин: ${p.storeCode}\n\n${p.message}`,
  }),
};

const orderConfirmation: Texts<{ incrementId: string }> = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} gautas`,
    text: `Ačiū! Gavome jūsų užsakymą ${p.incrementId}. Apie jo būseną informuosime el. paštu.`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} received`,
    text: `Thank you! We have received your order ${p.incrementId}. We will e-mail you about its progress.`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} получен`,
    text: `Спасибо! Мы получили ваш заказ ${p.incrementId}. О его статусе мы сообщим по электронной почте.`,
  }),
};

const backInStock: Texts<{ name: string; link: string }> = {
  lt: (p) => ({
    subject: `Prekė vėl sandėlyje: ${p.name}`,
    text: `Sveiki,\n\nprekė, apie kurią prašėte pranešti, vėl yra sandėlyje:\n\n${p.name}\n${p.link}\n\nKiekis ribotas.`,
  }),
  en: (p) => ({
    subject: `Back in stock: ${p.name}`,
    text: `Hello,\n\nthe product you asked us to tell you about is back in stock:\n\n${p.name}\n${p.link}\n\nQuantities are limited.`,
  }),
  ru: (p) => ({
    subject: `Снова в наличии: ${p.name}`,
    text: `Здравствуйте!\n\nтовар, о поступлении которого вы просили сообщить, снова в наличии:\n\n${p.name}\n${p.link}\n\nКоличество ограничено.`,
  }),
};

/** the confirmation while the shop's settings turn the newsletter coupon off: no coupon is promised */
const newsletterConfirmationNoCoupon: Texts<{ link: string }> = {
  lt: (p) => ({
    subject: 'Patvirtinkite naujienlaiškio prenumeratą',
    text: `Ačiū, kad užsiprenumeravote mūsų naujienlaiškį!\n\nPatvirtinkite prenumeratą atidarę šią nuorodą:\n\n${p.link}`,
  }),
  en: (p) => ({
    subject: 'Confirm your newsletter subscription',
    text: `Thank you for subscribing to our newsletter!\n\nConfirm your subscription by opening this link:\n\n${p.link}`,
  }),
  ru: (p) => ({
    subject: 'Подтвердите подписку на рассылку',
    text: `Спасибо за подписку на нашу рассылку!\n\nПодтвердите подписку, открыв эту ссылку:\n\n${p.link}`,
  }),
};

/** the back office: a colleague invited by an admin sets their password (staff/accounts.ts) */
const staffInvite: Texts<{ link: string; hours: number; shopName: string }> = {
  lt: (p) => ({
    subject: `Kvietimas į ${p.shopName} administravimo sistemą`,
    text: `Sveiki,\n\njus pakvietė dirbti ${p.shopName} administravimo sistemoje. Norėdami nustatyti slaptažodį, atidarykite šią nuorodą (ji galioja ${p.hours} val. ir tik vieną kartą):\n\n${p.link}\n\nJei kvietimo nesitikėjote, šį laišką galite ignoruoti.`,
  }),
  en: (p) => ({
    subject: `Your invitation to the ${p.shopName} back office`,
    text: `Hello,\n\nyou have been invited to the ${p.shopName} back office. To set your password, open this link (valid for ${p.hours} h, once):\n\n${p.link}\n\nIf you did not expect this, you can ignore this e-mail.`,
  }),
  ru: (p) => ({
    subject: `Приглашение в систему управления ${p.shopName}`,
    text: `Здравствуйте!\n\nвас пригласили в систему управления ${p.shopName}. Чтобы задать пароль, откройте эту ссылку (она действительна ${p.hours} ч. и только один раз):\n\n${p.link}\n\nЕсли вы не ждали приглашения, просто проигнорируйте это письмо.`,
  }),
};

/** the back office: an admin sent a colleague a link to set a new password */
const staffPasswordReset: Texts<{ link: string; hours: number; shopName: string }> = {
  lt: (p) => ({
    subject: `${p.shopName} administravimo sistema: naujas slaptažodis`,
    text: `Sveiki,\n\nadministratorius paprašė jus nustatyti naują slaptažodį. Atidarykite šią nuorodą (ji galioja ${p.hours} val. ir tik vieną kartą):\n\n${p.link}\n\nSenas slaptažodis tebegalioja, kol nustatysite naują.`,
  }),
  en: (p) => ({
    subject: `${p.shopName} back office: set a new password`,
    text: `Hello,\n\nan administrator asked you to set a new password. Open this link (valid for ${p.hours} h, once):\n\n${p.link}\n\nYour old password works until you set a new one.`,
  }),
  ru: (p) => ({
    subject: `Система управления ${p.shopName}: новый пароль`,
    text: `Здравствуйте!\n\nадминистратор попросил вас задать новый пароль. Откройте эту ссылку (она действительна ${p.hours} ч. и только один раз):\n\n${p.link}\n\nСтарый пароль действует, пока вы не зададите новый.`,
  }),
};

const TEMPLATES = { passwordReset, emailChanged, newsletterConfirmation, newsletterConfirmationNoCoupon, newsletterCoupon, contactMessage, orderConfirmation, backInStock, staffInvite, staffPasswordReset };
export type TemplateName = keyof typeof TEMPLATES;
type ParamsOf<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]['en']>[0];

/** an e-mail in the store view's language, signed with the shop's name in it (its settings' shopName) */
export function renderMail<N extends TemplateName>(name: N, store: StoreCode, params: ParamsOf<N>, shopName: string): RenderedMail {
  const render = TEMPLATES[name][store] as (p: ParamsOf<N>) => RenderedMail;
  const mail = render(params);
  return { subject: mail.subject, text: mail.text + signature(shopName) };
}

const UNSUBSCRIBE_LINE: Record<StoreCode, string> = {
  lt: 'Nebenorite gauti mūsų naujienlaiškio? Atsisakykite jo čia:',
  en: 'No longer want our newsletter? Unsubscribe here:',
  ru: 'Больше не хотите получать рассылку? Отпишитесь здесь:',
};

/** a newsletter e-mail with its unsubscribe link under the text (newsletter/unsubscribe.ts) */
export function withUnsubscribeLink(mail: RenderedMail, store: StoreCode, url: string): RenderedMail {
  return { subject: mail.subject, text: `${mail.text}

${UNSUBSCRIBE_LINE[store]}
${url}` };
}

/** an absolute storefront link in the store view (`/en/...`, `/ru/...`, lt without prefix) */
export function storefrontLink(publicUrl: string, store: StoreCode, pathAndQuery: string): string {
  return `${publicUrl}${STORE_VIEWS[store].urlPrefix}${pathAndQuery}`;
}
