import { createHash } from 'node:crypto';

/**
 * CSP sources for the inline scripts of a page (`'sha256-…'`), so index.html's boot fallback
 * (ADR 023) runs while every other inline script stays blocked. Computed from the built file
 * at start, so the policy always matches what is served.
 */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    // Data blocks (application/ld+json link-preview data, ADR 028) are never executed.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (
      type &&
      type !== 'module' &&
      !/^(?:text|application)\/(?:javascript|ecmascript)$/.test(type)
    ) {
      continue;
    }
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
