import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, languageValues, oneOf, serverValues } from './columns.js';

export const inquiryKindValues = ['general', 'partnership'] as const;

/** Footer inquiries: customer questions and ad / partnership requests. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    kind: text('kind', { enum: inquiryKindValues }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: languageValues }).notNull(),
    server: text('server', { enum: serverValues }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('inquiries_kind_check', oneOf(t.kind, inquiryKindValues)),
    check('inquiries_language_check', oneOf(t.language, languageValues)),
    check('inquiries_server_check', oneOf(t.server, serverValues)),
    index('inquiries_created_idx').on(t.createdAt.desc()),
  ],
);
