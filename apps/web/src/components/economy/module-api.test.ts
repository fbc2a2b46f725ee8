import { describe, expect, it } from 'vitest';
import { parsedWith } from './module-api';

const list = { modules: [], construction_lists: [], max_construction_lists: 2 };

describe('parsedWith', () => {
  it('parses an answer with the lazily loaded economy schema', async () => {
    await expect(parsedWith((schemas) => schemas.ModuleListSchema, Promise.resolve(list))).resolves.toEqual(
      list,
    );
  });

  it('fails like a schema error of the api client when the answer breaks the contract', async () => {
    await expect(
      parsedWith(
        (schemas) => schemas.ModuleListSchema,
        Promise.resolve({ ...list, max_construction_lists: 'two' }),
      ),
    ).rejects.toThrow();
  });

  it('passes the call failure through untouched', async () => {
    const failure = new Error('network');
    await expect(parsedWith((schemas) => schemas.ModuleListSchema, Promise.reject(failure))).rejects.toBe(
      failure,
    );
  });
});
