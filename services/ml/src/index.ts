import type { FastifyPluginAsync } from 'fastify';

/**
 * The hair-simulation service (docs/architecture.md). Mounted in-process under /ml-api by
 * default, or run alone with src/main.ts. The prediction endpoints
 * (/face-landmark/predict/v1, /hair-color/predict/v1, /bald/predict/v3) arrive with the
 * simulation issue; until then only the status route exists, so callers get an honest 404.
 */
export interface MlStatus {
  ready: boolean;
  models: string[];
  endpoints: string[];
}

export const mlPlugin: FastifyPluginAsync = async (app) => {
  const status: MlStatus = { ready: true, models: [], endpoints: [] };
  app.get('/status', async () => status);
};
