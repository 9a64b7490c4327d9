// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm, LoginForm, RegisterForm } from '../app/components/account/forms';
import { user } from '../app/state/user';
import { fakeUserServer } from './support/fake-user';

function setup(ui: React.ReactElement) {
  const server = fakeUserServer();
  // the forms call the browser's API (through the page's fetch): the login and its cart merge, the reset request
  vi.stubGlobal('fetch', server.fetch);
  // the session's requests take the store view from the window's address, as in a browser: the same
  // page as the router's (an answer's English text reaches an lt page in Lithuanian)
  window.history.replaceState(null, '', '/en/my-account');
  render(<MemoryRouter initialEntries={['/en/my-account']}>{ui}</MemoryRouter>);
  return { server };
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await user.logout({ silent: true, remote: false });
  user.dispose();
});

describe('login form', () => {
  it('has labelled fields and reports missing values on the fields, focusing the first', async () => {
    setup(<LoginForm />);
    const email = screen.getByLabelText('E-mail address');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveProperty('type', 'email');
    expect(password).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe('Field is required');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('checks the e-mail format with the domain rule', () => {
    setup(<LoginForm />);
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'not-an-email' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please provide valid e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server message for wrong credentials, and logs in with the right ones', async () => {
    let done = 0;
    const { server } = setup(<LoginForm onDone={() => done++} />);
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong e-mail or password');
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(done).toBe(1));
    expect(user.store.get().current?.firstname).toBe('Ona');
    expect(server.calls.some((c) => c.path === '/user/login')).toBe(true);
  });
});

describe('registration form', () => {
  it('validates names, password length and the repeated password', () => {
    setup(<RegisterForm />);
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'O' } });
    fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Jonaitė' } });
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.input(screen.getByLabelText('Repeat the password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id);
    expect(invalid).toEqual(['register-firstname', 'register-password', 'register-repeat']);
  });
});

describe('reset password form', () => {
  it('does not work while offline', () => {
    setup(<ForgotPasswordForm />);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
      expect(screen.getByRole('alert').textContent).toBe(
        'Reset password feature does not work while offline!',
      );
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });
});
