import type { BannerDef } from '../content/banners.js';
import { Rng } from '../../../lib/prng.js';
import { portraitSvg, type PortraitSpec } from './portrait.js';
import { darken, lighten, linearGradient, n, radialGradient, svgDoc } from './svg.js';

/**
 * Banner artwork: a gradient field with soft shapes and one illustration on the right. The left
 * ~55% stays calm because the app lays the localized title and subtitle over it.
 */

export interface BannerArtSpec {
  art: BannerDef['art'];
  palette: readonly [string, string, string];
  position: 'main' | 'middle';
  seed: number;
  /** For the 'style' and 'simulation' themes. */
  portrait?: PortraitSpec;
}

function nested(svg: string, x: number, y: number, w: number, h: number): string {
  // Drop the outer size so the nested document scales into the slot.
  return svg.replace(
    /^<svg [^>]*?width="[^"]+" height="[^"]+"/,
    `<svg xmlns="http://www.w3.org/2000/svg" x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"`,
  );
}

function colorRibbons(ox: number, oy: number, h: number, colors: readonly string[]): string {
  const out: string[] = [];
  colors.forEach((c, i) => {
    const x = ox + i * 58;
    out.push(
      `<path d="M${n(x)} ${n(oy)}C${n(x + 80)} ${n(oy + h * 0.3)} ${n(x - 70)} ${n(oy + h * 0.6)} ${n(x + 40)} ${n(oy + h)}" stroke="${c}" stroke-width="50" fill="none" stroke-linecap="round"/>`,
      `<path d="M${n(x - 6)} ${n(oy + 14)}C${n(x + 50)} ${n(oy + h * 0.3)} ${n(x - 56)} ${n(oy + h * 0.6)} ${n(x + 20)} ${n(oy + h - 10)}" stroke="${lighten(c, 0.45)}" stroke-width="4" fill="none" opacity=".5" stroke-linecap="round"/>`,
    );
  });
  return out.join('');
}

function calendar(x: number, y: number, s: number, accent: string): string {
  const out = [
    `<rect x="${n(x + 10)}" y="${n(y + 14)}" width="${n(260 * s)}" height="${n(230 * s)}" rx="${n(22 * s)}" fill="#000" opacity=".08"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(260 * s)}" height="${n(230 * s)}" rx="${n(22 * s)}" fill="#ffffff"/>`,
    `<path d="M${n(x)} ${n(y + 22 * s)}q0 -22 22 -22h${n(216 * s)}q22 0 22 22v${n(34 * s)}h${n(-260 * s)}z" fill="${accent}"/>`,
  ];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 6; c++) {
      const cx = x + (30 + c * 40) * s;
      const cy = y + (90 + r * 36) * s;
      const on = (r * 6 + c) % 7 === 3;
      out.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(12 * s)}" fill="${on ? accent : '#eceae6'}"/>`,
      );
    }
  }
  return out.join('');
}

function mapArt(x: number, y: number, w: number, h: number, accent: string, rng: Rng): string {
  const out = [
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="28" fill="#ffffff" opacity=".85"/>`,
  ];
  out.push(
    `<clipPath id="mapclip"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="28"/></clipPath><g clip-path="url(#mapclip)">`,
  );
  out.push(
    `<path d="M${n(x - 20)} ${n(y + h * 0.7)}C${n(x + w * 0.3)} ${n(y + h * 0.5)} ${n(x + w * 0.5)} ${n(y + h * 0.95)} ${n(x + w + 20)} ${n(y + h * 0.75)}" stroke="#bfdcea" stroke-width="34" fill="none"/>`,
  );
  for (let i = 1; i < 5; i++)
    out.push(
      `<path d="M${n(x + (w * i) / 5)} ${n(y)}V${n(y + h)}" stroke="#ebe6df" stroke-width="${i % 2 ? 10 : 5}"/>`,
    );
  for (let i = 1; i < 4; i++)
    out.push(
      `<path d="M${n(x)} ${n(y + (h * i) / 4)}H${n(x + w)}" stroke="#ebe6df" stroke-width="${i % 2 ? 5 : 10}"/>`,
    );
  out.push(
    `<rect x="${n(x + w * 0.62)}" y="${n(y + h * 0.08)}" width="${n(w * 0.22)}" height="${n(h * 0.22)}" rx="10" fill="#d7ead3"/>`,
  );
  out.push('</g>');
  for (let i = 0; i < 4; i++) {
    const px = x + rng.range(0.15, 0.85) * w;
    const py = y + rng.range(0.2, 0.7) * h;
    const big = i === 0;
    const r = big ? 22 : 14;
    out.push(
      `<path d="M${n(px)} ${n(py + r * 1.9)}C${n(px - r * 0.4)} ${n(py + r)} ${n(px - r)} ${n(py + r * 0.6)} ${n(px - r)} ${n(py)}A${r} ${r} 0 1 1 ${n(px + r)} ${n(py)}C${n(px + r)} ${n(py + r * 0.6)} ${n(px + r * 0.4)} ${n(py + r)} ${n(px)} ${n(py + r * 1.9)}Z" fill="${big ? accent : lighten(accent, 0.35)}"/>`,
    );
    out.push(`<circle cx="${n(px)}" cy="${n(py)}" r="${n(r * 0.42)}" fill="#ffffff"/>`);
  }
  return out.join('');
}

function scalpArt(cx: number, cy: number, s: number, accent: string): string {
  const out: string[] = [];
  for (let i = 4; i >= 1; i--)
    out.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(i * 44 * s)}" fill="${lighten(accent, 0.55 + i * 0.08)}" opacity=".7"/>`,
    );
  for (let i = 0; i < 7; i++) {
    const x = cx - 90 * s + i * 30 * s;
    out.push(
      `<path d="M${n(x)} ${n(cy + 40 * s)}q${n(10 * s)} ${n(-60 * s)} ${n(-4 * s)} ${n(-120 * s)}" stroke="${darken(accent, 0.1)}" stroke-width="${n(5 * s)}" fill="none" stroke-linecap="round"/>`,
    );
    out.push(
      `<ellipse cx="${n(x)}" cy="${n(cy + 44 * s)}" rx="${n(8 * s)}" ry="${n(5 * s)}" fill="${accent}"/>`,
    );
  }
  out.push(
    `<path d="M${n(cx - 130 * s)} ${n(cy + 52 * s)}H${n(cx + 130 * s)}" stroke="${accent}" stroke-width="${n(6 * s)}" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M${n(cx + 110 * s)} ${n(cy - 120 * s)}q${n(24 * s)} ${n(30 * s)} 0 ${n(50 * s)}q${n(-24 * s)} ${n(-20 * s)} 0 ${n(-50 * s)}z" fill="#ffffff" opacity=".9"/>`,
  );
  return out.join('');
}

function eventArt(x: number, y: number, s: number, accent: string, rng: Rng): string {
  const out: string[] = [];
  const w = 300 * s;
  const h = 150 * s;
  out.push(`<g transform="rotate(-8 ${n(x + w / 2)} ${n(y + h / 2)})">`);
  out.push(
    `<rect x="${n(x + 8)}" y="${n(y + 12)}" width="${n(w)}" height="${n(h)}" rx="18" fill="#000" opacity=".08"/>`,
  );
  out.push(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="18" fill="#ffffff"/>`,
  );
  out.push(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w * 0.32)}" height="${n(h)}" rx="18" fill="${accent}"/>`,
  );
  out.push(
    `<circle cx="${n(x + w * 0.32)}" cy="${n(y)}" r="${n(14 * s)}" fill="${lighten(accent, 0.7)}"/><circle cx="${n(x + w * 0.32)}" cy="${n(y + h)}" r="${n(14 * s)}" fill="${lighten(accent, 0.7)}"/>`,
  );
  out.push(
    `<path d="M${n(x + w * 0.32)} ${n(y + 20 * s)}V${n(y + h - 20 * s)}" stroke="${lighten(accent, 0.5)}" stroke-width="3" stroke-dasharray="6 8"/>`,
  );
  for (let i = 0; i < 3; i++)
    out.push(
      `<rect x="${n(x + w * 0.42)}" y="${n(y + (34 + i * 30) * s)}" width="${n(w * (0.46 - i * 0.1))}" height="${n(12 * s)}" rx="6" fill="#ece7e1"/>`,
    );
  out.push(
    `<circle cx="${n(x + w * 0.16)}" cy="${n(y + h * 0.5)}" r="${n(30 * s)}" fill="none" stroke="#ffffff" stroke-width="${n(8 * s)}"/>`,
  );
  out.push('</g>');
  for (let i = 0; i < 18; i++) {
    const cx = x + rng.range(-80, w + 80);
    const cy = y + rng.range(-90, h + 90);
    const c = rng.pick(['#ffffff', accent, lighten(accent, 0.4), '#f5cf86']);
    out.push(
      rng.chance(0.5)
        ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rng.range(4, 9))}" fill="${c}"/>`
        : `<rect x="${n(cx)}" y="${n(cy)}" width="${n(rng.range(8, 16))}" height="6" rx="3" fill="${c}" transform="rotate(${n(rng.range(0, 180))} ${n(cx)} ${n(cy)})"/>`,
    );
  }
  return out.join('');
}

export function bannerSvg(spec: BannerArtSpec, size: { width: number; height: number }): string {
  const W = 1200;
  const H = spec.position === 'main' ? 640 : 360;
  const [c1, c2, c3] = spec.palette;
  const rng = new Rng(spec.seed);
  const defs = [
    linearGradient(
      'bg',
      [
        [0, lighten(c1, 0.35)],
        [0.55, c1],
        [1, c2],
      ],
      0,
      0,
      1,
      0.6,
    ),
    radialGradient('spot', [
      [0, '#ffffff', 0.6],
      [1, '#ffffff', 0],
    ]),
  ].join('');
  const out = [`<defs>${defs}</defs>`, `<rect width="${W}" height="${H}" fill="url(#bg)"/>`];
  // Centre of the illustration, well inside the right edge so no crop clips it.
  const artX = W * 0.75;
  const midY = H / 2;
  out.push(`<circle cx="${n(artX)}" cy="${n(midY)}" r="${n(H * 0.62)}" fill="url(#spot)"/>`);
  out.push(
    `<circle cx="${n(W * 0.05)}" cy="${n(H * 1.02)}" r="${n(H * 0.35)}" fill="${lighten(c2, 0.3)}" opacity=".45"/>`,
  );
  out.push(
    `<path d="M${n(W * 0.36)} ${n(H + 20)}Q${n(W * 0.5)} ${n(H * 0.55)} ${n(W * 0.72)} ${n(H + 20)}" stroke="#ffffff" stroke-width="3" fill="none" opacity=".45"/>`,
  );
  for (let i = 0; i < 5; i++)
    out.push(
      `<circle cx="${n(rng.range(W * 0.5, W * 0.98))}" cy="${n(rng.range(20, H - 20))}" r="${n(rng.range(4, 10))}" fill="#ffffff" opacity=".6"/>`,
    );

  const main = spec.position === 'main';
  switch (spec.art) {
    case 'color': {
      const cols = [c3, darken(c2, 0.25), '#6e5c50', '#b39377', '#85778f'];
      out.push(colorRibbons(artX - 145, main ? 70 : 40, main ? 500 : 280, cols));
      break;
    }
    case 'style':
    case 'simulation': {
      if (spec.portrait) {
        const ph = main ? 520 : 300;
        const pw = (ph * 600) / 750;
        const px = artX - pw / 2;
        const py = H - ph;
        if (spec.art === 'simulation') {
          out.push(
            `<rect x="${n(px - 26)}" y="${n(py - 26)}" width="${n(pw + 52)}" height="${n(ph + 60)}" rx="46" fill="#222" />`,
          );
          out.push(
            `<clipPath id="phone"><rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph + 40)}" rx="26"/></clipPath>`,
          );
          out.push(
            `<g clip-path="url(#phone)">${nested(portraitSvg(spec.portrait, { width: 600, height: 750, crop: 'portrait' }), px, py, pw, ph)}</g>`,
          );
          ['#8c5b57', '#6e5c50', '#85778f', '#b39377'].forEach((c, i) =>
            out.push(
              `<circle cx="${n(px - 70)}" cy="${n(py + 60 + i * 70)}" r="24" fill="${c}" stroke="#ffffff" stroke-width="6"/>`,
            ),
          );
        } else {
          const r = pw / 2;
          out.push(
            `<clipPath id="arch"><path d="M${n(px)} ${n(H)}V${n(py + r)}A${n(r)} ${n(r)} 0 0 1 ${n(px + pw)} ${n(py + r)}V${n(H)}Z"/></clipPath>`,
          );
          out.push(
            `<path d="M${n(px - 12)} ${n(H)}V${n(py + r)}A${n(r + 12)} ${n(r + 12)} 0 0 1 ${n(px + pw + 12)} ${n(py + r)}V${n(H)}Z" fill="#ffffff" opacity=".7"/>`,
          );
          out.push(
            `<g clip-path="url(#arch)">${nested(portraitSvg(spec.portrait, { width: 600, height: 750, crop: 'portrait' }), px, py, pw, ph)}</g>`,
          );
        }
      }
      break;
    }
    case 'booking': {
      const sc = main ? 1.5 : 1.05;
      const cx0 = artX - 130 * sc;
      const cy0 = midY - 115 * sc;
      out.push(calendar(cx0, cy0, sc, c3));
      const kx = cx0 + 250 * sc;
      const ky = cy0 + 6 * sc;
      const kr = 44 * sc;
      out.push(
        `<circle cx="${n(kx)}" cy="${n(ky)}" r="${n(kr)}" fill="#ffffff" stroke="${lighten(c3, 0.6)}" stroke-width="4"/><path d="M${n(kx)} ${n(ky - kr * 0.6)}V${n(ky)}l${n(kr * 0.45)} ${n(kr * 0.28)}" stroke="${c3}" stroke-width="${n(7 * sc)}" fill="none" stroke-linecap="round"/>`,
      );
      break;
    }
    case 'map':
      out.push(mapArt(artX - 210, main ? 90 : 30, 420, main ? 460 : 300, c3, rng));
      break;
    case 'scalp':
      out.push(scalpArt(artX, midY, main ? 1.5 : 0.95, c3));
      break;
    case 'event':
      out.push(
        eventArt(artX - (main ? 195 : 150), midY - (main ? 98 : 75), main ? 1.3 : 1, c3, rng),
      );
      break;
  }
  return svgDoc(size.width, size.height, out.join(''), `0 0 ${W} ${H}`);
}
