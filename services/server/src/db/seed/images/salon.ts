import { Rng } from '../../../lib/prng.js';
import { darken, lighten, linearGradient, n, radialGradient, svgDoc } from './svg.js';

/** Flat salon interiors for shop galleries: styling stations, lounge and wash area. */

export type SalonScene = 'stations' | 'lounge' | 'wash';

export interface SalonSpec {
  scene: SalonScene;
  seed: number;
}

const W = 960;
const H = 640;
const FLOOR_Y = 468;

interface Palette {
  wall: string;
  wallLow: string;
  floor: string;
  floorKind: 'planks' | 'terrazzo' | 'concrete';
  accent: string;
  chair: string;
  frame: string;
  moody: boolean;
}

const palettes: readonly Palette[] = [
  {
    wall: '#efe6da',
    wallLow: '#e4d6c4',
    floor: '#c9a27c',
    floorKind: 'planks',
    accent: '#c9a86a',
    chair: '#a8673f',
    frame: '#c9a86a',
    moody: false,
  },
  {
    wall: '#dfe6dc',
    wallLow: '#cdd8c9',
    floor: '#d9c6ae',
    floorKind: 'planks',
    accent: '#6f8a6a',
    chair: '#f1ece4',
    frame: '#2f2f2f',
    moody: false,
  },
  {
    wall: '#f3e1dc',
    wallLow: '#ead0c8',
    floor: '#e6e0d8',
    floorKind: 'terrazzo',
    accent: '#c98b7a',
    chair: '#c9877a',
    frame: '#d9b98a',
    moody: false,
  },
  {
    wall: '#e7e2dc',
    wallLow: '#d8d1c8',
    floor: '#bdb8b2',
    floorKind: 'concrete',
    accent: '#3c3f44',
    chair: '#2f3236',
    frame: '#2b2b2b',
    moody: false,
  },
  {
    wall: '#dde5ea',
    wallLow: '#cbd7de',
    floor: '#d6c3a8',
    floorKind: 'planks',
    accent: '#5a7387',
    chair: '#4c6275',
    frame: '#f4f1ea',
    moody: false,
  },
  {
    wall: '#f0ddd0',
    wallLow: '#e6cbb8',
    floor: '#a9795a',
    floorKind: 'planks',
    accent: '#b86a4b',
    chair: '#e9dccb',
    frame: '#b07a4f',
    moody: false,
  },
  {
    wall: '#3b3f44',
    wallLow: '#33363a',
    floor: '#6b5544',
    floorKind: 'planks',
    accent: '#c9a86a',
    chair: '#8a5a3a',
    frame: '#c9a86a',
    moody: true,
  },
  {
    wall: '#2f3a36',
    wallLow: '#29322f',
    floor: '#8b7a66',
    floorKind: 'concrete',
    accent: '#d8b878',
    chair: '#e6dccb',
    frame: '#d8b878',
    moody: true,
  },
];

function floor(pal: Palette, rng: Rng): string {
  const out = [
    `<rect x="0" y="${FLOOR_Y}" width="${W}" height="${H - FLOOR_Y}" fill="url(#floor)"/>`,
  ];
  const line = darken(pal.floor, 0.12);
  if (pal.floorKind === 'planks') {
    for (let y = FLOOR_Y + 22, i = 0; y < H; y += 24 + i * 4, i++) {
      out.push(`<path d="M0 ${y}H${W}" stroke="${line}" stroke-width="2" opacity=".5"/>`);
      const off = rng.int(0, 200);
      for (let x = off; x < W; x += 260)
        out.push(
          `<path d="M${x} ${y}v${-(20 + i * 4)}" stroke="${line}" stroke-width="2" opacity=".35"/>`,
        );
    }
  } else if (pal.floorKind === 'terrazzo') {
    for (let i = 0; i < 140; i++) {
      const c = rng.pick(['#c98b7a', '#8a9a7b', '#d9c27a', '#b7a3c9', '#ffffff']);
      out.push(
        `<ellipse cx="${n(rng.range(0, W))}" cy="${n(rng.range(FLOOR_Y + 6, H))}" rx="${n(rng.range(2, 6))}" ry="${n(rng.range(1.5, 4))}" fill="${c}" opacity=".55"/>`,
      );
    }
  } else {
    for (let x = 120; x < W; x += 240)
      out.push(
        `<path d="M${x} ${FLOOR_Y}L${x - 60} ${H}" stroke="${line}" stroke-width="2" opacity=".35"/>`,
      );
    out.push(`<path d="M0 ${FLOOR_Y + 80}H${W}" stroke="${line}" stroke-width="2" opacity=".3"/>`);
  }
  out.push(
    `<rect x="0" y="${FLOOR_Y - 6}" width="${W}" height="10" fill="${darken(pal.wallLow, 0.12)}"/>`,
  );
  return out.join('');
}

function pendant(x: number, len: number, pal: Palette, kind: number): string {
  const cord = pal.moody ? '#d8c9a8' : '#3a3a3a';
  const shade = kind === 0 ? pal.accent : kind === 1 ? '#f4efe6' : darken(pal.accent, 0.2);
  const y = len;
  const glow = `<circle cx="${x}" cy="${y + 30}" r="120" fill="url(#lamp)"/>`;
  let body: string;
  if (kind === 0)
    body = `<path d="M${x - 34} ${y + 26}Q${x} ${y - 16} ${x + 34} ${y + 26}Z" fill="${shade}"/>`;
  else if (kind === 1)
    body = `<circle cx="${x}" cy="${y + 16}" r="22" fill="#fff8e8" opacity=".95"/><circle cx="${x - 7}" cy="${y + 10}" r="6" fill="#ffffff"/>`;
  else
    body = `<path d="M${x - 10} ${y}L${x + 10} ${y}L${x + 30} ${y + 30}L${x - 30} ${y + 30}Z" fill="${shade}"/>`;
  return `${glow}<path d="M${x} 0V${y}" stroke="${cord}" stroke-width="2"/>${body}<ellipse cx="${x}" cy="${y + 29}" rx="16" ry="4" fill="#fff6d8" opacity=".9"/>`;
}

function plant(x: number, base: number, scale: number, rng: Rng): string {
  const pot = rng.pick(['#e9e2d6', '#c98b6a', '#2f3236', '#d7cbb8']);
  const leaf = rng.pick(['#5f7f5a', '#6f8f62', '#4f6f56', '#7c9a6c']);
  const out: string[] = [];
  const leaves = rng.int(7, 11);
  for (let i = 0; i < leaves; i++) {
    const a = -Math.PI / 2 + (i - (leaves - 1) / 2) * 0.32 + rng.range(-0.08, 0.08);
    const len = (70 + rng.range(0, 50)) * scale;
    const tx = x + Math.cos(a) * len;
    const ty = base - 40 * scale + Math.sin(a) * len;
    const c = i % 2 === 0 ? leaf : lighten(leaf, 0.15);
    out.push(
      `<path d="M${n(x)} ${n(base - 40 * scale)}Q${n((x + tx) / 2 + 14 * scale)} ${n((base - 40 * scale + ty) / 2)} ${n(tx)} ${n(ty)}Q${n((x + tx) / 2 - 14 * scale)} ${n((base - 40 * scale + ty) / 2)} ${n(x)} ${n(base - 40 * scale)}Z" fill="${c}"/>`,
    );
  }
  out.push(
    `<path d="M${n(x - 30 * scale)} ${n(base - 50 * scale)}h${n(60 * scale)}l${n(-7 * scale)} ${n(50 * scale)}h${n(-46 * scale)}Z" fill="${pot}"/>`,
  );
  out.push(
    `<rect x="${n(x - 32 * scale)}" y="${n(base - 54 * scale)}" width="${n(64 * scale)}" height="${n(8 * scale)}" rx="3" fill="${darken(pot, 0.08)}"/>`,
  );
  return out.join('');
}

function mirror(
  cx: number,
  top: number,
  w: number,
  h: number,
  shape: number,
  pal: Palette,
): string {
  const r = w / 2;
  const frame = pal.frame;
  let outer: string;
  let inner: string;
  if (shape === 0) {
    outer = `M${cx - r - 8} ${top + h}V${top + r}A${r + 8} ${r + 8} 0 0 1 ${cx + r + 8} ${top + r}V${top + h}Z`;
    inner = `M${cx - r} ${top + h - 8}V${top + r}A${r} ${r} 0 0 1 ${cx + r} ${top + r}V${top + h - 8}Z`;
  } else if (shape === 1) {
    outer = `M${cx - r - 8} ${top - 8}h${w + 16}v${h + 8}h${-(w + 16)}Z`;
    inner = `M${cx - r} ${top}h${w}v${h - 8}h${-w}Z`;
  } else {
    const rr = Math.min(w, h) / 2;
    return (
      `<circle cx="${cx}" cy="${top + rr}" r="${rr + 8}" fill="${frame}"/>` +
      `<circle cx="${cx}" cy="${top + rr}" r="${rr}" fill="url(#glass)"/>` +
      `<path d="M${cx - rr * 0.5} ${top + rr * 0.4}l${rr * 0.5} ${-rr * 0.3}M${cx - rr * 0.6} ${top + rr * 0.8}l${rr * 0.9} ${-rr * 0.6}" stroke="#fff" stroke-width="6" opacity=".35" stroke-linecap="round"/>`
    );
  }
  return (
    `<path d="${outer}" fill="${frame}"/><path d="${inner}" fill="url(#glass)"/>` +
    `<path d="M${cx - r * 0.55} ${top + h * 0.45}l${r * 0.7} ${-h * 0.22}M${cx - r * 0.5} ${top + h * 0.62}l${r * 1.0} ${-h * 0.3}" stroke="#fff" stroke-width="7" opacity=".3" stroke-linecap="round"/>`
  );
}

function stylingChair(cx: number, pal: Palette): string {
  const c = pal.chair;
  const d = darken(c, 0.18);
  const chrome = '#c8ccd0';
  return [
    `<ellipse cx="${cx}" cy="${FLOOR_Y + 92}" rx="70" ry="12" fill="#000" opacity=".12"/>`,
    `<ellipse cx="${cx}" cy="${FLOOR_Y + 84}" rx="56" ry="10" fill="${chrome}"/>`,
    `<rect x="${cx - 9}" y="${FLOOR_Y + 20}" width="18" height="64" fill="${darken(chrome, 0.15)}"/>`,
    `<rect x="${cx - 56}" y="${FLOOR_Y - 120}" width="112" height="120" rx="26" fill="${c}"/>`,
    `<rect x="${cx - 44}" y="${FLOOR_Y - 108}" width="88" height="96" rx="20" fill="${lighten(c, 0.08)}"/>`,
    `<rect x="${cx - 66}" y="${FLOOR_Y - 18}" width="132" height="40" rx="14" fill="${d}"/>`,
    `<rect x="${cx - 78}" y="${FLOOR_Y - 50}" width="24" height="58" rx="10" fill="${d}"/>`,
    `<rect x="${cx + 54}" y="${FLOOR_Y - 50}" width="24" height="58" rx="10" fill="${d}"/>`,
    `<rect x="${cx - 14}" y="${FLOOR_Y - 140}" width="28" height="22" rx="8" fill="${d}"/>`,
  ].join('');
}

function bottles(x: number, y: number, count: number, rng: Rng): string {
  const out: string[] = [];
  let cx = x;
  for (let i = 0; i < count; i++) {
    const h = rng.int(22, 40);
    const w = rng.int(10, 16);
    const c = rng.pick([
      '#f4efe6',
      '#c98b7a',
      '#8a9a7b',
      '#2f3236',
      '#d9c27a',
      '#b7a3c9',
      '#e6d7c3',
    ]);
    out.push(
      `<rect x="${cx}" y="${y - h}" width="${w}" height="${h}" rx="3" fill="${c}"/><rect x="${cx + w / 2 - 3}" y="${y - h - 6}" width="6" height="7" rx="1.5" fill="${darken(c, 0.3)}"/>`,
    );
    cx += w + rng.int(4, 8);
  }
  return out.join('');
}

function stationsScene(pal: Palette, rng: Rng): string {
  const count = rng.pick([2, 3, 3]);
  const shape = rng.int(0, 2);
  const gap = W / count;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = gap * (i + 0.5);
    out.push(mirror(cx, 110, 150, 250, shape, pal));
    out.push(
      `<rect x="${cx - 110}" y="370" width="220" height="12" rx="4" fill="${darken(pal.wallLow, 0.25)}"/>`,
    );
    out.push(bottles(cx + 34, 370, rng.int(3, 4), rng));
    out.push(stylingChair(cx, pal));
  }
  for (let i = 0; i < count - 1; i++)
    out.push(pendant(gap * (i + 1), rng.int(60, 90), pal, rng.int(0, 2)));
  out.push(plant(rng.chance(0.5) ? 50 : W - 50, FLOOR_Y + 40, 1, rng));
  return out.join('');
}

function loungeScene(pal: Palette, rng: Rng): string {
  const out: string[] = [];
  // Arched wall niche with shelves of retail products.
  out.push(
    `<path d="M80 ${FLOOR_Y - 6}V200A110 110 0 0 1 300 200V${FLOOR_Y - 6}Z" fill="${darken(pal.wall, 0.06)}"/>`,
  );
  for (const y of [250, 320, 390]) {
    out.push(`<rect x="96" y="${y}" width="188" height="8" rx="3" fill="${pal.frame}"/>`);
    out.push(bottles(110, y, rng.int(5, 7), rng));
  }
  // Round mirror and reception desk.
  out.push(
    `<circle cx="600" cy="210" r="96" fill="${pal.frame}"/><circle cx="600" cy="210" r="88" fill="url(#glass)"/>`,
  );
  out.push(
    `<path d="M560 170l50 -30M545 215l90 -55" stroke="#fff" stroke-width="7" opacity=".3" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M430 ${FLOOR_Y + 60}V360Q430 330 460 330H740Q770 330 770 360V${FLOOR_Y + 60}Z" fill="${pal.accent}"/>`,
  );
  for (let x = 446; x < 760; x += 18)
    out.push(
      `<path d="M${x} 346V${FLOOR_Y + 56}" stroke="${darken(pal.accent, 0.15)}" stroke-width="6" opacity=".5"/>`,
    );
  out.push(
    `<rect x="420" y="322" width="360" height="16" rx="8" fill="${lighten(pal.accent, 0.25)}"/>`,
  );
  out.push(
    `<rect x="650" y="286" width="50" height="36" rx="4" fill="#2f3236"/><rect x="670" y="314" width="10" height="10" fill="#2f3236"/>`,
  );
  out.push(
    `<path d="M470 322q14 -40 28 0z" fill="${lighten(pal.accent, 0.4)}"/><rect x="476" y="300" width="16" height="22" rx="3" fill="#f4efe6"/>`,
  );
  out.push(pendant(520, 70, pal, 1), pendant(680, 70, pal, 1));
  out.push(plant(860, FLOOR_Y + 40, 1.2, rng));
  out.push(plant(360, FLOOR_Y + 30, 0.7, rng));
  return out.join('');
}

function washScene(pal: Palette, rng: Rng): string {
  const out: string[] = [];
  out.push(`<rect x="0" y="120" width="${W}" height="10" fill="${pal.frame}" opacity=".6"/>`);
  for (let i = 0; i < 3; i++) out.push(bottles(120 + i * 280, 120, 5, rng));
  const count = 3;
  for (let i = 0; i < count; i++) {
    const cx = 190 + i * 290;
    const c = pal.chair;
    const d = darken(c, 0.2);
    out.push(
      `<ellipse cx="${cx}" cy="${FLOOR_Y + 90}" rx="120" ry="12" fill="#000" opacity=".12"/>`,
    );
    // Basin on its cabinet at the head end; the lounger reclines towards it.
    out.push(
      `<rect x="${cx + 40}" y="${FLOOR_Y - 96}" width="74" height="170" rx="8" fill="${darken(pal.wallLow, 0.32)}"/>`,
    );
    out.push(
      `<path d="M${cx + 22} ${FLOOR_Y - 112}h110q0 48 -55 48t-55 -48z" fill="#f6f6f4"/><ellipse cx="${cx + 77}" cy="${FLOOR_Y - 112}" rx="55" ry="9" fill="#dfe2e4"/>`,
    );
    out.push(
      `<path d="M${cx + 112} ${FLOOR_Y - 112}v-30q0 -10 -10 -10h-18" stroke="#c8ccd0" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    );
    out.push(
      `<rect x="${cx - 150}" y="${FLOOR_Y + 20}" width="170" height="54" rx="8" fill="${darken(d, 0.25)}"/>`,
    );
    out.push(
      `<rect x="${cx - 160}" y="${FLOOR_Y - 14}" width="190" height="40" rx="18" fill="${d}"/>`,
    );
    out.push(
      `<rect x="${cx - 14}" y="${FLOOR_Y - 44}" width="128" height="52" rx="24" fill="${c}" transform="rotate(-26 ${cx} ${FLOOR_Y - 14})"/>`,
    );
    out.push(
      `<rect x="${cx - 150}" y="${FLOOR_Y - 10}" width="150" height="14" rx="7" fill="${lighten(d, 0.12)}"/>`,
    );
  }
  // Folded towels on a side stand.
  const towel = rng.pick(['#f4efe6', '#e9dccb', '#dfe6dc']);
  for (let j = 0; j < 4; j++)
    out.push(
      `<rect x="${W - 70}" y="${FLOOR_Y - 150 + j * 20}" width="56" height="18" rx="7" fill="${j % 2 ? darken(towel, 0.06) : towel}"/>`,
    );
  out.push(pendant(330, 60, pal, 0), pendant(630, 60, pal, 0));
  return out.join('');
}

export function salonSvg(spec: SalonSpec, size: { width: number; height: number }): string {
  const rng = new Rng(spec.seed);
  const pal = palettes[spec.seed % palettes.length] as Palette;
  const defs = [
    linearGradient('wall', [
      [0, lighten(pal.wall, pal.moody ? 0.04 : 0.25)],
      [0.7, pal.wall],
      [1, pal.wallLow],
    ]),
    linearGradient('floor', [
      [0, pal.floor],
      [1, darken(pal.floor, 0.14)],
    ]),
    linearGradient(
      'glass',
      [
        [0, pal.moody ? '#8a96a0' : '#e8eef2'],
        [1, pal.moody ? '#5c6770' : '#c3ced6'],
      ],
      0,
      0,
      1,
      1,
    ),
    radialGradient('lamp', [
      [0, '#fff4d6', pal.moody ? 0.5 : 0.35],
      [1, '#fff4d6', 0],
    ]),
    radialGradient(
      'sun',
      [
        [0, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
      0.2,
      0.1,
      0.8,
    ),
  ].join('');
  const body = [`<defs>${defs}</defs>`, `<rect width="${W}" height="${H}" fill="url(#wall)"/>`];
  // Wainscot / lower wall band gives depth to an otherwise flat wall.
  body.push(
    `<rect x="0" y="${FLOOR_Y - 150}" width="${W}" height="150" fill="${pal.wallLow}" opacity=".55"/>`,
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#sun)"/>`);
  body.push(floor(pal, rng));
  if (spec.scene === 'stations') body.push(stationsScene(pal, rng));
  else if (spec.scene === 'lounge') body.push(loungeScene(pal, rng));
  else body.push(washScene(pal, rng));
  return svgDoc(size.width, size.height, body.join(''), `0 0 ${W} ${H}`);
}
