/**
 * Product renders and landscape pictures, drawn as SVG from a seeded PRNG and turned into JPEG by sharp: simple
 * shapes, soft light, a camo pattern, no text (fonts differ from machine to machine).
 */
import sharp from 'sharp';
import { Random } from './random.mjs';

const CAMO = {
  timber: ['#6f5e40', '#3f4a2c', '#8c7b57', '#2e2a20', '#58613b'],
  marsh: ['#8a8560', '#5d6440', '#a79f76', '#3d3a2a', '#6e7a4a'],
  snow: ['#d9d9d2', '#9a9c92', '#f2f2ee', '#6d6f66', '#b9bcb1'],
};

/** A tile of irregular blobs in the palette's colours, as an SVG pattern with the id `id`. */
function camoPattern(id, palette, rng, size = 140) {
  const blobs = [];
  for (let i = 0; i < 22; i++) {
    const color = palette[1 + (i % (palette.length - 1))];
    const x = rng.int(0, size);
    const y = rng.int(0, size);
    const rx = rng.int(8, 26);
    const ry = rng.int(5, 14);
    const angle = rng.int(0, 180);
    // drawn at the four wrap positions so the tile repeats without seams
    for (const [dx, dy] of [
      [0, 0],
      [-size, 0],
      [0, -size],
      [-size, -size],
    ])
      blobs.push(
        `<ellipse cx="${x + dx}" cy="${y + dy}" rx="${rx}" ry="${ry}" fill="${color}" transform="rotate(${angle} ${x + dx} ${y + dy})"/>`,
      );
  }
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><rect width="${size}" height="${size}" fill="${palette[0]}"/>${blobs.join('')}</pattern>`;
}

const studio = (w, h) => `
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f0"/><stop offset="1" stop-color="#e4e0d6"/></linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
  <linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#55575a"/><stop offset="0.5" stop-color="#8a8d91"/><stop offset="1" stop-color="#3d3f42"/></linearGradient>
  <!-- ${w}x${h} -->`;

const window = (x, y, w, h, r = 10) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#17170f"/><rect x="${x + 4}" y="${y + 4}" width="${w - 8}" height="${h - 8}" rx="${r - 3}" fill="none" stroke="#2b2b22" stroke-width="2" stroke-dasharray="3 4"/>`;

/** The drawing of each product kind on a 800x600 studio floor (the shadow is drawn by `renderProduct`). */
const DRAW = {
  hub: () => `
    <path d="M170 470 L230 210 Q400 150 570 210 L630 470 Z" fill="url(#camo)"/>
    <path d="M170 470 L230 210 Q400 150 570 210 L630 470 Z" fill="url(#shade)"/>
    <path d="M400 175 L400 470 M230 210 L300 470 M570 210 L500 470" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>
    ${window(250, 270, 110, 60)}${window(440, 270, 110, 60)}
    <path d="M330 470 L340 360 Q400 340 460 360 L470 470 Z" fill="#000" fill-opacity="0.18"/>
    <path d="M170 470 L110 500 M630 470 L690 500" stroke="#5a4a32" stroke-width="3"/>`,
  ground: () => `
    <path d="M200 470 L250 250 Q400 200 550 250 L600 470 Z" fill="url(#camo)"/>
    <path d="M200 470 L250 250 Q400 200 550 250 L600 470 Z" fill="url(#shade)"/>
    ${window(300, 300, 200, 50, 8)}
    <path d="M250 250 L200 470 M550 250 L600 470" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>`,
  box: (big) => `
    <path d="M${big ? 190 : 230} 200 L400 130 L${big ? 610 : 570} 200 Z" fill="#3c4226"/>
    <rect x="${big ? 200 : 240}" y="200" width="${big ? 400 : 320}" height="270" fill="#5b6338"/>
    <rect x="${big ? 200 : 240}" y="200" width="${big ? 400 : 320}" height="270" fill="url(#shade)"/>
    ${window(big ? 225 : 262, 235, big ? 160 : 125, 70, 6)}${window(big ? 415 : 413, 235, big ? 160 : 125, 70, 6)}
    <rect x="370" y="330" width="60" height="140" rx="4" fill="#4a512d" stroke="#2f331c" stroke-width="3"/>
    <circle cx="418" cy="400" r="5" fill="#c9c2a8"/>
    <rect x="${big ? 190 : 230}" y="470" width="${big ? 420 : 340}" height="16" fill="#2f2a20"/>`,
  stand: () => `
    <rect x="250" y="180" width="300" height="24" fill="#3e4043"/>
    <path d="M270 204 L220 500 M530 204 L580 500 M330 204 L310 500 M470 204 L490 500" stroke="url(#steel)" stroke-width="14" stroke-linecap="round"/>
    <path d="M240 380 L560 380 M255 290 L545 290 M230 460 L570 460" stroke="#4d4f52" stroke-width="8"/>
    <path d="M240 290 L560 460 M560 290 L240 460" stroke="#4d4f52" stroke-width="5"/>
    <path d="M380 204 L370 500 M440 204 L450 500" stroke="#6b6e72" stroke-width="8"/>
    ${[240, 290, 340, 390, 440].map((y) => `<path d="M${376 - (y - 204) / 30} ${y} L${444 + (y - 204) / 30} ${y}" stroke="#6b6e72" stroke-width="6"/>`).join('')}`,
  chair: () => `
    <rect x="300" y="180" width="200" height="170" rx="24" fill="url(#camo)"/>
    <rect x="300" y="180" width="200" height="170" rx="24" fill="url(#shade)"/>
    <path d="M270 350 Q400 320 530 350 L520 395 Q400 375 280 395 Z" fill="#2d2a22"/>
    <path d="M330 395 L280 500 M470 395 L520 500 M400 395 L400 505" stroke="url(#steel)" stroke-width="12" stroke-linecap="round"/>
    <ellipse cx="400" cy="395" rx="30" ry="10" fill="#3d3f42"/>`,
  windows: () => `
    <g transform="rotate(-6 330 330)"><rect x="200" y="220" width="230" height="200" rx="10" fill="#4a4234"/>
    <rect x="215" y="235" width="200" height="170" rx="6" fill="#2b2a24"/>
    ${Array.from({ length: 16 }, (_, i) => `<path d="M${222 + i * 12} 240 L${222 + i * 12} 400" stroke="#5b5546" stroke-width="2"/>`).join('')}</g>
    <g transform="rotate(5 480 300)"><rect x="370" y="190" width="230" height="200" rx="10" fill="#5b5241"/>
    <rect x="385" y="205" width="200" height="170" rx="6" fill="#34322a"/>
    ${Array.from({ length: 16 }, (_, i) => `<path d="M${392 + i * 12} 210 L${392 + i * 12} 370" stroke="#686150" stroke-width="2"/>`).join('')}</g>`,
  skirt: (_, rng) => `
    <rect x="150" y="380" width="500" height="40" rx="6" fill="#3e3826"/>
    ${Array.from({ length: 90 }, (_, i) => {
      const x = 155 + i * 5.5;
      const h = 120 + rng.int(0, 110);
      const lean = rng.int(-30, 30);
      const color = rng.pick(['#556b2f', '#6b5d3a', '#8a7a4c', '#3f4f26', '#7d6b45']);
      return `<path d="M${x} 390 Q${x + lean / 2} ${390 - h / 2} ${x + lean} ${390 - h}" stroke="${color}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    }).join('')}`,
  stakes: () => `
    ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${240 + i * 40} 200 L${252 + i * 40} 200 L${246 + i * 40} 470 Z" fill="url(#steel)" transform="rotate(${-12 + i * 5} ${246 + i * 40} 330)"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<ellipse cx="${530}" cy="${400}" rx="${80 - i * 9}" ry="${50 - i * 6}" fill="none" stroke="#b5462b" stroke-width="6"/>`).join('')}`,
  bag: () => `
    <rect x="250" y="170" width="300" height="320" rx="50" fill="url(#camo)"/>
    <rect x="250" y="170" width="300" height="320" rx="50" fill="url(#shade)"/>
    <path d="M300 170 Q300 110 400 110 Q500 110 500 170" stroke="#2b2a22" stroke-width="16" fill="none"/>
    <rect x="290" y="230" width="220" height="16" rx="8" fill="#2b2a22"/>
    <rect x="370" y="300" width="60" height="90" rx="10" fill="#000" fill-opacity="0.2"/>`,
  window: () => `
    <rect x="230" y="170" width="340" height="280" rx="14" fill="#5b6338"/>
    <rect x="230" y="170" width="340" height="280" rx="14" fill="url(#shade)"/>
    <rect x="255" y="195" width="290" height="230" rx="8" fill="#1b1d17"/>
    <rect x="262" y="202" width="276" height="216" rx="6" fill="#a9c1c9" fill-opacity="0.25"/>
    <path d="M275 215 L330 215 L275 270 Z" fill="#fff" fill-opacity="0.25"/>
    <rect x="260" y="150" width="60" height="24" rx="4" fill="url(#steel)"/><rect x="480" y="150" width="60" height="24" rx="4" fill="url(#steel)"/>`,
};

/** A product render (800x600 JPEG) of `kind`, its camo from `palette`, varied by `seed`. */
export async function renderProduct({ kind, palette = 'timber', seed }) {
  const rng = new Random(`product:${seed}`);
  const [name, arg] = kind.split(':');
  const draw = DRAW[name];
  if (!draw) throw new Error(`no drawing for product kind ${kind}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
    <defs>${studio(800, 600)}${camoPattern('camo', CAMO[palette], rng)}</defs>
    <rect width="800" height="600" fill="url(#bg)"/>
    <ellipse cx="400" cy="500" rx="300" ry="34" fill="url(#shadow)"/>
    ${draw(arg === 'big', rng)}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

const SCENES = {
  sunrise: { sky: ['#f6c177', '#f4a261', '#8fb8de'], ground: ['#7f8f4e', '#55663a'], trees: '#2f3a24', sun: '#ffe6a7' },
  autumn: { sky: ['#ffe3b3', '#f5c28b', '#9ec5e8'], ground: ['#a98c4f', '#7a6a3a'], trees: '#9b4d1f', sun: '#fff1cf' },
  snow: { sky: ['#eef3f8', '#cdd9e6', '#a7bcd3'], ground: ['#f4f6f8', '#d7dee6'], trees: '#3b4a3f', sun: '#ffffff' },
  dusk: { sky: ['#3d2c52', '#b55d5d', '#f0a35e'], ground: ['#4b4a33', '#2f2f22'], trees: '#1e1f19', sun: '#ffd08a' },
  spring: { sky: ['#e8f4fb', '#bfe0f4', '#86bde0'], ground: ['#8fbf5a', '#5e8f3a'], trees: '#34562b', sun: '#fffbe6' },
};

/** A field-edge landscape (JPEG, `width`x`height`) at `scene`, with a blind on the hill when `blind`. */
export async function renderScene({ scene, width = 1200, height = 800, seed, blind = true }) {
  const rng = new Random(`scene:${seed}`);
  const s = SCENES[scene] ?? SCENES.sunrise;
  const horizon = height * 0.58;
  const hill = (y, amp, color) => {
    const points = [];
    for (let x = 0; x <= width; x += width / 8) points.push(`${x} ${y + rng.int(-amp, amp)}`);
    return `<path d="M0 ${height} L${points.join(' L')} L${width} ${height} Z" fill="${color}"/>`;
  };
  const trees = Array.from({ length: 46 }, (_, i) => {
    const x = (i / 45) * width + rng.int(-10, 10);
    const h = rng.int(height * 0.08, height * 0.2);
    const w = h * 0.38;
    return `<path d="M${x} ${horizon - h} L${x + w / 2} ${horizon + 6} L${x - w / 2} ${horizon + 6} Z" fill="${s.trees}" fill-opacity="${0.75 + rng.next() * 0.25}"/>`;
  }).join('');
  const bx = width * (0.55 + rng.next() * 0.2);
  const by = height * 0.74;
  const blindShape = blind
    ? `<path d="M${bx - 46} ${by} L${bx - 34} ${by - 58} Q${bx} ${by - 74} ${bx + 34} ${by - 58} L${bx + 46} ${by} Z" fill="url(#camo)"/>
       <rect x="${bx - 24}" y="${by - 44}" width="18" height="12" rx="3" fill="#15140f"/><rect x="${bx + 6}" y="${by - 44}" width="18" height="12" rx="3" fill="#15140f"/>
       <ellipse cx="${bx}" cy="${by + 4}" rx="60" ry="8" fill="#000" fill-opacity="0.2"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="0.45" stop-color="${s.sky[1]}"/><stop offset="1" stop-color="${s.sky[2]}"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="${s.sun}"/><stop offset="0.35" stop-color="${s.sun}" stop-opacity="0.8"/><stop offset="1" stop-color="${s.sun}" stop-opacity="0"/></radialGradient>
      <linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.ground[0]}"/><stop offset="1" stop-color="${s.ground[1]}"/></linearGradient>
      ${camoPattern('camo', CAMO[scene === 'snow' ? 'snow' : 'timber'], rng, 60)}
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * (0.2 + rng.next() * 0.3)}" cy="${horizon - height * 0.1}" r="${height * 0.22}" fill="url(#sun)"/>
    ${trees}
    ${hill(horizon + 10, 14, s.ground[0])}
    ${hill(horizon + height * 0.12, 24, 'url(#field)')}
    ${blindShape}
    ${hill(height * 0.9, 10, s.ground[1])}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
