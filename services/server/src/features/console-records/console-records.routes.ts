import type { FastifyInstance } from 'fastify';
import {
  addDiagnosis,
  addVisit,
  addVisitMedia,
  deleteCustomer,
  deleteDiagnosis,
  deleteNotice,
  deleteVisit,
  deleteVisitMedia,
  getCustomerRecords,
  getLinkedMembers,
  getNoticeList,
  saveCustomer,
  saveNotice,
  updateVisit,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import {
  addDiagnosisFor,
  addVisitFor,
  addVisitMediaFor,
  customerRecordsOf,
  deleteCustomerFor,
  deleteDiagnosisFor,
  deleteNoticeFor,
  deleteVisitFor,
  deleteVisitMediaFor,
  linkedMembersOf,
  noticeListOf,
  saveCustomerFor,
  saveNoticeFor,
  updateVisitFor,
} from './console-records.service.js';

/** Photo and video uploads decode images: plenty for a mirror, a wall for a script. */
const uploadLimit = { max: 60, timeWindow: '1 minute' };

/**
 * The salon's records through the shop console API (ADR 034): `Authorization: Bearer
 * <console key>`, every call scoped to the key's shop.
 */
export function registerConsoleRecordRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  const fileDeps = { db, storage: deps.storage };
  const shopIdOf = (shop: { shopId: number } | null) => {
    if (!shop) throw new AppError('UNAUTHORIZED');
    return shop.shopId;
  };

  registerEndpoint(app, deps.endpoints, saveCustomer, async ({ input, shop }) =>
    saveCustomerFor(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, getCustomerRecords, async ({ input, shop }) =>
    customerRecordsOf(db, shopIdOf(shop), input.phone),
  );
  registerEndpoint(app, deps.endpoints, addVisit, async ({ input, shop }) =>
    addVisitFor(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, updateVisit, async ({ input, shop }) =>
    updateVisitFor(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, deleteVisit, async ({ input, shop }) =>
    deleteVisitFor(fileDeps, shopIdOf(shop), input.visit_id),
  );
  registerEndpoint(
    app,
    deps.endpoints,
    addVisitMedia,
    async ({ input, shop }) => addVisitMediaFor(fileDeps, shopIdOf(shop), input),
    { rateLimit: uploadLimit },
  );
  registerEndpoint(app, deps.endpoints, deleteVisitMedia, async ({ input, shop }) =>
    deleteVisitMediaFor(fileDeps, shopIdOf(shop), input.media_id),
  );
  registerEndpoint(
    app,
    deps.endpoints,
    addDiagnosis,
    async ({ input, shop }) => addDiagnosisFor(fileDeps, shopIdOf(shop), input),
    { rateLimit: uploadLimit },
  );
  registerEndpoint(app, deps.endpoints, deleteDiagnosis, async ({ input, shop }) =>
    deleteDiagnosisFor(fileDeps, shopIdOf(shop), input.diagnosis_id),
  );
  registerEndpoint(app, deps.endpoints, getNoticeList, async ({ input, shop }) =>
    noticeListOf(db, shopIdOf(shop), { page: input.page, pageSize: input.page_size }),
  );
  registerEndpoint(app, deps.endpoints, saveNotice, async ({ input, shop }) =>
    saveNoticeFor(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, deleteNotice, async ({ input, shop }) =>
    deleteNoticeFor(db, shopIdOf(shop), input.notice_id),
  );
  registerEndpoint(app, deps.endpoints, getLinkedMembers, async ({ input, shop }) =>
    linkedMembersOf(db, shopIdOf(shop), { page: input.page, pageSize: input.page_size }),
  );
  registerEndpoint(app, deps.endpoints, deleteCustomer, async ({ input, shop }) =>
    deleteCustomerFor(fileDeps, shopIdOf(shop), input.phone),
  );
}
