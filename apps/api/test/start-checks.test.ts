/**
 * A production shop refuses to start with the test-only outbox, the payment sandbox asked for once,
 * or /metrics without a token behind a proxy; it warns of a missing AUTH_SECRET, SMTP_URL, and an
 * https PUBLIC_URL without TRUST_PROXY. Before, all of them started silently.
 */
import { describe, expect, it } from 'vitest';
import { assertProductionStart, productionStartChecks } from '../src/ops/start-checks.ts';

const READY = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a'.repeat(48),
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://shop.example',
  TRUST_PROXY: '1',
  METRICS_TOKEN: 'm'.repeat(40),
};

describe('production start checks', () => {
  it('a well configured shop starts without a word', () => {
    expect(productionStartChecks(READY)).toEqual({ errors: [], warnings: [] });
  });

  it.each([
    [{ EXPOSE_OUTBOX: 'true' }, /EXPOSE_OUTBOX/],
    [{ PAYMENT_SANDBOX: 'true' }, /PAYMENT_SANDBOX_IN_PRODUCTION/],
    [{ METRICS_TOKEN: '' }, /METRICS_TOKEN is unset behind a proxy/],
  ])('refuses %j', (over, message) => {
    expect(() => assertProductionStart({ ...READY, ...over })).toThrow(message);
  });

  it('takes the outbox (browser journeys) and the sandbox when asked twice, and /metrics without a token when no proxy is in front', () => {
    expect(
      productionStartChecks({ ...READY, EXPOSE_OUTBOX: 'true', EXPOSE_OUTBOX_IN_PRODUCTION: 'true' }).errors,
    ).toEqual([]);
    expect(
      productionStartChecks({ ...READY, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' })
        .errors,
    ).toEqual([]);
    expect(
      productionStartChecks({ ...READY, METRICS_TOKEN: '', TRUST_PROXY: '', PUBLIC_URL: 'http://shop.lan' })
        .errors,
    ).toEqual([]);
  });

  it('warns of a missing AUTH_SECRET and SMTP_URL, and of https without TRUST_PROXY', () => {
    const { errors, warnings } = productionStartChecks({
      ...READY,
      AUTH_SECRET: '',
      SMTP_URL: '',
      TRUST_PROXY: 'false',
    });
    expect(errors).toEqual([]);
    expect(warnings.join('\n')).toMatch(/AUTH_SECRET is unset/);
    expect(warnings.join('\n')).toMatch(/SMTP_URL is unset/);
    expect(warnings.join('\n')).toMatch(/TRUST_PROXY is off/);
  });

  it('checks nothing outside production', () => {
    expect(productionStartChecks({ EXPOSE_OUTBOX: 'true', PAYMENT_SANDBOX: 'true' })).toEqual({
      errors: [],
      warnings: [],
    });
  });
});
