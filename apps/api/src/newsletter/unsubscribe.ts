/**
 * One-click unsubscribe from the newsletter without an account (RFC 8058): every newsletter e-mail
 * names a link `/vsbridge/mailer/unsubscribe?storeCode&email&sig` in its text and in its
 * `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 * GET shows a page asking to confirm (a mail scanner following links unsubscribes nobody); POST (the
 * page's button, or the mail client's one-click request) unsubscribes.
 *
 * `sig` is an HMAC of the address with a key derived from the shop's AUTH_SECRET (auth/secret.ts): a
 * link works only for the address it was made for, and nobody can make one for another address. A
 * link with a wrong signature answers the same error for every address, and a right one the same whether
 * the address was subscribed or not: the pages tell nothing about who is on the list.
 */
import { timingSafeEqual } from 'node:crypto';
import type { StoreCode } from '@vitrina/domain';

export const UNSUBSCRIBE_PATH = '/vsbridge/mailer/unsubscribe';
/** the body a mail client posts for a one-click unsubscribe (RFC 8058 §3.1) */
export const ONE_CLICK = 'List-Unsubscribe=One-Click';

export function unsubscribeUrl(publicUrl: string, store: StoreCode, email: string, sig: string): string {
  const q = new URLSearchParams({ storeCode: store, email, sig });
  return `${publicUrl}${UNSUBSCRIBE_PATH}?${q.toString()}`;
}

/** the headers of an e-mail with an unsubscribe link (RFC 2369 List-Unsubscribe, RFC 8058) */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': ONE_CLICK };
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const TEXTS: Record<
  StoreCode,
  { title: string; ask: string; button: string; done: string; doneNote: string; home: string }
> = {
  lt: {
    title: 'Naujienlaiškio prenumerata',
    ask: 'Ar tikrai norite atsisakyti naujienlaiškio adresu {email}?',
    button: 'Atsisakyti prenumeratos',
    done: 'Naujienlaiškio atsisakėte',
    doneNote: 'Adresu {email} naujienlaiškio nebesiųsime.',
    home: 'Į parduotuvę',
  },
  en: {
    title: 'Newsletter subscription',
    ask: 'Do you want to unsubscribe {email} from the newsletter?',
    button: 'Unsubscribe',
    done: 'You have unsubscribed',
    doneNote: 'We will not send the newsletter to {email} any more.',
    home: 'Go to the shop',
  },
  ru: {
    title: 'Подписка на рассылку',
    ask: 'Вы действительно хотите отписать {email} от рассылки?',
    button: 'Отписаться',
    done: 'Вы отписались от рассылки',
    doneNote: 'Мы больше не будем отправлять рассылку на {email}.',
    home: 'В магазин',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** the pages' Content-Security-Policy: no script, inline style only, the form posts to the shop */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export type UnsubscribePage =
  { kind: 'confirm'; email: string; action: string } | { kind: 'done'; email: string };

export function unsubscribePage(store: StoreCode, home: string, page: UnsubscribePage): string {
  const t = TEXTS[store];
  const email = `<strong>${escape(page.email)}</strong>`;
  const fill = (s: string) => escape(s).replace('{email}', email);
  const body =
    page.kind === 'confirm'
      ? `<h1>${escape(t.title)}</h1>
<p>${fill(t.ask)}</p>
<form method="post" action="${escape(page.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escape(t.button)}</button>
</form>`
      : `<h1>${escape(t.done)}</h1>
<p>${fill(t.doneNote)}</p>`;
  return `<!doctype html>
<html lang="${store}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(t.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{box-sizing:border-box;max-width:32rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;overflow-wrap:anywhere}
@media (max-width:34rem){main{margin:0;border-radius:0;min-height:100vh}}
h1{font-size:1.4rem;margin:0 0 1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #b91c1c;background:#b91c1c;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
${body}
<p><a href="${escape(home)}">${escape(t.home)}</a></p>
</main>
</body>
</html>`;
}
