/**
 * The API client's one request function: every call of api-client/api.ts — envelope calls of the
 * loaders and hooks, catalogue searches, the URL mapper, login and refresh, and the sync queue's
 * tasks (sync/queue.ts) — goes through `request`, so the session's token and the ONE retry after a
 * 401 (accounts-checkout-routes.md §4 "Token refresh") are written once.
 */
import {
  englishMessageKey,
  isMessageKey,
  loadAllMessages,
  translateMessage,
  type StoreCode,
} from '@vitrina/domain';

/** The transport: global fetch, or the server's in-process `context.apiFetch`. */
export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiFieldError {
  field: string;
  message: string;
}

/** A failed API call: `code` is the envelope code (or HTTP status), `message` the server's text. */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: ApiFieldError[] | undefined;
  constructor(code: number, message: string, errors?: ApiFieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
  }
}

export const BAD_CONTENT_TYPE = 'Error with response - bad content-type!';
export const WRONG_FORMAT = 'Unhandled error, wrong response format!';

/** How the fetch layer reaches the customer session (accounts-checkout-routes.md §4 "Token refresh"). */
export interface ApiAuth {
  /** The current access token, or null for a guest. */
  token(): string | null;
  /**
   * Called on a 401 answered to `failedToken`: resolves the new access token to retry with, or null
   * (the session has ended; the request is not retried).
   */
  refresh(failedToken: string): Promise<string | null>;
  /**
   * The customer's price tier (GROUP_PRICING; accounts-checkout-routes.md §3 "User": groupToken,
   * groupId): sent with catalogue reads in the browser so they answer the group's prices.
   */
  group?(): { groupToken: string | null; groupId: number | null };
}

/** One HTTP answer as it came: the status and the JSON body (null when it had none or it did not parse). */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  contentType: string;
  body: unknown;
  parseError: boolean;
}

export interface ApiRequest {
  method: string;
  /**
   * The address after the base URL, query included; a function of the token when the token is part
   * of it (a sync task's `{{token}}` placeholder: the retry after a refresh fills in the new one).
   */
  url: string | ((token: string | null) => string);
  /** sent as JSON (never with a GET) */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * 'session': the customer's token, refreshed ONCE on a 401 and the request sent once more;
   * 'guest': no token; `{ bearer }`: that token as it is, never refreshed (a logout of a session the
   * client has already forgotten).
   */
  auth?: 'session' | 'guest' | { bearer: string | null };
  /** aborted with a TimeoutError after this long (a plain timer: tests can fake it) */
  timeoutMs?: number;
}

export interface RequestOptions {
  fetch: ApiFetch;
  /** '' for same-origin or e.g. 'http://127.0.0.1:3000' (no trailing slash) */
  base: string;
  /** the session; without it the static `token` is sent and a 401 is final */
  auth?: ApiAuth | undefined;
  token?: string | null | undefined;
  /**
   * The store view whose language the shopper reads: an answer's text that is the English text of
   * a catalogue message is handed on in this language (`inLanguage`)
   */
  storeCode?: StoreCode | undefined;
}

export function isEnvelope(
  body: unknown,
): body is { code: number; result: unknown; errors?: ApiFieldError[] } {
  return typeof body === 'object' && body !== null && 'code' in body && 'result' in body;
}

/** A 401 by HTTP status or by the envelope's code. */
const unauthorized = (a: ApiAnswer) =>
  a.status === 401 || (isEnvelope(a.body) && Number(a.body.code) === 401);

/**
 * The answer with its refusal's text in the shopper's language when it came as the English text of a
 * catalogue message (the API answers in the request's store view; the spec's English texts still
 * reach a page through an answer given in English, e.g. a queued task sent from an English page). The
 * browser's English index is loaded on demand (i18n/domain-messages.client.ts `englishMessageKey`),
 * so the lt and ru pages do not carry it; here, where the answer arrives, it can be awaited, while
 * `t.msg` in a render cannot. A text of the server's own, or a key, passes as it is.
 */
async function inLanguage(a: ApiAnswer, storeCode: StoreCode | undefined): Promise<ApiAnswer> {
  if (!storeCode || !isEnvelope(a.body) || Number(a.body.code) === 200) return a;
  const text = a.body.result;
  if (typeof text !== 'string') return a;
  // the refusal's key, shown by `t.msg`, may be one a first screen does not load (i18n/domain-messages.client.ts)
  await loadAllMessages().catch(() => undefined);
  if (storeCode === 'en' || isMessageKey(text)) return a;
  const key = await englishMessageKey(text);
  return key ? { ...a, body: { ...a.body, result: translateMessage(key, storeCode) } } : a;
}

/** the customer's token a 'session' request sends now: the session's, else the static one */
export function sessionTokenOf({ auth, token }: Pick<RequestOptions, 'auth' | 'token'>): string | null {
  return auth ? auth.token() : (token ?? null);
}

export function createRequest({ fetch, base, auth, token, storeCode }: RequestOptions) {
  const sessionToken = () => sessionTokenOf({ auth, token });

  async function send(req: ApiRequest, bearer: string | null): Promise<ApiAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    const hasBody = req.body !== undefined && req.method !== 'GET';
    if (hasBody) headers['content-type'] = 'application/json';
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const init: RequestInit = { method: req.method, headers };
    if (hasBody) init.body = JSON.stringify(req.body);
    const url = `${base}${typeof req.url === 'function' ? req.url(bearer) : req.url}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (req.timeoutMs !== undefined) {
      const ctl = new AbortController();
      timer = setTimeout(
        () => ctl.abort(new DOMException('The search took too long', 'TimeoutError')),
        req.timeoutMs,
      );
      init.signal = ctl.signal;
    }
    try {
      const res = await fetch(url, init);
      const contentType = res.headers.get('content-type') ?? '';
      let body: unknown = null;
      let parseError = false;
      if (contentType.includes('json')) {
        try {
          body = await res.json();
        } catch {
          parseError = true;
        }
      }
      return await inLanguage({ status: res.status, ok: res.ok, contentType, body, parseError }, storeCode);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends `req`; every HTTP answer is returned as it came, no answer at all (offline, a timeout)
   * rejects. A 401 to a request that carried the session's token refreshes the session
   * (api-client/token-refresh.ts: concurrent callers share one refresh) and sends once more with the
   * new token; a refresh that fails (null) leaves the 401 as the answer.
   */
  async function request(req: ApiRequest): Promise<ApiAnswer> {
    const mode = req.auth ?? 'session';
    const bearer = mode === 'session' ? sessionToken() : mode === 'guest' ? null : mode.bearer;
    const answer = await send(req, bearer);
    if (mode !== 'session' || !bearer || !auth || !unauthorized(answer)) return answer;
    const fresh = await auth.refresh(bearer);
    return fresh ? send(req, fresh) : answer;
  }

  return request;
}

export type Request = ReturnType<typeof createRequest>;

/** The JSON of an answer, or the spec's errors for an answer without usable JSON. */
export function jsonOf(a: ApiAnswer): unknown {
  if (!a.contentType.includes('json')) throw new ApiError(a.status || 500, BAD_CONTENT_TYPE);
  if (a.parseError) throw new ApiError(a.status || 500, WRONG_FORMAT);
  return a.body;
}

function envelopeError(a: ApiAnswer, body: unknown): ApiError {
  if (isEnvelope(body)) {
    const message = typeof body.result === 'string' ? body.result : WRONG_FORMAT;
    return new ApiError(
      Number(body.code) || a.status,
      message,
      Array.isArray(body.errors) ? body.errors : undefined,
    );
  }
  return new ApiError(a.status || 500, WRONG_FORMAT);
}

/** An envelope answer `{code: 200, result, meta?}`, else the ApiError it stands for. */
export function envelopeOf<T>(a: ApiAnswer): { result: T; meta: Record<string, unknown> | undefined } {
  const body = jsonOf(a);
  if (!a.ok || !isEnvelope(body) || Number(body.code) !== 200) throw envelopeError(a, body);
  return { result: body.result as T, meta: (body as { meta?: Record<string, unknown> }).meta };
}

/** A non-envelope answer (a search, the URL mapper): its JSON, or an ApiError for a refusal. */
export function okJsonOf(a: ApiAnswer): unknown {
  const body = jsonOf(a);
  if (!a.ok) throw envelopeError(a, body);
  return body;
}
