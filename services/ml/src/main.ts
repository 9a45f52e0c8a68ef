import Fastify from 'fastify';
import { z } from 'zod';
import { mlPlugin } from './index.js';

// The standalone ML process reads its own small environment (it shares no code with the server).
const env = z
  .object({
    ML_HOST: z.string().default('127.0.0.1'),
    ML_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  })
  .parse(process.env);

const app = Fastify({ logger: true });
await app.register(mlPlugin, { prefix: '' });
await app.listen({ host: env.ML_HOST, port: env.ML_PORT });
