import { describe, expect, it, vi } from 'vitest';
import { lazySchemas } from './lazy-schemas';

const numberSchema = { parse: (value: unknown) => Number(value) };

describe('lazySchemas', () => {
  it('loads the schemas once and parses each answer with the one picked', async () => {
    const load = vi.fn(() => Promise.resolve({ numberSchema }));
    const parsedWith = lazySchemas(load);
    await expect(parsedWith((s) => s.numberSchema, Promise.resolve('4'))).resolves.toBe(4);
    await expect(parsedWith((s) => s.numberSchema, Promise.resolve('5'))).resolves.toBe(5);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails with the schema error and with the failed answer', async () => {
    const strict = {
      parse: () => {
        throw new Error('bad shape');
      },
    };
    const parsedWith = lazySchemas(() => Promise.resolve({ strict }));
    await expect(parsedWith((s) => s.strict, Promise.resolve({}))).rejects.toThrow('bad shape');
    const refused = new Error('refused');
    await expect(parsedWith((s) => s.strict, Promise.reject(refused))).rejects.toBe(refused);
  });

  it('loads again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ numberSchema: typeof numberSchema }>>()
      .mockRejectedValueOnce(new Error('chunk lost'))
      .mockResolvedValue({ numberSchema });
    const parsedWith = lazySchemas(load);
    await expect(parsedWith((s) => s.numberSchema, Promise.resolve('1'))).rejects.toThrow('chunk lost');
    await expect(parsedWith((s) => s.numberSchema, Promise.resolve('2'))).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
