// @vitest-environment jsdom
/**
 * The withdrawal page's form for a buyer without the confirmation e-mail (WithdrawalLinkForm): the
 * fields are labelled in the shopper's language, checked before sending (the first invalid one gets
 * the focus), the request is `POST /vsbridge/withdrawal/link` with the trimmed number and e-mail, and
 * the server's answer (the same whether or not an order matched) is announced in place of the form.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithdrawalLinkForm } from '../app/components/WithdrawalLinkForm';
import { afterSaleT } from '../app/i18n/after-sale';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER = 'the server says the same either way';

function stubFetch() {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ code: 200, result: ANSWER }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

describe('the withdrawal link form', () => {
  it.each([
    ['lt', '/withdrawal'],
    ['en', '/en/withdrawal'],
    ['ru', '/ru/withdrawal'],
  ] as const)('%s: labelled fields, checked, sent trimmed, answered in place', async (store, path) => {
    const t = afterSaleT(store);
    const requests = stubFetch();
    render(
      <MemoryRouter initialEntries={[path]}>
        <WithdrawalLinkForm />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: t('withdrawalLink.title') })).toBeTruthy();
    const form = screen.getByRole('form', { name: t('withdrawalLink.title') });
    const number = screen.getByLabelText(t('withdrawalLink.number')) as HTMLInputElement;
    const email = screen.getByLabelText(t('withdrawalLink.email')) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.autocomplete).toBe('email');

    // nothing typed: both fields say what is wrong, the first gets the focus, nothing is sent
    fireEvent.submit(form);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(requests).toHaveLength(0);

    fireEvent.change(number, { target: { value: ' 100000042 ' } });
    fireEvent.change(email, { target: { value: ' ona@example.com ' } });
    // Enter in a field submits the form (a native submit button): the keyboard's way
    fireEvent.submit(form);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe(`/vsbridge/withdrawal/link?storeCode=${store}`);
    expect(requests[0]?.body).toEqual({ number: '100000042', email: 'ona@example.com' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(ANSWER);
  });

  it('the submit button is a real, named submit button', () => {
    stubFetch();
    render(
      <MemoryRouter initialEntries={['/en/withdrawal']}>
        <WithdrawalLinkForm />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: afterSaleT('en')('withdrawalLink.send') });
    expect((button as HTMLButtonElement).type).toBe('submit');
  });
});
