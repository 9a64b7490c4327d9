/**
 * What the request log may say: the URL of every request is logged, and several
 * carry a secret: `?token=` (an access token), `cartId` (whoever knows it owns the cart), order,
 * refresh and reset tokens, the newsletter confirmation code, the payment redirect's cart id or order
 * token in the path, the provider's signed return data, the order token in the feedback link
 * (`/review/<orderToken>/<number>`), the e-mail address of a reset or newsletter link (personal
 * data, and half of what the reset link needs). Their values are replaced in the logged URL, also
 * under the router data prefix (`/_page-data/review/...`).
 *
 * Headers (Authorization) and bodies are not logged: the request serializer below names every field
 * it writes, none of them a header or the body.
 */
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** query parameters whose value is a secret (compared lower-case) */
const SECRET_PARAMS = new Set([
  'token',
  'cartid',
  'cart_id',
  'ordertoken',
  'refreshtoken',
  'resettoken',
  'code',
  'data',
  'groupToken'.toLowerCase(),
  'email',
]);

/** a storefront page's path start: the router data prefix (ROUTER_DATA_PREFIX) and the store view's */
const PAGE = '^((?:\\/_page-data)?(?:\\/[a-z]{2})?';

/**
 * path segments that are secrets: the payment redirect (`/vsbridge/<provider>/payment/<cart id or
 * order token>[/bank]`, but not its fixed `return`, `notification`, `banks` pages), the storefront's
 * newsletter confirmation link (`[/en|/ru]/newsletter/<email>/<code>`, both) and order feedback
 * link (`[/en|/ru]/review/<orderToken>/<number>`)
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/vsbridge\/[a-z]+\/payment\/)(?!return$|return\/|notification$|notification\/|banks\/)[^/]+/, `$1${REDACTED}`],
  [new RegExp(`${PAGE}\\/newsletter\\/)[^/]+\\/[^/]+`), `$1${REDACTED}/${REDACTED}`],
  [new RegExp(`${PAGE}\\/newsletter\\/)[^/]+`), `$1${REDACTED}`],
  [new RegExp(`${PAGE}\\/review\\/)[^/]+`), `$1${REDACTED}`],
];

/** the URL with the values of secret query parameters and path segments replaced */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: compare the raw name
      }
      return eq !== -1 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own request serializer with the URL redacted (and, as there, no headers, no body) */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pino's SerializerFn takes any
type Serializers = Record<string, (value: any) => unknown>;

/** pino options for Fastify: the given ones (level, stream...) with the redacting request serializer */
export function withLogRedaction<T extends { level?: string; serializers?: Serializers }>(options: T): T & { serializers: Serializers } {
  return { ...options, serializers: { ...options.serializers, req: requestLogSerializer } };
}
