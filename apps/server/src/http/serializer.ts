import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof zodSerializerCompiler;
type SchemaInput = Parameters<SerializerCompiler>[0];

/** The zod schema of a route's response, as fastify-type-provider-zod accepts it. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof z.ZodType
  ) {
    return schema.properties;
  }
  return null;
}

/**
 * Response bodies are written by fast-json-stringify, compiled from the JSON Schema of each
 * route's zod response schema. Like the zod serializer it writes only the properties the
 * contract declares (nothing a route adds by mistake leaves the server), at a fraction of the
 * cost of encoding through zod and then JSON.stringify (about a tenth of a screen read's CPU).
 *
 * With `verify` (the test suites), every body is also produced the zod way and the two must be
 * the same JSON, or the call fails: the whole integration suite checks the compiled serializers
 * against the contract. A schema fast-json-stringify cannot compile keeps the zod serializer.
 */
export function createSerializerCompiler(options: { verify: boolean }): SerializerCompiler {
  return (input: SchemaInput) => {
    const viaZod = zodSerializerCompiler(input);
    const schema = zodSchemaOf(input.schema);
    if (schema === null) return viaZod;
    let fast: (data: unknown) => string;
    try {
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      fast = fastJson(json as Parameters<typeof fastJson>[0]);
    } catch {
      return viaZod;
    }
    if (!options.verify) return fast;
    return (data: unknown) => {
      const expected = viaZod(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `fast serializer of ${input.method} ${input.url} differs from the contract:\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}
