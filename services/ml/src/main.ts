import Fastify from 'fastify';
import { z } from 'zod';
import { mlPlugin } from './index.js';

// The standalone ML process reads its own small environment (it shares no code with the server).
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const env = z
  .object({
    ML_HOST: z.string().default('127.0.0.1'),
    ML_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
    ML_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    ML_QUEUE: z.coerce.number().int().min(0).max(200).optional(),
    ML_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    ML_PRELOAD: booleanString.default(true),
  })
  .parse(process.env);

const app = Fastify({ logger: true, bodyLimit: 1024 * 1024 });
await app.register(mlPlugin, {
  prefix: '',
  ...(env.ML_WORKERS ? { poolSize: env.ML_WORKERS } : {}),
  ...(env.ML_QUEUE !== undefined ? { maxQueue: env.ML_QUEUE } : {}),
  taskTimeoutMs: env.ML_TIMEOUT_MS,
  preload: env.ML_PRELOAD,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ host: env.ML_HOST, port: env.ML_PORT });
