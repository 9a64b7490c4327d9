/**
 * What a production shop (NODE_ENV=production) must not start with, and what it should be told
 * about. Refused: the test-only outbox (EXPOSE_OUTBOX: every e-mail, reset links included, readable
 * over HTTP), the payment sandbox (anyone marks their own order paid) unless asked for twice
 * (PAYMENT_SANDBOX=true and PAYMENT_SANDBOX_IN_PRODUCTION=true), and /metrics without METRICS_TOKEN
 * behind a proxy (TRUST_PROXY set: a request the proxy forwards without X-Forwarded-For arrives
 * from loopback, which is all /metrics asks of a reader without a token). The outbox's own second
 * opt-in (EXPOSE_OUTBOX_IN_PRODUCTION) is for the browser journeys, which run the production bundle. Warned: no AUTH_SECRET,
 * no SMTP_URL, an https PUBLIC_URL with TRUST_PROXY off (behind a TLS proxy every client would share
 * the proxy's address in the rate limits).
 */
export type StartChecks = { errors: string[]; warnings: string[] };

const on = (raw: string | undefined) => ['1', 'true', 'yes', 'on'].includes((raw ?? '').trim().toLowerCase());
const off = (raw: string | undefined) =>
  ['', '0', 'false', 'no', 'off'].includes((raw ?? '').trim().toLowerCase());

export function productionStartChecks(env: NodeJS.ProcessEnv): StartChecks {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (env.NODE_ENV !== 'production') return { errors, warnings };
  // the browser journeys run the production bundle and read e-mails from the outbox: they say so twice
  if (on(env.EXPOSE_OUTBOX) && !on(env.EXPOSE_OUTBOX_IN_PRODUCTION))
    errors.push(
      'EXPOSE_OUTBOX=true serves every e-mail (password reset links too) over HTTP: never in production. Unset it.',
    );
  if (on(env.PAYMENT_SANDBOX) && !on(env.PAYMENT_SANDBOX_IN_PRODUCTION))
    errors.push(
      'PAYMENT_SANDBOX=true lets anyone mark their own order paid. In production it also needs PAYMENT_SANDBOX_IN_PRODUCTION=true (a staging shop); otherwise unset it.',
    );
  if (!env.METRICS_TOKEN && !off(env.TRUST_PROXY))
    errors.push(
      'METRICS_TOKEN is unset behind a proxy (TRUST_PROXY): a request the proxy forwards without X-Forwarded-For would read /metrics. Set METRICS_TOKEN.',
    );
  if (!env.AUTH_SECRET?.trim())
    warnings.push(
      'AUTH_SECRET is unset: the sessions key is kept in the database, so whoever reads the database can mint customer tokens.',
    );
  if (!env.SMTP_URL?.trim())
    warnings.push('SMTP_URL is unset: e-mails are written to MAIL_DIR (or the log), not sent.');
  if ((env.PUBLIC_URL ?? '').trim().toLowerCase().startsWith('https:') && off(env.TRUST_PROXY))
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY is off: behind a TLS proxy every client shares the proxy address (rate limits, logs). Set TRUST_PROXY to the proxy hops or addresses.',
    );
  return { errors, warnings };
}

/** throws with every refusal; answers the warnings to log */
export function assertProductionStart(env: NodeJS.ProcessEnv): string[] {
  const { errors, warnings } = productionStartChecks(env);
  if (errors.length) throw new Error(`The shop will not start in production:\n- ${errors.join('\n- ')}`);
  return warnings;
}
