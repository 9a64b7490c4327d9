/**
 * A route's answer declared from the domain's contracts (packages/domain/src/contracts): the route
 * names it once, `schema: { response: answers(storeInfoContract) }`, and gets
 *
 * - a typed reply: the type provider holds what the handler returns to the contract, so an answer of
 *   the wrong shape fails the typecheck rather than a test;
 * - the answer in the OpenAPI document (`/vsbridge/openapi.json`);
 * - in the API tests (`checkAnswers`), every answer checked against the contract: the serialiser
 *   compiled from the contract (fast-json-stringify, which writes only what the schema names, as its
 *   types) must write the same JSON as `JSON.stringify`, so a field the contract does not name or a
 *   value of another type fails the request with a 500 naming the route.
 *
 * The shop itself serialises with `JSON.stringify`: measured on real answers (bench/serialise.ts,
 * docs/decisions/0061-route-answers-declared-from-the-contracts.md), the compiled serialiser was
 * slower, because a projection (`_source_include`) answers part of a document, so no field can be
 * required, and the documents' attribute values are open-ended keys.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** the 200 answer of a route: the envelope `{ code: 200, result }` around `result`'s contract */
export function answers<T extends z.ZodType>(result: T) {
  return { 200: z.strictObject({ code: z.literal(200), result }) };
}

/**
 * the 200 answer of a route whose envelope may also carry `meta` (a cart write asked `withTotals`
 * answers the cart's totals after it there): `{ code: 200, result, meta? }`
 */
export function answersWithMeta<T extends z.ZodType, M extends z.ZodType>(result: T, meta: M) {
  return { 200: z.strictObject({ code: z.literal(200), result, meta: meta.optional() }) };
}

/** the 200 answer of a route that answers the contract's value itself (no envelope) */
export function bareAnswers<T extends z.ZodType>(answer: T) {
  return { 200: answer };
}

type JsonSchema = { [key: string]: unknown };

const PLAIN_TYPE_KEYS = new Set(['type', 'minimum', 'maximum']);

/** `{ anyOf: [{ type: 'integer' }, { type: 'null' }] }` → `{ type: ['integer', 'null'] }` (no runtime validation per branch) */
function plainTypes(branches: unknown[]): string[] | null {
  const types: string[] = [];
  for (const b of branches) {
    if (!b || typeof b !== 'object') return null;
    const branch = b as JsonSchema;
    if (!Object.keys(branch).every((k) => PLAIN_TYPE_KEYS.has(k))) return null;
    const t = branch.type;
    if (typeof t === 'string') types.push(t);
    else if (Array.isArray(t)) types.push(...(t as string[]));
    else return null;
  }
  return types;
}

/**
 * The contract's JSON schema as the compiled serialiser is given it: nothing required (a projection
 * answers part of a document), a union of plain types as a list of types.
 */
export function serialisationSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialisationSchema);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value as JsonSchema)) {
    // bounds of a number do not change how it is written
    if (key === 'required' || key === 'minimum' || key === 'maximum' || key === '$schema') continue;
    if (key === 'anyOf' && Array.isArray(child)) {
      const types = plainTypes(child);
      if (types) {
        out.type = [...new Set(types)];
        continue;
      }
    }
    // `properties` maps the answer's own names (a bundle option's `required`) to schemas
    out[key] =
      (key === 'properties' || key === 'definitions') && child && typeof child === 'object'
        ? Object.fromEntries(Object.entries(child).map(([name, s]) => [name, serialisationSchema(s)]))
        : serialisationSchema(child);
  }
  return out;
}

/** the compiled serialiser of a zod contract */
export function compileAnswer(contract: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(contract, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  });
  return fastJson(serialisationSchema(json) as Parameters<typeof fastJson>[0]);
}

export class AnswerChangedBySerialiser extends Error {}

/**
 * Fastify's serialiser compiler for the routes' zod response schemas: `JSON.stringify`; `checked`
 * (tests): each answer also written by the contract's compiled serialiser, and a difference throws.
 */
export function answerSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checked) return (data) => JSON.stringify(data);
    const serialise = compileAnswer(schema);
    return (data) => {
      const plain = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(serialise(data)), JSON.parse(plain)))
        throw new AnswerChangedBySerialiser(
          `${method} ${url}: the answer is not what its contract describes (a field it does not name, or a value of another type): ${plain.slice(0, 2000)}`,
        );
      return plain;
    };
  };
}
