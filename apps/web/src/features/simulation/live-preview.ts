import { dyeOf, dyePixels, type HairFields, type Rgba } from '@carol/color';

/**
 * The live colour preview: the ML service's recolour redone in the browser from the photo and the
 * service's hair matte (/hair-mask/predict/v1), so a tap or a slider move shows the dyed hair at
 * once; the service's own image replaces it when it arrives, and only that image is saved or
 * shared. The maths is the service's own (@carol/color): analyseHair once per photo (in a
 * worker), then per colour and strength a WebGL2 fragment shader (below, the GPU twin of
 * dyePixels) or dyePixels on a 2D canvas when WebGL2 is not available.
 */

/** Draws the preview of a colour and strength on its own canvas. */
export interface PreviewRenderer {
  readonly canvas: HTMLCanvasElement;
  readonly kind: 'webgl' | '2d';
  draw(hex: string, strength: number): void;
  dispose(): void;
}

const vertexShader = `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`;

const fragmentShader = `#version 300 es
precision highp float;
precision highp int;
uniform sampler2D photo;
uniform highp sampler2D hair;
uniform highp sampler2D shade;
uniform ivec4 box;
uniform int photoHeight;
uniform float strength, targetL, gain, targetChroma, hueA, hueB, darkChroma, lightChroma;
out vec4 color;

vec3 toLinear(vec3 c) {
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}
vec3 toSrgb(vec3 v) {
  v = clamp(v, 0.0, 1.0);
  return mix(12.92 * v, 1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), v));
}
vec3 oklabToLinear(vec3 lab) {
  float l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z;
  float m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z;
  float s = lab.x - 0.0894841775 * lab.y - 1.291485548 * lab.z;
  l = l * l * l;
  m = m * m * m;
  s = s * s * s;
  return vec3(
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
}
float softClip(float L) {
  const float knee = 0.86;
  const float room = 0.985 - knee;
  return L <= knee ? max(L, 0.02) : knee + room * tanh((L - knee) / room);
}

void main() {
  // Canvas rows run top-down in the textures, bottom-up in gl_FragCoord.
  ivec2 p = ivec2(int(gl_FragCoord.x), photoHeight - 1 - int(gl_FragCoord.y));
  vec4 original = texelFetch(photo, p, 0);
  color = vec4(original.rgb, 1.0);
  ivec2 q = p - box.xy;
  if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, box.zw))) return;
  vec4 h = texelFetch(hair, q, 0);
  float m = h.x;
  if (m <= 0.0) return;
  vec2 sh = texelFetch(shade, q, 0).xy;
  float newL = softClip(targetL + sh.x * gain);
  float chroma = targetChroma * (newL <= targetL
    ? max(0.3, newL * darkChroma)
    : max(0.35, 1.0 - (newL - targetL) * lightChroma));
  float s = strength * sh.y;
  vec3 dyed = clamp(oklabToLinear(vec3(
    h.y + s * (newL - h.y),
    h.z + s * (hueA * chroma - h.z),
    h.w + s * (hueB * chroma - h.w))), 0.0, 1.0);
  vec3 linear = toLinear(original.rgb);
  vec3 hairNow = m >= 0.999 ? linear : clamp(oklabToLinear(h.yzw), 0.0, 1.0);
  // overPaint: paint over where the swap implies a background below 0 (@carol/color's dyePixel).
  vec3 implied = linear - m * hairNow;
  float least = min(implied.x, min(implied.y, implied.z)) / max(1.0 - m, 1e-6);
  float over = m >= 0.999 ? 0.0 : clamp(-least / 0.1, 0.0, 1.0);
  color = vec4(toSrgb(linear + m * (dyed - hairNow) + over * m * (hairNow - linear)), 1.0);
}`;

function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // Photo pixels stretched over the stage, like the photo's <img>.
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
  return canvas;
}

function createWebglRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  const canvas = newCanvas(photo.width, photo.height);
  // preserveDrawingBuffer: the picture stays readable (e2e reads its pixels) between draws.
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    preserveDrawingBuffer: true,
  });
  if (!gl) return null;
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    return shader;
  };
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, vertexShader));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, fragmentShader));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);

  const quad = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, quad);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  // Bytes as they are: no colour management, no premultiplication, rows top-down.
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  const { box } = fields;
  const textures = [
    { name: 'photo', internal: gl.RGBA8, format: gl.RGBA, type: gl.UNSIGNED_BYTE },
    { name: 'hair', internal: gl.RGBA16F, format: gl.RGBA, type: gl.FLOAT },
    { name: 'shade', internal: gl.RG16F, format: gl.RG, type: gl.FLOAT },
  ].map(({ name, internal, format, type }, unit) => {
    const texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER])
      gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
    for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T])
      gl.texParameteri(gl.TEXTURE_2D, parameter, gl.CLAMP_TO_EDGE);
    const [width, height, pixels] =
      name === 'photo'
        ? [
            photo.width,
            photo.height,
            new Uint8Array(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength),
          ]
        : [box.width, box.height, name === 'hair' ? fields.hair : fields.shade];
    gl.texImage2D(gl.TEXTURE_2D, 0, internal, width, height, 0, format, type, pixels);
    gl.uniform1i(gl.getUniformLocation(program, name), unit);
    return texture;
  });
  gl.uniform4i(gl.getUniformLocation(program, 'box'), box.x0, box.y0, box.width, box.height);
  gl.uniform1i(gl.getUniformLocation(program, 'photoHeight'), photo.height);
  if (gl.getError() !== gl.NO_ERROR) return null;
  gl.viewport(0, 0, photo.width, photo.height);

  const uniforms = (
    [
      'strength',
      'targetL',
      'gain',
      'targetChroma',
      'hueA',
      'hueB',
      'darkChroma',
      'lightChroma',
    ] as const
  ).map((name) => [name, gl.getUniformLocation(program, name)] as const);
  return {
    canvas,
    kind: 'webgl',
    draw(hex, strength) {
      const dye = dyeOf(fields, hex, strength);
      for (const [name, location] of uniforms) gl.uniform1f(location, dye[name]);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
    dispose() {
      for (const texture of textures) gl.deleteTexture(texture);
      gl.deleteBuffer(quad);
      gl.deleteProgram(program);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}

function createCanvasRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  const canvas = newCanvas(photo.width, photo.height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(photo.width, photo.height);
  return {
    canvas,
    kind: '2d',
    draw(hex, strength) {
      dyePixels(photo, fields, dyeOf(fields, hex, strength), image.data);
      context.putImageData(image, 0, 0);
    },
    dispose() {
      canvas.width = 0;
    },
  };
}

/** A renderer for the photo: WebGL2 when the browser has it, else a 2D canvas; null if neither. */
export function createPreviewRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  return createWebglRenderer(photo, fields) ?? createCanvasRenderer(photo, fields);
}
