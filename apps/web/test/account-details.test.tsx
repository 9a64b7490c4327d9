// @vitest-environment jsdom
/**
 * The profile form asks for the current password when the e-mail changes (the
 * API refuses a new e-mail without it), and sends it only then.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MyAccountDetails from '../app/routes/my-account-details';
import type { CustomerProfile } from '../app/lib/types';
import { user } from '../app/state/user';

const profile = { id: 7, email: 'ona@example.com', firstname: 'Ona', lastname: 'Onaitė', addresses: [] } as unknown as CustomerProfile;

let requests: { url: string; body: { customer: { email: string }; currentPassword?: string } }[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url, body });
    const result = { ...profile, email: body?.customer?.email ?? profile.email };
    return new Response(JSON.stringify({ code: 200, result, meta: { message: 'Account data has successfully been updated' } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  user.store.set((s) => ({ ...s, loaded: true, token: 'access-token', current: profile }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  user.store.set((s) => ({ ...s, token: null, current: null }));
});

function showPage() {
  return render(
    <MemoryRouter initialEntries={['/en/my-account/details']}>
      <Routes>
        <Route path="*" element={<MyAccountDetails />} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const submitProfile = () => act(async () => fireEvent.submit(field('profile-email')!.form!));

describe('profile form: changing the e-mail', () => {
  it('keeps the form as it was while the e-mail stays (any case), and sends no password', async () => {
    showPage();
    expect(field('profile-current-password')).toBeNull();
    fireEvent.input(field('profile-email')!, { target: { value: 'ONA@example.com' } });
    expect(field('profile-current-password')).toBeNull();
    await submitProfile();
    const update = requests.find((r) => r.url.includes('/user/me'));
    expect(update?.body).not.toHaveProperty('currentPassword');
  });

  it('asks for the current password when the e-mail changes, requires it, and sends it', async () => {
    showPage();
    fireEvent.input(field('profile-email')!, { target: { value: 'ona.new@example.com' } });
    const password = screen.getByLabelText('Current password (needed to change the e-mail address)');
    expect(password.id).toBe('profile-current-password');
    expect(password).toHaveProperty('type', 'password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');

    await submitProfile();
    expect(requests.filter((r) => r.url.includes('/user/me'))).toHaveLength(0);
    expect(password.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(password, { target: { value: 'my password 1' } });
    await submitProfile();
    const update = requests.find((r) => r.url.includes('/user/me'));
    expect(update?.body).toMatchObject({ customer: { email: 'ona.new@example.com' }, currentPassword: 'my password 1' });
  });
});
