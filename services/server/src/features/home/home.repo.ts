import { sql } from 'drizzle-orm';
import type { Language, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';

export interface HotStyleRow {
  photo_id: number;
  gender: 'w' | 'm';
  length: 'short' | 'bob' | 'medium' | 'long' | 'male';
  type_id: number;
  style_id: number;
  substyle_id: number | null;
  style_name: string;
  title: string;
  image_url: string;
  thumb_url: string | null;
  like_count: number;
}

const nameColumn = { ko: 'name_ko', en: 'name_en', ja: 'name_ja' } as const;

/**
 * Hot photos of the market, most liked first (catalogue_photos_hot_idx: server, gender,
 * like_count desc where
 * is_hot). A photo's style may be a substyle; its parent is then the path's {style}.
 */
export async function selectHotStyles(
  db: Database,
  q: { server: Server; language: Language; gender: 'w' | 'm' | undefined; limit: number },
): Promise<HotStyleRow[]> {
  const name = sql.raw(nameColumn[q.language]);
  const result = await db.execute<Record<string, unknown>>(sql`
    select p.id as photo_id, p.gender, p.length, st.type_id,
      coalesce(parent.id, st.id) as style_id,
      case when parent.id is null then null else st.id end as substyle_id,
      case when parent.id is null then st.${name} else parent.${name} || ' · ' || st.${name} end
        as style_name,
      p.title, p.image_url, p.thumb_url, p.like_count
    from catalogue_photos p
    join catalogue_styles st on st.id = p.style_id
    left join catalogue_styles parent on parent.id = st.parent_style_id
    where p.is_hot and p.server = ${q.server} ${q.gender ? sql`and p.gender = ${q.gender}` : sql``}
    order by p.like_count desc, p.id
    limit ${q.limit}::int`);
  return result.rows.map((r) => ({
    photo_id: Number(r.photo_id),
    gender: r.gender as HotStyleRow['gender'],
    length: r.length as HotStyleRow['length'],
    type_id: Number(r.type_id),
    style_id: Number(r.style_id),
    substyle_id: r.substyle_id === null ? null : Number(r.substyle_id),
    style_name: String(r.style_name),
    title: String(r.title),
    image_url: String(r.image_url),
    thumb_url: (r.thumb_url as string | null) ?? null,
    like_count: Number(r.like_count),
  }));
}
