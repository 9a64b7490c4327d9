// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '../app/components/ContactForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetch() {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ code: 200, result: true }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

describe('warranty service request (the contact form of the warranty page)', () => {
  it.each([
    [
      '/garantinis-aptarnavimas',
      'Garantinio aptarnavimo užklausa',
      'Garantinis aptarnavimas',
      'Siųsti žinutę',
    ],
    ['/en/warranty-service', 'Warranty service request', 'Warranty service', 'Send the message'],
    [
      '/ru/warranty-service',
      'Заявка на гарантийное обслуживание',
      'Гарантийное обслуживание',
      'Отправить сообщение',
    ],
  ])('%s: titled, subject preset, sent through the contact endpoint', async (path, title, subject, send) => {
    const requests = stubFetch();
    render(
      <MemoryRouter initialEntries={[path]}>
        <ContactForm kind="warranty" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const inputs = [...document.querySelectorAll('input, textarea')] as HTMLInputElement[];
    expect(inputs.find((i) => i.id === 'contact-subject')?.value).toBe(subject);
    fireEvent.input(document.getElementById('contact-name')!, { target: { value: 'Ona Onaitė' } });
    fireEvent.input(document.getElementById('contact-email')!, { target: { value: 'ona@example.com' } });
    fireEvent.input(document.getElementById('contact-message')!, {
      target: { value: 'Order 100000001: the screen flickers.' },
    });
    fireEvent.click(screen.getByRole('button', { name: send }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toMatch(/^\/vsbridge\/contact\/create\?storeCode=(lt|en|ru)$/);
    expect(requests[0]?.body).toEqual({
      name: 'Ona Onaitė',
      email: 'ona@example.com',
      subject,
      message: 'Order 100000001: the screen flickers.',
    });
  });
});
