/**
 * Payment provider configuration (read by `loadApiConfig` into `config.payment`).
 *
 * Its variables (NEOPAY_*, MOKILIZINGAS_*, PAYMENT_SANDBOX) are rows of SETTINGS in ../settings-table.ts
 * (docs/configuration.md, "Payment providers").
 *
 * Which mode each provider runs in is decided by `providerModes` when the API is built (it needs the
 * demo flag from the database) and, for a sandbox that exists only because the shop is a demo, checked
 * again on every use: removing the demo data switches it off at once.
 */
export type NeopayConfig = { projectId: string; projectKey: string; apiUrl: string };
export type MokilizingasConfig = { merchantId: string; secret: string; url: string };
/** PAYMENT_SANDBOX: `on` (true), `off` (false), `demo` (unset: only in the demo shop) */
export type SandboxSetting = 'on' | 'off' | 'demo';
export type PaymentConfig = {
  neopay: NeopayConfig | null;
  mokilizingas: MokilizingasConfig | null;
  sandbox: SandboxSetting;
};

export const PROVIDER_SLUGS = ['neopay', 'mokilizingas'] as const;
export type ProviderSlug = (typeof PROVIDER_SLUGS)[number];
/** `live`: the real provider (credentials); `sandbox`: the local sandbox; `off`: not offered, 503 */
export type ProviderMode = 'live' | 'sandbox' | 'off';

/**
 * The mode of each provider. A sandbox lets anyone mark their own order paid, so without credentials
 * a provider runs one only when the operator asked for it (PAYMENT_SANDBOX=true) or, by default, in
 * the demo shop. Credentials for one provider mean a real shop: then the default never leaves the
 * other as a sandbox.
 */
export function providerModes(pc: PaymentConfig, demoShop: boolean): Record<ProviderSlug, ProviderMode> {
  const anyLive = Boolean(pc.neopay || pc.mokilizingas);
  const sandbox = pc.sandbox === 'on' || (pc.sandbox === 'demo' && demoShop && !anyLive);
  const mode = (configured: unknown): ProviderMode => (configured ? 'live' : sandbox ? 'sandbox' : 'off');
  return { neopay: mode(pc.neopay), mokilizingas: mode(pc.mokilizingas) };
}

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
    sandbox: !sandboxRaw ? 'demo' : sandboxRaw === 'true' || sandboxRaw === '1' ? 'on' : 'off',
  };
}
