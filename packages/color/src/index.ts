export {
  cbrtLinear,
  hexToOklab,
  linearRgbToOklab,
  linearToSrgb,
  linearToSrgb8,
  oklabToLinearRgb,
  srgb8ToOklab,
  srgbToLinear,
  srgbToLinearLut,
  type Lab,
} from './oklab.js';
export {
  hairLightness,
  recolorHair,
  type HairLightness,
  type RecolorOptions,
  type RgbImage,
} from './recolor.js';
export { analyseHair, dyeOf, dyePixels, type Dye, type HairFields, type Rgba } from './preview.js';
