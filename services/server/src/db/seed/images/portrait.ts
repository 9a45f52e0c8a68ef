import { darken, lighten, linearGradient, mix, n, radialGradient, svgDoc } from './svg.js';
import { croppedHair } from './portrait-cropped.js';
import { framingHair } from './portrait-framing.js';
import { CX, type HairShape } from './portrait-hair.js';

/**
 * Flat, head-and-shoulders portraits for the style book and designer avatars. Everything is
 * drawn on a 600×750 board; the avatar variant only changes the viewBox. The hair is drawn by
 * portrait-framing.ts (hair around the face) and portrait-cropped.ts (short cuts).
 */
export type ClothingKind = 'crew' | 'vneck' | 'turtle' | 'collar';
export type EyeKind = 'open' | 'smile' | 'calm';

export interface PortraitSpec {
  hair: HairShape;
  hairColor: string;
  skin: string;
  clothing: string;
  clothingKind: ClothingKind;
  background: readonly [string, string];
  eyes: EyeKind;
  feminine: boolean;
  /** Shifts waves and strand placement so two portraits of one style still differ. */
  variant: number;
  /** Lighter streaks (highlights, balayage) in this colour. */
  highlight?: string;
}

const FACE =
  'M300 198C358 198 396 240 396 318C396 392 366 440 328 463Q300 478 272 463C234 440 204 392 204 318C204 240 242 198 300 198Z';
/** A squarer jaw and chin for men. */
const FACE_M =
  'M300 198C360 198 398 240 398 318C398 386 378 430 342 458Q300 482 258 458C222 430 202 386 202 318C202 240 240 198 300 198Z';

function eyes(kind: EyeKind, ink: string): string {
  const parts: string[] = [];
  for (const x of [258, 342]) {
    const dir = x < CX ? -1 : 1;
    if (kind === 'open') {
      parts.push(`<ellipse cx="${x}" cy="338" rx="7.5" ry="9" fill="${ink}"/>`);
      parts.push(`<circle cx="${x + 2.5}" cy="334.5" r="2.4" fill="#fff" opacity=".9"/>`);
      parts.push(
        `<path d="M${x - 13} 333Q${x} 322 ${x + 13} 331" stroke="${ink}" stroke-width="3.2" fill="none" stroke-linecap="round"/>`,
      );
      parts.push(
        `<path d="M${x + dir * 12} 331l${dir * 5} -4" stroke="${ink}" stroke-width="2.6" stroke-linecap="round"/>`,
      );
    } else if (kind === 'smile') {
      parts.push(
        `<path d="M${x - 12} 340Q${x} 328 ${x + 12} 340" stroke="${ink}" stroke-width="3.6" fill="none" stroke-linecap="round"/>`,
      );
    } else {
      parts.push(
        `<path d="M${x - 13} 334Q${x} 344 ${x + 13} 334" stroke="${ink}" stroke-width="3.4" fill="none" stroke-linecap="round"/>`,
      );
      parts.push(
        `<path d="M${x + dir * 12} 335l${dir * 5} 3" stroke="${ink}" stroke-width="2.6" stroke-linecap="round"/>`,
      );
    }
  }
  return parts.join('');
}

function clothing(kind: ClothingKind, color: string, skinShade: string, feminine: boolean): string {
  const dark = darken(color, 0.18);
  const light = lighten(color, 0.12);
  const torso = feminine
    ? 'M30 770C32 690 46 644 98 616C150 590 200 576 254 556Q300 548 346 556C400 576 450 590 502 616C554 644 568 690 570 770Z'
    : 'M6 770C8 684 24 630 80 600C136 572 196 562 250 548Q300 540 350 548C404 562 464 572 520 600C576 630 592 684 594 770Z';
  const out = [`<path d="${torso}" fill="url(#cloth)"/>`];
  // Soft fold lines keep the flat torso from looking like a cut-out.
  out.push(
    `<path d="M132 650Q150 700 148 770M468 650Q450 700 452 770" stroke="${dark}" stroke-width="3" fill="none" opacity=".25" stroke-linecap="round"/>`,
  );
  switch (kind) {
    case 'vneck':
      out.push(`<path d="M250 552L300 628L350 552Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M250 552L300 628L350 552" stroke="${dark}" stroke-width="9" fill="none" stroke-linejoin="round"/>`,
      );
      break;
    case 'turtle':
      out.push(`<path d="M256 486Q300 500 344 486L352 566Q300 582 248 566Z" fill="${light}"/>`);
      for (const x of [266, 283, 300, 317, 334])
        out.push(`<path d="M${x} 498V572" stroke="${dark}" stroke-width="2.5" opacity=".35"/>`);
      break;
    case 'collar':
      out.push(`<path d="M258 548L300 612L342 548Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M254 538L300 612L270 628L236 566Z" fill="#f7f5f0"/><path d="M346 538L300 612L330 628L364 566Z" fill="#efece6"/>`,
      );
      out.push(`<path d="M300 632V770" stroke="${dark}" stroke-width="3" opacity=".45"/>`);
      break;
    case 'crew':
    default:
      out.push(`<path d="M254 552Q300 598 346 552Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M252 552Q300 600 348 552" stroke="${dark}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      );
      break;
  }
  return out.join('');
}

export function portraitSvg(
  spec: PortraitSpec,
  size: { width: number; height: number; crop: 'portrait' | 'avatar' },
): string {
  const hair =
    spec.hair.build === 'framing'
      ? framingHair(spec.hair, spec.variant)
      : croppedHair(spec.hair, spec.variant);
  const hc = spec.hairColor;
  const face = spec.feminine ? FACE : FACE_M;
  const skin = spec.skin;
  const skinShade = mix(skin, '#8a4f3a', 0.18);
  const skinDeep = mix(skin, '#7a3f30', 0.3);
  const [bg1, bg2] = spec.background;
  const ink = mix(darken(hc, 0.55), '#2a1d19', 0.6);
  const brow = mix(darken(hc, 0.3), '#3b2a22', 0.45);
  const lip = spec.feminine ? mix(skin, '#d05a62', 0.55) : mix(skin, '#b0645a', 0.3);

  const defs = [
    linearGradient(
      'bg',
      [
        [0, bg1],
        [1, bg2],
      ],
      0,
      0,
      0.4,
      1,
    ),
    linearGradient('hair', [
      [0, lighten(hc, 0.22)],
      [0.35, hc],
      [1, darken(hc, 0.28)],
    ]),
    linearGradient('neck', [
      [0, skinDeep],
      [0.42, skinShade],
      [1, skinShade],
    ]),
    linearGradient('cloth', [
      [0, lighten(spec.clothing, 0.06)],
      [1, darken(spec.clothing, 0.12)],
    ]),
    radialGradient('glow', [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0],
    ]),
    `<clipPath id="face"><path d="${face}"/></clipPath>`,
    `<clipPath id="hairclip"><path d="${hair.front}"/></clipPath>`,
  ].join('');

  const body: string[] = [`<defs>${defs}</defs>`];
  const hairDark = darken(hc, 0.32);
  const strandLight = lighten(hc, 0.35);
  const strandDark = darken(hc, 0.35);
  const texture =
    `<g clip-path="url(#hairclip)" fill="none" stroke-linecap="round">` +
    hair.darkStrands
      .map((d) => `<path d="${d}" stroke="${strandDark}" stroke-width="2.8" opacity=".32"/>`)
      .join('') +
    (spec.highlight
      ? hair.strands
          .map((d) => `<path d="${d}" stroke="${spec.highlight}" stroke-width="9" opacity=".6"/>`)
          .join('')
      : '') +
    hair.strands
      .map(
        (d, i) =>
          `<path d="${d}" stroke="${strandLight}" stroke-width="${i % 3 === 0 ? 3 : 2}" opacity="${i % 2 ? 0.3 : 0.42}"/>`,
      )
      .join('') +
    `<path d="${hair.shine}" stroke="${lighten(hc, 0.55)}" stroke-width="26" opacity=".14"/>` +
    `<path d="${hair.shine}" stroke="${lighten(hc, 0.7)}" stroke-width="5" opacity=".22"/>` +
    `</g>`;
  const frontCurls = hair.curls
    .map((c) => `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(c.r)}" fill="url(#hair)"/>`)
    .join('');
  const backCurls =
    spec.hair.build === 'framing'
      ? hair.curls
          .map(
            (c) => `<circle cx="${n(c.x)}" cy="${n(c.y + 6)}" r="${n(c.r)}" fill="${hairDark}"/>`,
          )
          .join('')
      : '';
  const viewBox = size.crop === 'avatar' ? '45 100 510 510' : '0 0 600 750';

  body.push(`<rect x="-200" y="-200" width="1000" height="1150" fill="url(#bg)"/>`);
  body.push(`<circle cx="300" cy="330" r="290" fill="url(#glow)"/>`);
  body.push(
    `<circle cx="${n(470 - spec.variant * 37)}" cy="${n(120 + spec.variant * 23)}" r="70" fill="${lighten(bg2, 0.35)}" opacity=".5"/>`,
  );
  body.push(
    `<circle cx="${n(110 + (spec.variant % 3) * 20)}" cy="${n(560 - (spec.variant % 4) * 30)}" r="38" fill="#ffffff" opacity=".35"/>`,
  );

  if (hair.back) body.push(`<path d="${hair.back}" fill="${hairDark}"/>`);
  body.push(backCurls);

  // Neck and shoulders.
  body.push(`<path d="M264 410L258 556Q300 572 342 556L336 410Z" fill="url(#neck)"/>`);
  body.push(
    `<g transform="translate(0 -14)">${clothing(spec.clothingKind, spec.clothing, skinShade, spec.feminine)}</g>`,
  );

  // Ears sit behind the face outline; long hair covers them anyway.
  for (const x of [206, 394]) {
    body.push(
      `<ellipse cx="${x}" cy="346" rx="16" ry="27" fill="${skinShade}"/><ellipse cx="${x}" cy="348" rx="7" ry="14" fill="${skinDeep}" opacity=".45"/>`,
    );
  }
  body.push(`<path d="${face}" fill="${skin}"/>`);
  // Hair throws a soft shadow on the forehead and cheeks; it is what makes the head read as 3-D.
  body.push(
    `<g clip-path="url(#face)"><path d="${hair.front}" transform="translate(0 11)" fill="${skinShade}" opacity=".85"/></g>`,
  );
  if (hair.sides) body.push(`<path d="${hair.sides}" fill="${mix(skin, hairDark, 0.55)}"/>`);

  body.push(
    `<path d="M244 306Q260 296 280 302" stroke="${brow}" stroke-width="${spec.feminine ? 4.5 : 7}" fill="none" stroke-linecap="round"/>`,
  );
  body.push(
    `<path d="M320 302Q340 296 356 306" stroke="${brow}" stroke-width="${spec.feminine ? 4.5 : 7}" fill="none" stroke-linecap="round"/>`,
  );
  body.push(eyes(spec.eyes, ink));
  body.push(
    `<path d="M302 352Q292 378 297 386Q302 390 310 386" stroke="${skinDeep}" stroke-width="3" fill="none" stroke-linecap="round" opacity=".7"/>`,
  );
  body.push(
    `<ellipse cx="248" cy="384" rx="22" ry="12" fill="#f08c86" opacity="${spec.feminine ? 0.32 : 0.14}"/><ellipse cx="352" cy="384" rx="22" ry="12" fill="#f08c86" opacity="${spec.feminine ? 0.32 : 0.14}"/>`,
  );
  body.push(
    `<path d="M280 414Q290 408 300 412Q310 408 320 414Q312 430 300 430Q288 430 280 414Z" fill="${lip}"/>`,
  );
  body.push(
    `<path d="M282 414Q300 419 318 414" stroke="${darken(lip, 0.25)}" stroke-width="1.6" fill="none" opacity=".6"/>`,
  );

  // Front hair with its texture clipped inside.
  body.push(frontCurls, `<path d="${hair.front}" fill="url(#hair)"/>`, texture);
  return svgDoc(size.width, size.height, body.join(''), viewBox);
}
