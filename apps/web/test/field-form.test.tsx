// @vitest-environment jsdom
import { validateRequired } from '@vitrina/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { emailField, emailRules } from '../app/components/account/forms';
import { useForm } from '../app/components/account/use-form';
import { FieldForm } from '../app/components/FieldForm';
import { useAccountT } from '../app/i18n/account';

afterEach(() => cleanup());

interface Values extends Record<string, string> {
  email: string;
  note: string;
}

/** A request the test answers by hand, so the busy state can be seen before it ends. */
function pending() {
  let answer: (ok: boolean) => void = () => {};
  const calls: Values[] = [];
  const submit = (v: Values) => {
    calls.push(v);
    return new Promise<void>((resolve, reject) => {
      answer = (ok) => (ok ? resolve() : reject(new Error('refused')));
    });
  };
  return { calls, submit, answer: (ok: boolean) => answer(ok) };
}

function Demo(props: {
  submit: (v: Values) => Promise<void>;
  done?: boolean;
  announceBusy?: boolean;
  disabled?: boolean;
}) {
  const t = useAccountT();
  const f = useForm<Values>({
    t,
    initial: { email: '', note: '' },
    rules: { email: emailRules, note: [validateRequired] },
    submit: props.submit,
  });
  return (
    <FieldForm
      form={f}
      idPrefix="demo"
      intro={<p>intro</p>}
      fields={[
        emailField(t('auth.email')),
        { name: 'note', id: 'demo-text', label: 'Note', required: true, rows: 3 },
      ]}
      submitLabel="Send"
      announceBusy={props.announceBusy}
      disabled={props.disabled}
      done={props.done ? <p role="status">sent</p> : undefined}
      footer={<p>footer</p>}
    >
      <p>extra control</p>
    </FieldForm>
  );
}

const show = (path: string, el: React.ReactElement) =>
  render(<MemoryRouter initialEntries={[path]}>{el}</MemoryRouter>);

describe('FieldForm', () => {
  it('renders labelled fields (ids from the prefix, or given; rows make a textarea) in order', () => {
    const { container } = show('/en/', <Demo submit={pending().submit} />);
    const email = screen.getByLabelText('E-mail address');
    expect(email.id).toBe('demo-email');
    expect(email.getAttribute('name')).toBe('demo-email');
    expect(email).toHaveProperty('type', 'email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email).toHaveProperty('required', true);
    const note = screen.getByLabelText('Note');
    expect(note.tagName).toBe('TEXTAREA');
    expect(note.id).toBe('demo-text');
    expect(note.getAttribute('rows')).toBe('3');
    const text = [...container.querySelector('form')!.children].map((e) => e.textContent);
    expect(text).toEqual(['intro', 'extra control', 'E-mail address', 'Note', 'Send', 'footer']);
  });

  it.each([
    ['/', 'Laukas privalomas'],
    ['/en/', 'Field is required'],
    ['/ru/', 'Обязательное поле'],
  ])(
    '%s: marks invalid fields with the domain message, focuses the first, sends nothing',
    async (path, msg) => {
      const req = pending();
      show(path, <Demo submit={req.submit} />);
      fireEvent.click(screen.getByRole('button'));
      const email = document.getElementById('demo-email')!;
      const note = document.getElementById('demo-text')!;
      for (const field of [email, note]) {
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(msg);
      }
      await waitFor(() => expect(document.activeElement).toBe(email));
      expect(req.calls).toHaveLength(0);
    },
  );

  it('is busy while the request runs, then shows the failure in the alert line', async () => {
    const req = pending();
    const { container } = show('/en/', <Demo submit={req.submit} announceBusy />);
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const button = await screen.findByRole('button', { name: 'Please wait…' });
    expect(button).toHaveProperty('disabled', true);
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(req.calls).toEqual([{ email: 'ona@example.com', note: 'hello' }]);
    await act(async () => req.answer(false));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Try again in a few seconds.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
    expect(container.querySelector('form')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('sets aria-busy only when asked to', async () => {
    const req = pending();
    const { container } = show('/en/', <Demo submit={req.submit} />);
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Please wait…' });
    expect(container.querySelector('form')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('shows `done` instead of the form after success; without it the form stays', async () => {
    for (const done of [true, false]) {
      const req = pending();
      show('/en/', <Demo submit={req.submit} done={done} />);
      fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
      fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'hello' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await act(async () => req.answer(true));
      expect(screen.queryByRole('status')?.textContent ?? null).toBe(done ? 'sent' : null);
      expect(document.querySelector('form') === null).toBe(done);
      cleanup();
    }
  });

  it('keeps the button disabled when the caller says so', () => {
    show('/en/', <Demo submit={pending().submit} disabled />);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
