// The ceiling: a bare Fastify route started like the real server (plain `node` on a JS file, one
// process, same logger level), so the ratio shows what the application adds over the framework.
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/hello', async () => ({ data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
console.log(`hello server listening on ${process.env.PORT}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
