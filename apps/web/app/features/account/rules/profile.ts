import type { CustomerProfile } from '../../../lib/types';

export interface ProfileValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
  /** asked only when the e-mail changes: an access token alone must not move the account */
  currentPassword: string;
}

export const EMPTY_PROFILE: ProfileValues = { firstname: '', lastname: '', email: '', currentPassword: '' };

/** The profile form's values for a customer. */
export const profileValues = (c: CustomerProfile): ProfileValues => ({
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  currentPassword: '',
});

/** the API keeps e-mails lower-case: "A@B.lt" for "a@b.lt" is no change */
export const emailChanged = (typed: string, current: CustomerProfile | null | undefined) =>
  !!current && typed.trim().toLowerCase() !== current.email.toLowerCase();

/** What the profile form sends (POST /user/me): the trimmed names and e-mail, keeping the addresses. */
export const profileUpdate = (v: ProfileValues, current: CustomerProfile | null | undefined) => ({
  firstname: v.firstname.trim(),
  lastname: v.lastname.trim(),
  email: v.email.trim(),
  ...(current?.addresses?.length ? { addresses: current.addresses } : {}),
});

export interface PasswordValues extends Record<string, string> {
  current: string;
  password: string;
  repeat: string;
}
