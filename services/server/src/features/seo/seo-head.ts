/**
 * The head of a shared page (ADR 028): KakaoTalk, LINE and search engines read Open Graph,
 * Twitter and schema.org tags from the raw HTML without running the app, so the server writes
 * them into index.html for the salon, designer and style pages.
 */

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page (og:url and the canonical link). */
  url: string;
  /** Absolute URL of a photo, if the page has one. */
  image?: string | undefined;
  /** og:type */
  type: 'website' | 'profile' | 'business.business';
  siteName: string;
  /** og:locale, e.g. ko_KR. */
  locale: string;
  /** <html lang>, e.g. ko. */
  language: string;
  /** schema.org JSON-LD object. */
  jsonLd?: Record<string, unknown> | undefined;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` (and so `</script>` and `<!--`)
 * and the line separators JavaScript once choked on are written as escapes.
 */
export function jsonLdScript(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', head.locale),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...(head.jsonLd ? [jsonLdScript(head.jsonLd)] : []),
  ];
  return tags.join('\n    ');
}

/**
 * index.html with the page's head: its generic `<title>` and description are replaced, the
 * other tags added after them, and `<html lang>` set to the page's language.
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const tags = headTags(head);
  let html = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
    : html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  return html.replace(/<html\b([^>]*)\blang="[^"]*"/i, (_, before: string) => {
    return `<html${before}lang="${escapeHtml(head.language)}"`;
  });
}
