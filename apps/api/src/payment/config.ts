/**
 * Payment provider configuration (read by `loadApiConfig` into `config.payment`).
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `NEOPAY_PROJECT_ID` | unset | NEOPAY project id; with `NEOPAY_PROJECT_KEY` turns the real NEOPAY adapter on |
 * | `NEOPAY_PROJECT_KEY` | unset | NEOPAY project key: signs the payment request (HS256) and verifies NEOPAY's return and notification tokens |
 * | `NEOPAY_API_URL` | `https://psd2.neopay.lt` | NEOPAY base URL: widget `{url}/widget.html?{token}`, bank list `{url}/api/countries/{projectId}` |
 * | `MOKILIZINGAS_MERCHANT_ID` | unset | MOKILIZINGAS merchant id; with the secret and URL turns the real adapter on |
 * | `MOKILIZINGAS_SECRET` | unset | shared secret: signs the request and verifies the callback (HS256) |
 * | `MOKILIZINGAS_URL` | unset | MOKILIZINGAS application page the browser is sent to (`?token=`) |
 * | `PAYMENT_SANDBOX` | `true` | a provider without credentials runs the local sandbox (`/vsbridge/payment/sandbox/...`, "no money moves"); `false` disables such a provider instead (its routes answer 503). Set credentials or `false` in production: the sandbox lets anyone mark their own order paid. |
 */
export type NeopayConfig = { projectId: string; projectKey: string; apiUrl: string };
export type MokilizingasConfig = { merchantId: string; secret: string; url: string };
export type PaymentConfig = {
  neopay: NeopayConfig | null;
  mokilizingas: MokilizingasConfig | null;
  sandbox: boolean;
};

function url(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL`);
  return raw.replace(/\/+$/, '');
}

export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const neoId = env.NEOPAY_PROJECT_ID?.trim();
  const neoKey = env.NEOPAY_PROJECT_KEY?.trim();
  if (Boolean(neoId) !== Boolean(neoKey))
    throw new Error('NEOPAY_PROJECT_ID and NEOPAY_PROJECT_KEY are set together (or neither: sandbox)');
  const mokId = env.MOKILIZINGAS_MERCHANT_ID?.trim();
  const mokSecret = env.MOKILIZINGAS_SECRET?.trim();
  const mokUrl = env.MOKILIZINGAS_URL?.trim();
  if ((mokId || mokSecret || mokUrl) && !(mokId && mokSecret && mokUrl))
    throw new Error(
      'MOKILIZINGAS_MERCHANT_ID, MOKILIZINGAS_SECRET and MOKILIZINGAS_URL are set together (or none: sandbox)',
    );
  const sandboxRaw = env.PAYMENT_SANDBOX?.trim().toLowerCase();
  if (sandboxRaw && !['true', 'false', '1', '0'].includes(sandboxRaw))
    throw new Error(`PAYMENT_SANDBOX must be true or false, got "${env.PAYMENT_SANDBOX}"`);
  return {
    neopay:
      neoId && neoKey
        ? {
            projectId: neoId,
            projectKey: neoKey,
            apiUrl: url('NEOPAY_API_URL', env.NEOPAY_API_URL?.trim() || 'https://psd2.neopay.lt'),
          }
        : null,
    mokilizingas:
      mokId && mokSecret && mokUrl
        ? { merchantId: mokId, secret: mokSecret, url: url('MOKILIZINGAS_URL', mokUrl) }
        : null,
    sandbox: !(sandboxRaw === 'false' || sandboxRaw === '0'),
  };
}
