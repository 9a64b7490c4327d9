/**
 * The sandbox provider page (`GET /vsbridge/payment/sandbox/{slug}?{token}`): what the tester sees
 * instead of the bank or the financing company when no credentials are configured. It states
 * plainly that no money moves, shows the verified request (purpose, amount, bank) and offers three
 * outcomes; the chosen one is posted back to the sandbox, which signs the provider's notification,
 * posts it to the shop's notification endpoint and redirects the browser to the return URL, exactly
 * as the provider does.
 */
import { formatPrice, type StoreCode } from '@vitrina/domain';
import type { SandboxRequest } from './provider.ts';

const TEXTS = {
  en: {
    title: 'Sandbox payment — no money moves',
    note: 'This is a test page standing in for the payment provider. Nothing is charged.',
    purpose: 'Purpose',
    amount: 'Amount',
    bank: 'Bank',
    pay: 'Pay',
    cancel: 'Cancel payment',
    fail: 'Simulate a failure',
  },
  lt: {
    title: 'Bandomasis mokėjimas — pinigai nepervedami',
    note: 'Tai bandomasis puslapis vietoj mokėjimo paslaugų teikėjo. Jokie pinigai nenuskaitomi.',
    purpose: 'Paskirtis',
    amount: 'Suma',
    bank: 'Bankas',
    pay: 'Mokėti',
    cancel: 'Atšaukti mokėjimą',
    fail: 'Imituoti klaidą',
  },
  ru: {
    title: 'Тестовый платёж — деньги не списываются',
    note: 'Это тестовая страница вместо платёжного сервиса. Деньги не списываются.',
    purpose: 'Назначение',
    amount: 'Сумма',
    bank: 'Банк',
    pay: 'Оплатить',
    cancel: 'Отменить платёж',
    fail: 'Имитировать ошибку',
  },
} satisfies Record<StoreCode, Record<string, string>>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sandboxLanguage(locale: string): StoreCode {
  const l = locale.toLowerCase();
  return l === 'en' || l === 'ru' ? l : 'lt';
}

export function sandboxPage(slug: string, providerName: string, token: string, r: SandboxRequest): string {
  const lang = sandboxLanguage(r.locale);
  const t = TEXTS[lang];
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`;
  const button = (outcome: string, label: string, cls: string) =>
    `<button type="submit" name="outcome" value="${outcome}" class="${cls}">${escape(label)}</button>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(`${t.title} · ${providerName}`)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:32rem;margin:2rem auto;background:#fff;border:4px dashed #b45309;border-radius:8px;padding:1.5rem}
.badge{display:inline-block;background:#b45309;color:#fff;font-weight:700;padding:.1rem .5rem;border-radius:4px;letter-spacing:.05em}
table{width:100%;border-collapse:collapse;margin:1rem 0}th,td{text-align:left;padding:.35rem;border-bottom:1px solid #e4e4e7}
form{display:flex;flex-wrap:wrap;gap:.5rem}button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #52525b;background:#fff;cursor:pointer}
button.pay{background:#15803d;border-color:#15803d;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
</style>
</head>
<body>
<main>
<p><span class="badge">SANDBOX</span> ${escape(providerName)}</p>
<h1>${escape(t.title)}</h1>
<p>${escape(t.note)}</p>
<table>
${row(t.purpose, r.purpose)}
${row(t.amount, Number.isFinite(r.amountCents) ? formatPrice(r.amountCents, lang) : '?')}
${r.bank ? row(t.bank, r.bank) : ''}
</table>
<form method="post" action="/vsbridge/payment/sandbox/${escape(slug)}">
<input type="hidden" name="request" value="${escape(token)}">
${button('paid', t.pay, 'pay')}
${button('cancelled', t.cancel, 'cancel')}
${button('failed', t.fail, 'fail')}
</form>
</main>
</body>
</html>`;
}
