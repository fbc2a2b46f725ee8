import { envelope, ModuleListSchema } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from '../src/http/serializer.js';

const compile = (schema: z.ZodType, verify: boolean) =>
  createSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const Item = envelope(
  z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    tags: z.array(z.string()),
  }),
);

describe('the response serializer', () => {
  it('writes the same JSON as the zod encoding of the contract', () => {
    const data = { data: { id: 3, name: 'Mine "A"', note: null, tags: ['x', 'é'] } };
    for (const verify of [false, true]) expect(JSON.parse(compile(Item, verify)(data))).toEqual(data);
  });

  it('leaves out whatever the contract does not declare', () => {
    const body = compile(
      Item,
      false,
    )({ data: { id: 1, name: 'a', note: 'n', tags: [], password_hash: 'secret' }, extra: 1 });
    expect(body).not.toContain('secret');
    expect(JSON.parse(body)).toEqual({ data: { id: 1, name: 'a', note: 'n', tags: [] } });
  });

  it('fails a call whose body breaks the contract when verifying, as the tests do', () => {
    expect(() => compile(Item, true)({ data: { id: 1.5, name: 'a', note: null, tags: [] } })).toThrow();
    expect(() => compile(Item, true)({ data: { id: 1, name: 'a', tags: [] } })).toThrow();
  });

  it('compiles the real contract schemas rather than falling back to zod', () => {
    const list = { data: { modules: [], construction_lists: [], max_construction_lists: 2 } };
    const serialize = compile(envelope(ModuleListSchema), false);
    expect(JSON.parse(serialize(list))).toEqual(list);
    // Told apart by coercion: the zod fallback refuses a string where the contract has an integer,
    // fast-json-stringify (not verifying) writes the number.
    expect(JSON.parse(serialize({ data: { ...list.data, max_construction_lists: '2' } }))).toEqual(list);
  });
});
