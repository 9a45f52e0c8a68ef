/** What a hairstyle overlay looks like: the description the seed's styles fill in. */

export type Fringe =
  | 'none'
  /** Dense blunt bangs down to the brows. */
  | 'full'
  /** Sparse see-through bangs (시스루뱅). */
  | 'seeThrough'
  /** Parted in the middle, sweeping to the cheekbones. */
  | 'curtain'
  /** Swept across the forehead from the parting. */
  | 'side';

export type MaleTop =
  | 'forward'
  | 'comma'
  | 'pomade'
  | 'twoBlock'
  /** Crop cut: a two-block's close sides, a short blunt fringe across the upper forehead. */
  | 'crop'
  /** Mash wolf: the dandy's mushroom top with longer, flicked pieces at the nape. */
  | 'mashWolf'
  /** Regent (up-bang): the front lifted up and back, no hard parting, short sides. */
  | 'regent';

export interface HairstyleShape {
  /** Parting x in temple units (0 = centre, negative = the image's left). */
  part: number;
  /** Extra height of the hair above the skull top, temple units. */
  volume: number;
  /** Half width of the hair mass at the temples, temple units (skull ≈ 0.68). */
  width: number;
  /** y of the ends at the back/outside, temple units (chin = 1.25, shoulders ≈ 1.9). */
  length: number;
  /** y of the face-framing front ends (layers); defaults to `length`. */
  frontLength?: number;
  /** Half width at the ends. */
  endWidth: number;
  /** Share of strands cut shorter (layers) 0..1. */
  layered: number;
  /** Wave amplitude (temple units) and period (temple units of path length); 0 = straight. */
  wave: number;
  wavePeriod: number;
  /** How far the locks' waves fall out of step (default 1; see the patch's `waveJitter`). */
  waveJitter?: number;
  /** Tips curl inwards (C-curl, positive) or flick outwards (negative), temple units. */
  curl: number;
  fringe: Fringe;
  /** Fringe ends, y in temple units (brows ≈ 0.15). */
  fringeLength?: number;
  /**
   * Men: which cut (`forward` = the dandy's mushroom, falling forward; `twoBlock`, `comma`,
   * `pomade`, `crop`, `mashWolf`, `regent`), each with its own geometry and short sides.
   */
  male?: MaleTop;
}
