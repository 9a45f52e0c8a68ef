import type { Database } from '../db/index.js';
import type { Config } from '../env.js';
import type { EndpointDeps } from './endpoint.js';
import type { Mailer } from './mail.js';
import type { SmsSender } from './sms.js';

/** What every feature's routes receive from buildApp. */
export interface FeatureDeps {
  db: Database;
  config: Config;
  endpoints: EndpointDeps;
  /** Outgoing mail: SMTP when SMTP_URL is set, else the dev outbox. */
  mailer: Mailer;
  /** Outgoing SMS: the dev outbox (DATA_DIR/outbox/sms.jsonl) unless a provider is injected. */
  sms: SmsSender;
}
