import { Rng } from '../../../lib/prng.js';
import { darken, lighten, mix, n, svgDoc } from './svg.js';

/**
 * A scalp microscope picture as a smart mirror's scalp camera takes it (about 200×): a
 * skin-toned field with fine texture, follicle openings (pores), hair strands leaving them at an
 * angle with a highlight along each, a glossy sheen where sebum sits, whitish keratin flakes,
 * redness when the scalp is sensitive, and the round lens vignette. What it shows follows the
 * diagnosis' measures, so a high-sebum month looks oilier than a good one.
 */
export interface MicroscopeSpec {
  /** Seed of the drawing (placement of pores and strands). */
  key: string;
  /** Strands in view (a 200× field is about 0.07 cm²: density / 14). */
  strands: number;
  /** Strand width in px at 640 px (thickness µm / 4). */
  strandWidth: number;
  /** 0–1: sebum sheen. */
  oil: number;
  /** 0–1: keratin flakes. */
  flakes: number;
  /** 0–1: redness. */
  redness: number;
  /** Natural hair colour of the strands. */
  hair: string;
}

const skinBase = '#e9c3a8';

export function microscopeSvg(
  spec: MicroscopeSpec,
  size: { width: number; height: number },
): string {
  const rng = new Rng(`microscope:${spec.key}`);
  const W = 640;
  const H = 640;
  const skin = mix(skinBase, '#e07a72', spec.redness * 0.55);
  const parts: string[] = [];
  parts.push(`<defs>
    <radialGradient id="field" cx="50%" cy="48%" r="60%">
      <stop offset="0" stop-color="${lighten(skin, 0.12)}"/>
      <stop offset="0.7" stop-color="${skin}"/>
      <stop offset="1" stop-color="${darken(skin, 0.25)}"/>
    </radialGradient>
    <radialGradient id="lens" cx="50%" cy="50%" r="50%">
      <stop offset="0.86" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.95" stop-color="#000" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.95"/>
    </radialGradient>
    <radialGradient id="pore" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="${darken(skin, 0.45)}"/>
      <stop offset="0.6" stop-color="${darken(skin, 0.22)}"/>
      <stop offset="1" stop-color="${skin}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sheen" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#fffdf4" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#fff8e0" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="red" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#d9574f" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#d9574f" stop-opacity="0"/>
    </radialGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#field)"/>`);
  // Mottled skin: soft lighter and darker patches (cheaper than an SVG turbulence filter).
  for (let i = 0; i < 40; i++) {
    const r = rng.range(8, 34);
    parts.push(
      `<circle cx="${n(rng.range(0, W))}" cy="${n(rng.range(0, H))}" r="${n(r)}" fill="${rng.chance(0.5) ? lighten(skin, 0.25) : darken(skin, 0.12)}" opacity="${n(rng.range(0.15, 0.35))}"/>`,
    );
  }
  // Skin furrows: faint crossing lines of the scalp's surface.
  for (let i = 0; i < 14; i++) {
    const x = rng.range(-40, W + 40);
    const y = rng.range(-40, H + 40);
    const a = rng.range(0, Math.PI);
    const len = rng.range(120, 320);
    const dx = Math.cos(a) * len;
    const dy = Math.sin(a) * len;
    parts.push(
      `<path d="M${n(x)} ${n(y)} q${n(dx / 2 + rng.range(-30, 30))} ${n(dy / 2 + rng.range(-30, 30))} ${n(dx)} ${n(dy)}" stroke="${darken(skin, 0.18)}" stroke-width="${n(rng.range(1, 2.4))}" fill="none" opacity="0.35"/>`,
    );
  }
  // Redness: blotches around the follicles when sensitive.
  const blotches = Math.round(spec.redness * 8);
  for (let i = 0; i < blotches; i++)
    parts.push(
      `<ellipse cx="${n(rng.range(60, W - 60))}" cy="${n(rng.range(60, H - 60))}" rx="${n(rng.range(40, 110))}" ry="${n(rng.range(30, 90))}" fill="url(#red)" opacity="${n(0.3 + spec.redness * 0.4)}"/>`,
    );
  // Sebum: glossy pools that catch the ring light.
  const pools = Math.round(2 + spec.oil * 9);
  for (let i = 0; i < pools; i++) {
    const rx = rng.range(26, 70) * (0.6 + spec.oil);
    parts.push(
      `<ellipse cx="${n(rng.range(40, W - 40))}" cy="${n(rng.range(40, H - 40))}" rx="${n(rx)}" ry="${n(rx * rng.range(0.35, 0.7))}" fill="url(#sheen)" opacity="${n(0.3 + spec.oil * 0.7)}"/>`,
    );
  }
  // Follicles, each with one to three strands (units of hairs).
  const strands = Math.max(4, Math.round(spec.strands));
  const follicles: { x: number; y: number; count: number }[] = [];
  let placed = 0;
  while (placed < strands) {
    const count = Math.min(
      strands - placed,
      rng.weighted<number>([
        [1, 5],
        [2, 4],
        [3, 1.5],
      ]),
    );
    follicles.push({ x: rng.range(90, W - 90), y: rng.range(90, H - 90), count });
    placed += count;
  }
  const flow = rng.range(0, Math.PI * 2);
  for (const f of follicles) {
    // The follicle's opening: a soft dark halo under the roots, then the pore over them.
    const pr = spec.strandWidth * 0.9 + f.count * 4;
    parts.push(
      `<ellipse cx="${n(f.x)}" cy="${n(f.y)}" rx="${n(pr * 2.2)}" ry="${n(pr * 1.9)}" fill="url(#pore)" opacity="0.7"/>`,
    );
    const roots: string[] = [];
    for (let k = 0; k < f.count; k++) {
      const a = flow + rng.range(-0.35, 0.35);
      const len = rng.range(180, 420);
      const w = spec.strandWidth * rng.range(0.75, 1.2);
      const bend = rng.range(-35, 35);
      const ex = f.x + Math.cos(a) * len;
      const ey = f.y + Math.sin(a) * len;
      const cx = (f.x + ex) / 2 - Math.sin(a) * bend;
      const cy = (f.y + ey) / 2 + Math.cos(a) * bend;
      const d = `M${n(f.x + k * 2)} ${n(f.y)} Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}`;
      const tone = mix(spec.hair, '#000000', rng.range(0, 0.25));
      parts.push(
        `<path d="${d}" stroke="#000" stroke-opacity="0.18" stroke-width="${n(w + 4)}" fill="none" stroke-linecap="round" transform="translate(3 4)"/>`,
        `<path d="${d}" stroke="${tone}" stroke-width="${n(w)}" fill="none" stroke-linecap="round"/>`,
        `<path d="${d}" stroke="${lighten(tone, 0.55)}" stroke-opacity="0.55" stroke-width="${n(Math.max(1, w * 0.22))}" fill="none" stroke-linecap="round" transform="translate(${n(-w * 0.18)} ${n(-w * 0.18)})"/>`,
      );
    }
    roots.push(
      `<ellipse cx="${n(f.x + (f.count - 1) * spec.strandWidth * 0.45)}" cy="${n(f.y)}" rx="${n(pr)}" ry="${n(pr * 0.8)}" fill="${darken(skin, 0.55)}" stroke="${lighten(skin, 0.2)}" stroke-width="2" opacity="0.9"/>`,
    );
    parts.push(...roots);
  }
  // Keratin: small whitish flakes lifting off the skin.
  const flakes = Math.round(spec.flakes * 40);
  for (let i = 0; i < flakes; i++) {
    const x = rng.range(20, W - 20);
    const y = rng.range(20, H - 20);
    const r = rng.range(3, 11);
    const pts = Array.from({ length: 6 }, (_, j) => {
      const a = (j / 6) * Math.PI * 2;
      const rr = r * rng.range(0.5, 1.2);
      return `${n(x + Math.cos(a) * rr)},${n(y + Math.sin(a) * rr)}`;
    }).join(' ');
    parts.push(`<polygon points="${pts}" fill="#fbf6ee" opacity="${n(rng.range(0.45, 0.85))}"/>`);
  }
  // Sheen on top of strands too (oily hair shines along its length).
  if (spec.oil > 0.5)
    parts.push(
      `<rect width="${W}" height="${H}" fill="#fff6dc" opacity="${n((spec.oil - 0.5) * 0.25)}"/>`,
    );
  parts.push(`<rect width="${W}" height="${H}" fill="url(#lens)"/>`);
  return svgDoc(size.width, size.height, parts.join(''), `0 0 ${W} ${H}`);
}
