/**
 * The back office's one way to the API: `/vsbridge/staff/*` with the browser's staff
 * session cookie passed on, in the page's language, through the shop server's in-process transport
 * (or API_URL when the storefront runs apart). A 401 sends the browser to the login page; any other
 * error comes back as `{ ok: false, status, message }` for the page to show.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { adminLangOf, adminPath, type AdminLang } from './i18n';

/** the header the in-process transport turns into the request's client address (apps/server in-process-fetch.ts) */
const CLIENT_ADDRESS_HEADER = 'x-vitrina-client-address';

export type StaffAnswer<T> =
  | { ok: true; status: number; result: T; response: Response }
  | { ok: false; status: number; message: string; response: Response; errors?: { field: string; message: string }[] };

type Args = { request: Request; context: AppLoadContext };

export function langOf(request: Request): AdminLang {
  return adminLangOf(new URL(request.url).pathname);
}

export async function staffApi<T>(
  { request, context }: Args,
  path: string,
  /** `form`: sent as multipart/form-data (an uploaded file), instead of a JSON `body` */
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; form?: FormData } = {},
): Promise<StaffAnswer<T>> {
  const lang = langOf(request);
  const url = `/vsbridge/staff${path}${path.includes('?') ? '&' : '?'}storeCode=${lang}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  if (context.clientAddress) headers[CLIENT_ADDRESS_HEADER] = context.clientAddress;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let payload: string | Uint8Array | undefined = init.body !== undefined ? JSON.stringify(init.body) : undefined;
  if (init.form) {
    // the multipart encoding as a browser's (boundary in the content type), as bytes every transport sends
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: init.form });
    headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    payload = new Uint8Array(await encoded.arrayBuffer());
  }
  const send =
    context.apiFetch ?? ((input: string, options?: RequestInit) => globalThis.fetch(new URL(input, process.env.API_URL ?? 'http://127.0.0.1:3000'), options));
  const response = await send(url, {
    method: init.method ?? 'GET',
    headers,
    ...(payload !== undefined ? { body: payload as BodyInit } : {}),
  });
  const body = (await response.json().catch(() => null)) as { code?: number; result?: unknown; errors?: { field: string; message: string }[] } | null;
  if (response.ok) return { ok: true, status: response.status, result: body?.result as T, response };
  const message = typeof body?.result === 'string' ? body.result : `HTTP ${response.status}`;
  return { ok: false, status: response.status, message, response, ...(Array.isArray(body?.errors) ? { errors: body.errors } : {}) };
}

/** the redirect to the login page (thrown by a loader or action whose session has ended) */
/**
 * A list screen's data: the API's list at `path` with the filters of the page's address (only
 * `filters`), or the API's message when it refused a filter (400: a bad date typed by hand).
 */
export async function listPage<T>(args: Args, path: string, filters: readonly string[]) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of filters) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const answer = await staffApi<T>(args, `${path}?${query}`);
  const lang = langOf(args.request);
  if (!answer.ok && answer.status === 400) return { lang, error: answer.message, list: null };
  return { lang, error: null, list: resultOrThrow(answer, args.request) };
}

export function toLogin(request: Request): Response {
  return redirect(adminPath(langOf(request), '/login'));
}

/** the answer's result, or: 401 → the login page, 404 → a 404 page, anything else → an error page */
export function resultOrThrow<T>(answer: StaffAnswer<T>, request: Request): T {
  if (answer.ok) return answer.result;
  if (answer.status === 401) throw toLogin(request);
  throw new Response(answer.message, { status: answer.status });
}

/** the form's text fields (a file field or a missing one is '') */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

/** the headers every back-office page answers with: never indexed, never stored */
export const ADMIN_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };
