import type { FastifyInstance } from 'fastify';
import {
  deleteDiagnosisContent,
  deleteHistory,
  getDateVisitList,
  getDiagnosisContents,
  getLinkInfo,
  getMyPhotoList,
  getShopVisitList,
  getVisitShopList,
  setCaption,
  setHistoryHidden,
  userLinkAdd,
  userLinkCancel,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { byAddress } from '../../lib/rate-limit.js';
import * as records from './records.service.js';

// Reads run under the API's per-member limit (ADR 023). Writes to the member's own layer are
// quick taps (hide, memo, delete): generous for a person, a wall for a script, per member.
// The link sheet may read a scanned code, so its look-ups also count per address like the QR
// calls (features/qr: many accounts on one address must not multiply guesses), on top of the
// per-member code counter in the database that user_link_add by code shares. Linking and
// unlinking are rare acts: 20 per member per 15 minutes.
const limits = {
  layer: { max: 60, timeWindow: '1 minute' },
  linkInfo: { max: 60, timeWindow: '15 minutes', keyGenerator: byAddress },
  link: { max: 20, timeWindow: '15 minutes' },
};

export function registerRecordRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;

  registerEndpoint(app, deps.endpoints, getMyPhotoList, async ({ input, reply, ...ctx }) => {
    reply.header('cache-control', 'no-store');
    const { items, ...paging } = await records.myPhotoListOf(db, ctx.requireMember().memberId, {
      shopId: input.shop_id,
      from: input.from,
      to: input.to,
      view: input.view,
      paging: { page: input.page, pageSize: input.page_size },
    });
    return { my_photo_list: items, ...paging };
  });

  registerEndpoint(app, deps.endpoints, getDateVisitList, async ({ input, reply, ...ctx }) => {
    reply.header('cache-control', 'no-store');
    return records.dateVisitListOf(db, ctx.requireMember().memberId, {
      from: input.from,
      to: input.to,
      shopId: input.shop_id,
    });
  });

  registerEndpoint(app, deps.endpoints, getShopVisitList, async ({ input, reply, ...ctx }) => {
    reply.header('cache-control', 'no-store');
    return {
      shop_visit_list: await records.shopVisitListOf(
        db,
        ctx.requireMember().memberId,
        input.shop_id,
      ),
    };
  });

  registerEndpoint(app, deps.endpoints, getVisitShopList, async ({ input, reply, ...ctx }) => {
    reply.header('cache-control', 'no-store');
    const { items, ...paging } = await records.visitShopListOf(
      db,
      ctx.requireMember().memberId,
      input.server,
      { page: input.page, pageSize: input.page_size },
    );
    return { visit_shop_list: items, ...paging };
  });

  registerEndpoint(
    app,
    deps.endpoints,
    deleteHistory,
    async ({ input, ...ctx }) =>
      records.deleteHistoryFor(db, ctx.requireMember().memberId, input.media_ids),
    { rateLimit: limits.layer },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    setHistoryHidden,
    async ({ input, ...ctx }) =>
      records.setHistoryHiddenFor(db, ctx.requireMember().memberId, input.media_ids, input.hidden),
    { rateLimit: limits.layer },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    setCaption,
    async ({ input, ...ctx }) =>
      records.setCaptionFor(db, ctx.requireMember().memberId, input.media_id, input.caption),
    { rateLimit: limits.layer },
  );

  registerEndpoint(app, deps.endpoints, getDiagnosisContents, async ({ input, reply, ...ctx }) => {
    reply.header('cache-control', 'no-store');
    const { items, ...paging } = await records.diagnosisContentsOf(
      db,
      ctx.requireMember().memberId,
      input.shop_id,
      { page: input.page, pageSize: input.page_size },
    );
    return { diagnosis_contents: items, ...paging };
  });
  registerEndpoint(
    app,
    deps.endpoints,
    deleteDiagnosisContent,
    async ({ input, ...ctx }) =>
      records.deleteDiagnosisFor(db, ctx.requireMember().memberId, input.diagnosis_id),
    { rateLimit: limits.layer },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getLinkInfo,
    async ({ input, reply, ...ctx }) => {
      reply.header('cache-control', 'no-store');
      return records.linkInfoOf(db, ctx.requireMember().memberId, input.server, input);
    },
    { rateLimit: limits.linkInfo },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    userLinkAdd,
    async ({ input, ...ctx }) =>
      records.linkAdd(db, ctx.requireMember().memberId, input.server, input),
    { rateLimit: limits.link },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    userLinkCancel,
    async ({ input, ...ctx }) =>
      records.linkCancel(db, ctx.requireMember().memberId, input.shop_id),
    { rateLimit: limits.link },
  );
}
