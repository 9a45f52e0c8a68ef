import type { Language, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { inquiries } from '../../db/schema/index.js';

export interface NewInquiry {
  kind: 'general' | 'partnership';
  name: string;
  email: string;
  company?: string | undefined;
  title: string;
  message: string;
}

export async function createInquiry(
  db: Database,
  inquiry: NewInquiry,
  context: { language: Language; server: Server },
): Promise<number> {
  const [row] = await db
    .insert(inquiries)
    .values({
      kind: inquiry.kind,
      name: inquiry.name,
      email: inquiry.email,
      company: inquiry.company ?? null,
      title: inquiry.title,
      message: inquiry.message,
      language: context.language,
      server: context.server,
    })
    .returning({ id: inquiries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
