/**
 * A route's answer declared from the domain's contracts (packages/domain/src/contracts): the route
 * names it once, `schema: { response: answers(storeInfoContract) }`, and gets
 *
 * - a typed reply: the type provider holds what the handler returns to the contract, so an answer of
 *   the wrong shape fails the typecheck rather than a test;
 * - the answer in the OpenAPI document (`/vsbridge/openapi.json`);
 * - Fastify's compiled serialiser (fast-json-stringify) built from the contract's JSON schema instead
 *   of `JSON.stringify` (docs/decisions/0061-route-answers-declared-from-the-contracts.md has the figures).
 *
 * The compiled serialiser writes what the schema names and in its order. So that it can never change
 * an answer, the schema it is given is loosened: no property is required (a `_source_include`
 * projection answers part of a document) and a contract's union of plain types becomes a list of
 * types. With `checked` (the API tests build the API so) each answer is also compared, parsed, with
 * `JSON.stringify`'s: an answer the compiled serialiser would change (a property the contract does
 * not name, a value of another type) fails the request with a 500 naming the route.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** the 200 answer of a route: the envelope `{ code: 200, result }` around `result`'s contract */
export function answers<T extends z.ZodType>(result: T) {
  return { 200: z.strictObject({ code: z.literal(200), result }) };
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

/** the contract's JSON schema as the serialiser is given it: nothing required, unions of plain types as type lists */
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
 * Fastify's serialiser compiler for the routes' zod response schemas. `checked`: every answer is also
 * compared with `JSON.stringify`'s (tests); a difference throws.
 */
export function answerSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const serialise = compileAnswer(schema);
    if (!checked) return serialise;
    return (data) => {
      const text = serialise(data);
      const plain = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(plain)))
        throw new AnswerChangedBySerialiser(
          `${method} ${url}: the compiled serialiser changed the answer (the contract does not describe it):\n${text}\n${plain}`,
        );
      return text;
    };
  };
}
