/**
 * The compiled serialisers of the declared answers (http/answers.ts) write what `JSON.stringify`
 * writes for an answer of the contract, a projected part of one included; the checked compiler the
 * API tests run with refuses an answer the compiled one would change.
 */
import { importCatalog } from '@vitrina/db';
import { productDocumentContract, storeInfoContract, type ProductDocument } from '@vitrina/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  answerSerializerCompiler,
  answers,
  AnswerChangedBySerialiser,
  compileAnswer,
} from '../src/http/answers.ts';
import { compositeCatalog } from './fixtures.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
let documents: ProductDocument[];
beforeAll(async () => {
  api = await startApi();
  await importCatalog(api.database, compositeCatalog());
  const skus = ['LAP-1001', 'PHN-2001', 'MBA-7000', 'BUN-8100', 'SET-8200'];
  const list = await api.call(`/vsbridge/products/render-list?skus=${skus.join(',')}&storeCode=en`);
  documents = list.body.result.items;
}, 120_000);
afterAll(async () => api?.close());

const productList = answers(z.strictObject({ items: z.array(productDocumentContract) }))[200];

describe('compiled answers', () => {
  it('write the same JSON as JSON.stringify for whole product documents of every kind', () => {
    expect(documents.map((d) => d.type_id)).toEqual(
      expect.arrayContaining(['simple', 'configurable', 'bundle', 'grouped']),
    );
    const answer = { code: 200, result: { items: documents } };
    expect(JSON.parse(compileAnswer(productList)(answer))).toStrictEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('write a projected part of a document without the fields left out (nothing is required)', () => {
    const part = { code: 200, result: { items: [{ sku: 'LAP-1001', price_incl_tax: 1234, color: 7 }] } };
    expect(JSON.parse(compileAnswer(productList)(part))).toStrictEqual(part);
  });

  it('checked: an answer with a field its contract does not name fails instead of losing it', () => {
    const serialise = answerSerializerCompiler(true)({
      schema: answers(storeInfoContract)[200],
      method: 'GET',
      url: '/vsbridge/store-info',
      httpStatus: '200',
    });
    const info = api.call('/vsbridge/store-info?storeCode=en');
    return info.then(({ body }) => {
      expect(() => serialise(body)).not.toThrow();
      expect(() => serialise({ ...body, result: { ...body.result, extra: 1 } })).toThrow(
        AnswerChangedBySerialiser,
      );
      // a value of another type than the contract's (a text where cents are) would be rewritten: refused too
      expect(() =>
        serialise({ ...body, result: { ...body.result, shop: { ...body.result.shop, cod_fee: '1' } } }),
      ).toThrow(AnswerChangedBySerialiser);
    });
  });
});
