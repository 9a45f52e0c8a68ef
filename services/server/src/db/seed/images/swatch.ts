import { darken, lighten, linearGradient, mix, n, svgDoc } from './svg.js';

/** A hair-colour swatch: a swept lock of hair on a tint of its own colour. */
export function swatchSvg(hex: string, size: { width: number; height: number }): string {
  const defs = [
    linearGradient(
      'bg',
      [
        [0, lighten(hex, 0.9)],
        [1, lighten(hex, 0.78)],
      ],
      0,
      0,
      1,
      1,
    ),
    linearGradient(
      'lock',
      [
        [0, lighten(hex, 0.28)],
        [0.45, hex],
        [1, darken(hex, 0.35)],
      ],
      0,
      0,
      1,
      0.3,
    ),
  ].join('');
  const strands: string[] = [];
  // Ribbons fanning from the top-left, sweeping down and curling at the tips.
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    const x0 = 90 + t * 70;
    const x1 = 150 + t * 150;
    const y1 = 250 + Math.sin(t * 3) * 20;
    const w = 26 - Math.abs(t - 0.5) * 16;
    strands.push(
      `<path d="M${n(x0)} 40C${n(x0 + 40)} 120 ${n(x1 - 80)} 170 ${n(x1)} ${n(y1)}S${n(x1 + 30)} 350 ${n(x1 - 20)} 362" stroke="url(#lock)" stroke-width="${n(w)}" fill="none" stroke-linecap="round"/>`,
    );
  }
  const highlights: string[] = [];
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const x0 = 98 + t * 60;
    const x1 = 160 + t * 140;
    highlights.push(
      `<path d="M${n(x0)} 60C${n(x0 + 40)} 130 ${n(x1 - 80)} 175 ${n(x1)} 252" stroke="${lighten(hex, 0.55)}" stroke-width="3" fill="none" opacity=".45" stroke-linecap="round"/>`,
    );
  }
  const body = [
    `<defs>${defs}</defs>`,
    `<rect width="400" height="400" fill="url(#bg)"/>`,
    `<circle cx="300" cy="96" r="64" fill="${mix(hex, '#ffffff', 0.7)}" opacity=".6"/>`,
    `<rect x="70" y="26" width="120" height="30" rx="15" fill="${darken(hex, 0.15)}" opacity=".9"/>`,
    strands.join(''),
    highlights.join(''),
    `<rect x="66" y="22" width="128" height="26" rx="13" fill="#f4efe6"/><rect x="66" y="40" width="128" height="8" rx="4" fill="#e2dbcf"/>`,
  ].join('');
  return svgDoc(size.width, size.height, body, '0 0 400 400');
}
