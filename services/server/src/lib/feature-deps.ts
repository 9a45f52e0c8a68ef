import type { Database } from '../db/index.js';
import type { Config } from '../env.js';
import type { JobQueue } from '../jobs/queue.js';
import type { EndpointDeps } from './endpoint.js';
import type { Mailer } from './mail.js';
import type { Outgoing } from './outgoing.js';
import type { SmsSender } from './sms.js';
import type { MediaStorage } from './storage.js';

/** What every feature's routes receive from buildApp. */
export interface FeatureDeps {
  db: Database;
  config: Config;
  endpoints: EndpointDeps;
  /** Outgoing mail: SMTP when SMTP_URL is set, else the dev outbox. */
  mailer: Mailer;
  /** Outgoing SMS: the dev outbox (DATA_DIR/outbox/sms.jsonl) unless a provider is injected. */
  sms: SmsSender;
  /** Work after a commit (mails): enqueue in the change's transaction (ADR 042). */
  jobs: JobQueue;
  /** Sign-in links, codes and account notices: queued, sealed, sent once (ADR 049). */
  outgoing: Outgoing;
  /** Every stored file: the local media directory or an S3-compatible bucket (ADR 041). */
  storage: MediaStorage;
}
