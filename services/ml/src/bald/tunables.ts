/** Tunables, in shares of the face width (distance between the cheek points). */
export const geometry = {
  /** Skull half width / half face width at the cheeks. */
  skullWidth: 1.1,
  /** ...plus this share of the nose's sideways offset (a turned head shows more skull). */
  yawWiden: 0.45,
  /** Below the cheeks the skull is rounded off this share of the way to the chin. */
  skullBottom: 0.5,
  /**
   * A turned head: the skull's centre moves toward the back of the head by this share of the
   * nose's sideways offset from the middle of the cheeks.
   */
  yawShift: 0.45,
  /** Top of the skull above the chin, in chin→estimated-hairline distances. */
  skullTop: 1.14,
  /**
   * Where the long hair kept below the cut begins (no below-jaw pass): the cut lies between
   * `removeBelowChin` and `removeBelowChin + removeFeather`, its depth varying along it as hair
   * tips do (smooth value noise, two octaves, the finer one `wavelength` face widths long), the
   * kept hair fading in over `feather` face widths.
   */
  hairTips: { wavelength: 0.05, feather: 0.02 },
  /** Hair mask grown by this share of the face width (covers the soft edge and shadows). */
  hairGrow: 0.014,
  /** ...from the matte box-blurred over this share of the face width first (specks go). */
  seedSmooth: 0.005,
  /** Brows and eyes are kept: their outline grown by this share. */
  featureGrow: 0.03,
  /** Skin colour is sampled in disks of this radius on both cheeks. */
  cheekRadius: 0.07,
  /**
   * Hair is removed down to this far below the chin, in chin-to-skull-centre distances (one
   * membrane fill over long hair on the chest only smears the clothes); below it, below-jaw.ts
   * replaces the thin pieces per kind of surrounding and keeps the thick ones.
   */
  removeBelowChin: 0.35,
  /** ...with a soft end over this distance (same unit). */
  removeFeather: 0.25,
  /**
   * The neck below the mouth: hair in front of it becomes skin within this half width of its
   * middle (share of the face width; a neck is about 0.6 face widths wide), soft over
   * `neckFeather`.
   */
  neckHalfWidth: 0.3,
  neckFeather: 0.06,
  /**
   * Whether the neck shows is judged from the pixels that are not hair in its column from this
   * far to this far below the chin (shares of the face width; just below the chin lies its
   * shadow): the column is skin when at least `neckSkinShare` of them look like the cheeks' skin,
   * none below `neckSkinShare − neckSkinFeather`. Fewer than `neckProbeMinShare` of the column
   * not hair (hair covers the neck): assumed to show.
   */
  neckProbeFrom: 0.1,
  neckProbeTo: 0.45,
  neckSkinShare: 0.35,
  neckSkinFeather: 0.2,
  neckProbeMinShare: 0.15,
  /**
   * The chin's shadow on skin filled below the mouth just outside the face oval: this much
   * darker at the jaw line, fading out over `jawShadowReach` (share of the face width) from it.
   */
  jawShadow: 0.2,
  jawShadowReach: 0.1,
  /**
   * The removal's working resolution: the face's width in px (cheek to cheek) above which the
   * head is worked on scaled down (ADR 039: a 1024-px portrait's face is 250–450 px wide; at
   * 200 px the fills take a third to a fifth of the time and the skin and background they
   * rebuild lose little, since only the change is scaled back up).
   */
  workFaceWidth: 140,
  /**
   * Search-and-vote rounds per level of the background's patch fill (patch-fill.ts; 5 there by
   * default): after 3 the field barely moves on these holes, and the search was half the fill.
   */
  patchIterations: 3,
  /** Context kept around what can change (boundary of the fills), share of face width. */
  roiMargin: 0.12,
  /** Skin boundary: the face oval grown by this share. */
  skinMargin: 0.18,
  /**
   * Below the temple line (the top of the brows) a bald head shows no skin beside the face
   * (ears, neck, background): hair there becomes skin only within this share of the face width
   * outside the face oval (keeps the face's edge clean), background beyond it.
   */
  cheekMargin: 0.04,
  /** ...blended into the background over this share of the face width. */
  cheekFeather: 0.03,
  /**
   * The skull cap (skin beside the face, up to the skull ellipse) narrows into the face's outline
   * from this far above the top of the brows (the temple line) to this far below it, in skull
   * half-heights (the v unit of the head coordinates).
   */
  templeBelow: 0.14,
  templeAbove: 0.06,
  /**
   * A turned head shows the side of its skull behind the face (above and behind the ear) down
   * to the ear, not only above the temples: on the back side (away from the nose) the temple line
   * is lowered by this many skull half-heights, as far as the head is turned (the nose's sideways
   * offset from the middle of the cheeks, in face widths, from `turnFrom` (not at all) to
   * `turnTo` (fully); a face turned less than that keeps the frontal cap). The web's placement
   * lengthens a short style's back over that skin from the same turn (`NAPE_TURN_*` in
   * apps/web/src/features/simulation/placement.ts): keep them in step.
   */
  backTempleDrop: 1,
  turnFrom: 0.4,
  turnTo: 0.55,
  /** Inside the face oval hair is kept below the eyes, removed fully this far above them. */
  eyeBand: 0.08,
  /**
   * ...except at the face's sides (strands beside the cheeks, the far side of a turned face):
   * hair is replaced within this depth inside the oval's edge (share of face width), with a soft
   * seam of ±`ovalFeather` toward the hair kept deeper in...
   */
  ovalMargin: 0.2,
  ovalFeather: 0.05,
  /** The scalp map (BaldResult.scalp) fades in over this many face widths beyond the oval. */
  scalpFeather: 0.02,
  /**
   * ...and only beside and behind the face: from this far inside to this far beyond the oval's
   * widest extent across the head (skull half widths), not over the forehead.
   */
  scalpSideIn: 0.02,
  scalpSideOut: 0.12,
  /**
   * ...and beyond the outer eye corners (across the face) by more than this share of the face
   * width, with a soft seam of ±`eyeSideFeather`. On a frontal face eyes, nose and mouth lie
   * inside both (the eyes and brows are kept anyway); the hair matte has little hair there (the
   * segmentation clears the lower face).
   */
  eyeSide: 0.04,
  eyeSideFeather: 0.03,
  /**
   * The mouth (within this share of the face width of the line between its corners) and the
   * nose (this far around its tip) are kept all the same, fading out over `ovalFeather`.
   */
  mouthKeep: 0.08,
  /**
   * Within this share of the face width of the mouth's line, a pixel is hair only from this
   * matte on: the corner of a smiling mouth on a turned face lies beyond the oval, and a speck
   * of matte above it (0.2–0.45 on Frame00308, 0.1 face widths from the corner), grown, became a
   * grey blob of background fill over the lip.
   */
  mouthHairReach: 0.12,
  mouthHairMatte: 0.5,
  noseKeep: 0.12,
  /**
   * The skin right beside the hair often lies in its shadow: darker and much redder (light
   * through the hair, a face turning away under it). A fill continued from it alone spreads that
   * colour over the whole filled side (lexi: a mauve-brown panel beside a peach face). So a second
   * fill is solved from the skin farther than `shadowBand` (share of the face width) from the
   * hair; the filled skin is the first fill at the real skin's edge and turns into the second
   * over `shadowReach` from it...
   */
  shadowBand: 0.1,
  shadowReach: 0.15,
  /**
   * ...as far as the first is redder than the second: (R − B) / luma greater by `shadowRedFrom`
   * (not at all) to `shadowRedTo` (fully). The shaded side of a face lit from one side has the
   * same proportions as its lit side, only darker, and keeps the first fill.
   */
  shadowRedFrom: 0.04,
  shadowRedTo: 0.12,
  /** Texture high-pass: luminance minus its box blur of this radius (share of face width). */
  textureScale: 0.02,
  /** Strongest texture added, standard deviation in 8-bit levels. */
  textureMaxStd: 2.5,
  /** Side of the cheek texture patch. */
  texturePatch: 0.16,
  /** Strongest grain added to the background fill (standard deviation, 8-bit levels). */
  backgroundMaxStd: 4,
  /**
   * How far around the hair the background fill takes its patches from (0.6 copied pieces of
   * the paintings on a wall into the gap beside a face; nearer, it continues the wall).
   */
  backgroundReach: 0.3,
};
