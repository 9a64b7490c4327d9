// Banners and the home slider: when one is shown, and what a link may be (accounts-checkout-routes.md
// §3 "Shop data"). The date window is written and read in the shop's time zone (Europe/Vilnius).
import { STORE_TIME_ZONE } from '../base/index.ts';
import { formatDateTime } from '../base/index.ts';
import type { StoreCode } from '../base/index.ts';

export interface BannerWindow {
  /** switched off in the back office: never shown, whatever its dates */
  active: boolean;
  /** shown from this instant on (ISO); null: from always */
  starts_at: string | Date | null;
  /** shown until this instant (ISO), exclusive; null: for ever */
  ends_at: string | Date | null;
  /** the store views that show it; null or empty: every store view */
  store_codes: readonly string[] | null;
}

/**
 * Whether a banner is shown in a store view at `now` (the server's clock): active, the store view
 * among its own (or it names none), and `now` inside [starts_at, ends_at).
 */
export function bannerShown(banner: BannerWindow, store: StoreCode, now: Date): boolean {
  if (!banner.active) return false;
  if (banner.store_codes && banner.store_codes.length > 0 && !banner.store_codes.includes(store))
    return false;
  const t = now.getTime();
  if (banner.starts_at !== null && t < new Date(banner.starts_at).getTime()) return false;
  if (banner.ends_at !== null && t >= new Date(banner.ends_at).getTime()) return false;
  return true;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time in the shop's time zone names ("2026-12-01T09:00", what a
 * datetime-local field sends), as ISO; null for '' and for text that is not such a time. In the
 * autumn's repeated hour the earlier instant is taken; a time the spring skips is moved past the gap.
 */
export function shopLocalToIso(local: string, timeZone: string = STORE_TIME_ZONE): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const asUtc = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  const wall = (instant: number) =>
    Date.parse(`${formatDateTime(new Date(instant), timeZone).replace(' ', 'T')}:00Z`);
  // the zone's offset at the guess, then at the corrected instant (they differ only around a change)
  let instant = asUtc - (wall(asUtc) - asUtc);
  instant = asUtc - (wall(instant) - instant);
  return new Date(instant).toISOString();
}

/** An instant as the datetime-local field shows it in the shop's time zone ("2026-12-01T09:00"); '' for null. */
export function isoToShopLocal(value: string | Date | null, timeZone: string = STORE_TIME_ZONE): string {
  return value === null ? '' : formatDateTime(value, timeZone).replace(' ', 'T');
}

/**
 * What a banner's link may be: a path of the shop ("/c/laptops", not "//host") or an https address.
 * Answers the message key of the problem, or null when the link is fine ('' is no link).
 */
export function bannerLinkIssue(link: string): string | null {
  const s = link.trim();
  if (s === '') return null;
  if (/\s/.test(s)) return 'validation.bannerLink';
  if (s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\')) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'https:' && url.hostname !== '' ? null : 'validation.bannerLink';
  } catch {
    return 'validation.bannerLink';
  }
}
