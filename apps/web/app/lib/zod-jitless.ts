/**
 * Zod's parsers compile themselves with `new Function` when it is allowed, and find out by trying
 * it once. The shop's Content-Security-Policy forbids eval, so in the browser that try is a CSP
 * violation report on every page. The browser's parses are few and small: zod runs without its
 * compiler there. Imported first by the client entry, before any module that builds a schema.
 */
import { z } from 'zod';

z.config({ jitless: true });
