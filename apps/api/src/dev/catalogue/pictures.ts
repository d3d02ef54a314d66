/*
 * Product pictures for the demo catalogue, drawn as SVG at seed time (no downloads): a soft gradient backdrop in
 * the category's colours, a lit container silhouette (bottle, jar, tube, compact...) in the product's colour, and
 * the product's name on its label or on a card beside it, like a studio product shot.
 */

export type ShapeKind =
  | 'dropper'
  | 'spray'
  | 'pump'
  | 'jar'
  | 'tube'
  | 'lipstick'
  | 'gloss'
  | 'compact'
  | 'palette'
  | 'mascara'
  | 'polish'
  | 'can'
  | 'perfume'
  | 'roller'
  | 'bar'
  | 'bottle'
  | 'brush'
  | 'brushes'
  | 'sponge'
  | 'comb'
  | 'pouch'
  | 'faceroller'
  | 'scrunchie';

export interface Backdrop {
  /** Light and deep tints of the backdrop. */
  light: string;
  deep: string;
}

export interface DemoPicture {
  name: string;
  kind: ShapeKind;
  /** The product's own colour (liquid, lipstick shade, bottle). */
  color: string;
  /** Cap, pump, lid. */
  cap?: string;
  backdrop: Backdrop;
  /** A second picture: a swatch of the texture instead of the pack. */
  variant?: 'pack' | 'swatch';
}

const SIZE = 1200;
const CX = 600;
const FLOOR = 1000;
const SERIF = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

/** Lightens (amount > 0) or darkens (< 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    amount >= 0 ? c + (255 - c) * amount : c * (1 + amount),
  );
  return `#${channels.map((c) => clamp(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** Splits a name into lines of about `width` characters, at most `max` lines. */
export function wrapWords(text: string, width: number, max = 3): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]} ${lines.slice(max).join(' ')}`;
  return kept;
}

/** A centred block of lines that fits `width` px: the longest line sets the font size. */
function textBlock(
  lines: string[],
  options: {
    x: number;
    y: number;
    width: number;
    maxSize: number;
    color: string;
    family?: string;
    weight?: number;
  },
): string {
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.min(options.maxSize, Math.floor(options.width / (longest * 0.5)));
  const lineHeight = size * 1.12;
  const top = options.y - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  return lines
    .map(
      (line, i) =>
        `<text x="${options.x}" y="${(top + i * lineHeight).toFixed(1)}" text-anchor="middle" font-family="${options.family ?? SERIF}" font-size="${size}" font-weight="${options.weight ?? 700}" fill="${options.color}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A paper label on a container: the shop's mark and the product name. */
function label(name: string, x: number, y: number, w: number, h: number, accent: string): string {
  const lines = wrapWords(name, Math.max(8, Math.round(w / 19)), h > 200 ? 4 : 3);
  return `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(18, h / 6)}" fill="#fffaf5" opacity="0.96"/>
    <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="${Math.min(12, h / 8)}" fill="none" stroke="${accent}" stroke-width="2" opacity="0.5"/>
    <text x="${x + w / 2}" y="${y + 44}" text-anchor="middle" font-family="${SANS}" font-size="20" letter-spacing="7" fill="${accent}">UREMBO</text>
    ${textBlock(lines, { x: x + w / 2, y: y + 44 + (h - 44) / 2, width: w - 36, maxSize: 42, color: '#3a2530' })}`;
}

/** A card under the product for packs with no room for a label. */
function caption(name: string, accent: string): string {
  const lines = wrapWords(name, 30, 2);
  const h = lines.length > 1 ? 150 : 110;
  const y = 1190 - h - 24;
  return `
    <rect x="200" y="${y}" width="800" height="${h}" rx="28" fill="#fffaf5" opacity="0.94"/>
    <text x="600" y="${y + 36}" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="7" fill="${accent}">UREMBO</text>
    ${textBlock(lines, { x: 600, y: y + 36 + (h - 36) / 2, width: 720, maxSize: 40, color: '#3a2530' })}`;
}

/** Vertical light across a cylinder: dark edges, a bright band left of centre. */
function bodyGradient(id: string, color: string): string {
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="${shade(color, -0.28)}"/>
    <stop offset="0.22" stop-color="${shade(color, 0.18)}"/>
    <stop offset="0.34" stop-color="${shade(color, 0.32)}"/>
    <stop offset="0.55" stop-color="${color}"/>
    <stop offset="1" stop-color="${shade(color, -0.35)}"/>
  </linearGradient>`;
}

function shadow(width: number): string {
  return `<ellipse cx="${CX}" cy="${FLOOR + 6}" rx="${width / 2 + 40}" ry="34" fill="url(#floor)"/>`;
}

function highlight(x: number, y: number, h: number): string {
  return `<rect x="${x}" y="${y}" width="16" height="${h}" rx="8" fill="#ffffff" opacity="0.28"/>`;
}

interface Drawn {
  body: string;
  /** True when the name is on the pack; otherwise a caption card is added. */
  labelled: boolean;
}

function drawPack(p: DemoPicture): Drawn {
  const c = p.color;
  const cap = p.cap ?? '#2b1a21';
  const accent = shade(p.backdrop.deep, -0.45);
  switch (p.kind) {
    case 'dropper':
      return {
        labelled: true,
        body: `${shadow(280)}
          <rect x="460" y="540" width="280" height="460" rx="46" fill="url(#body)"/>
          <rect x="540" y="490" width="120" height="70" rx="10" fill="${shade(c, -0.3)}"/>
          <rect x="520" y="420" width="160" height="84" rx="14" fill="url(#cap)"/>
          <rect x="555" y="250" width="90" height="190" rx="45" fill="${shade(cap, 0.08)}"/>
          ${highlight(490, 580, 360)}
          ${label(p.name, 485, 650, 230, 280, accent)}`,
      };
    case 'spray':
      return {
        labelled: true,
        body: `${shadow(290)}
          <rect x="455" y="420" width="290" height="580" rx="54" fill="url(#body)"/>
          <rect x="555" y="370" width="90" height="60" rx="8" fill="url(#cap)"/>
          <rect x="540" y="300" width="120" height="78" rx="16" fill="url(#cap)"/>
          <rect x="650" y="318" width="36" height="18" rx="6" fill="${shade(cap, -0.2)}"/>
          ${highlight(485, 470, 470)}
          ${label(p.name, 480, 560, 240, 300, accent)}`,
      };
    case 'pump':
      return {
        labelled: true,
        body: `${shadow(310)}
          <rect x="445" y="460" width="310" height="540" rx="64" fill="url(#body)"/>
          <rect x="540" y="410" width="120" height="62" rx="10" fill="url(#cap)"/>
          <rect x="585" y="320" width="30" height="95" fill="${shade(cap, 0.15)}"/>
          <path d="M515 292 h170 a14 14 0 0 1 14 14 v20 h-198 v-20 a14 14 0 0 1 14 -14z" fill="url(#cap)"/>
          <rect x="680" y="300" width="120" height="22" rx="10" fill="url(#cap)"/>
          ${highlight(478, 520, 420)}
          ${label(p.name, 475, 580, 250, 300, accent)}`,
      };
    case 'jar':
      return {
        labelled: true,
        body: `${shadow(480)}
          <rect x="360" y="690" width="480" height="310" rx="44" fill="url(#body)"/>
          <rect x="345" y="600" width="510" height="110" rx="26" fill="url(#cap)"/>
          <rect x="345" y="690" width="510" height="16" fill="${shade(cap, -0.25)}" opacity="0.6"/>
          ${highlight(395, 720, 240)}
          ${label(p.name, 430, 735, 340, 230, accent)}`,
      };
    case 'tube':
      return {
        labelled: true,
        body: `${shadow(240)}
          <path d="M470 330 L730 330 L700 890 Q600 905 500 890 Z" fill="url(#body)"/>
          <rect x="458" y="300" width="284" height="44" rx="6" fill="${shade(c, -0.2)}"/>
          <g stroke="${shade(c, -0.4)}" stroke-width="3" opacity="0.5">${Array.from({ length: 9 }, (_, i) => `<line x1="${478 + i * 30}" y1="306" x2="${478 + i * 30}" y2="338"/>`).join('')}</g>
          <rect x="505" y="885" width="190" height="115" rx="18" fill="url(#cap)"/>
          ${highlight(505, 380, 420)}
          ${label(p.name, 500, 470, 200, 300, accent)}`,
      };
    case 'gloss':
      return {
        labelled: false,
        body: `${shadow(150)}
          <rect x="525" y="560" width="150" height="440" rx="40" fill="url(#body)"/>
          <rect x="535" y="300" width="130" height="270" rx="22" fill="url(#cap)"/>
          <rect x="528" y="560" width="144" height="14" fill="${shade(cap, -0.3)}"/>
          ${highlight(545, 600, 360)}`,
      };
    case 'mascara':
      return {
        labelled: false,
        body: `${shadow(130)}
          <rect x="540" y="300" width="120" height="320" rx="30" fill="url(#cap)"/>
          <rect x="536" y="612" width="128" height="22" fill="#d4a64a"/>
          <rect x="540" y="630" width="120" height="370" rx="30" fill="url(#body)"/>
          ${highlight(556, 330, 620)}`,
      };
    case 'lipstick':
      return {
        labelled: false,
        body: `${shadow(330)}
          <path d="M560 470 Q560 380 640 330 L640 600 L560 600 Z" fill="url(#body)"/>
          <rect x="548" y="590" width="104" height="110" rx="8" fill="#d9b25d"/>
          <rect x="528" y="690" width="144" height="310" rx="16" fill="url(#cap)"/>
          <rect x="720" y="640" width="150" height="360" rx="16" fill="url(#cap)" opacity="0.95"/>
          <rect x="720" y="640" width="150" height="26" rx="8" fill="#d9b25d"/>
          ${highlight(545, 720, 250)}`,
      };
    case 'compact':
      return {
        labelled: false,
        body: `<ellipse cx="600" cy="930" rx="320" ry="60" fill="url(#floor)"/>
          <circle cx="600" cy="680" r="250" fill="url(#cap)"/>
          <circle cx="600" cy="680" r="205" fill="${shade(cap, 0.12)}"/>
          <circle cx="600" cy="680" r="160" fill="url(#body)"/>
          <text x="600" y="718" text-anchor="middle" font-family="${SERIF}" font-size="110" font-style="italic" fill="#ffffff" opacity="0.55">U</text>`,
      };
    case 'palette': {
      const pans = [c, shade(c, 0.35), shade(c, -0.3), '#c98a4b', '#7a3b5d', '#e9c27a'];
      return {
        labelled: false,
        body: `<ellipse cx="600" cy="930" rx="380" ry="55" fill="url(#floor)"/>
          <rect x="250" y="420" width="700" height="480" rx="40" fill="url(#cap)"/>
          ${pans
            .map((pan, i) => {
              const x = 300 + (i % 3) * 210;
              const y = 470 + Math.floor(i / 3) * 210;
              return `<rect x="${x}" y="${y}" width="180" height="180" rx="24" fill="${pan}"/><rect x="${x + 18}" y="${y + 16}" width="60" height="16" rx="8" fill="#ffffff" opacity="0.3"/>`;
            })
            .join('')}`,
      };
    }
    case 'polish':
      return {
        labelled: false,
        body: `${shadow(300)}
          <rect x="540" y="380" width="120" height="330" rx="18" fill="url(#cap)"/>
          <rect x="520" y="700" width="160" height="40" rx="8" fill="${shade(c, -0.35)}"/>
          <rect x="450" y="730" width="300" height="270" rx="60" fill="url(#body)"/>
          ${highlight(480, 760, 200)}`,
      };
    case 'can':
      return {
        labelled: true,
        body: `${shadow(280)}
          <path d="M470 420 Q600 370 730 420 L730 1000 L470 1000 Z" fill="url(#body)"/>
          <path d="M480 420 Q600 250 720 420 Z" fill="url(#cap)"/>
          <rect x="470" y="416" width="260" height="16" fill="${shade(c, -0.35)}"/>
          ${highlight(500, 460, 500)}
          ${label(p.name, 490, 560, 220, 300, accent)}`,
      };
    case 'perfume':
      return {
        labelled: true,
        body: `${shadow(400)}
          <rect x="400" y="560" width="400" height="440" rx="34" fill="url(#body)" opacity="0.96"/>
          <rect x="425" y="585" width="350" height="390" rx="22" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35"/>
          <rect x="555" y="515" width="90" height="50" fill="${shade(c, -0.3)}"/>
          <rect x="495" y="355" width="210" height="170" rx="20" fill="url(#cap)"/>
          ${highlight(430, 610, 330)}
          ${label(p.name, 470, 680, 260, 220, accent)}`,
      };
    case 'roller':
      return {
        labelled: false,
        body: `${shadow(160)}
          <rect x="530" y="330" width="140" height="240" rx="24" fill="url(#cap)"/>
          <rect x="520" y="560" width="160" height="440" rx="40" fill="url(#body)"/>
          ${highlight(542, 600, 360)}`,
      };
    case 'bottle':
      return {
        labelled: true,
        body: `${shadow(280)}
          <path d="M470 560 Q470 480 555 460 L555 400 L645 400 L645 460 Q730 480 730 560 L730 1000 L470 1000 Z" fill="url(#body)"/>
          <rect x="540" y="300" width="120" height="110" rx="16" fill="url(#cap)"/>
          ${highlight(495, 580, 380)}
          ${label(p.name, 490, 620, 220, 300, accent)}`,
      };
    case 'bar':
      return {
        labelled: true,
        body: `${shadow(560)}
          <rect x="320" y="730" width="560" height="270" rx="90" fill="url(#body)"/>
          <rect x="360" y="755" width="480" height="200" rx="70" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.35"/>
          ${label(p.name, 430, 700, 340, 280, accent)}`,
      };
    case 'brush':
      return {
        labelled: false,
        body: `${shadow(200)}
          <path d="M575 560 L625 560 L612 1000 L588 1000 Z" fill="url(#cap)"/>
          <rect x="560" y="470" width="80" height="100" rx="10" fill="#d4a64a"/>
          <path d="M540 480 Q520 300 600 250 Q680 300 660 480 Z" fill="url(#body)"/>`,
      };
    case 'brushes':
      return {
        labelled: false,
        body: `${shadow(420)}
          ${[-26, -13, 0, 13, 26]
            .map(
              (angle, i) => `<g transform="rotate(${angle} 600 1000)">
                <path d="M585 ${560 + (i % 2) * 60} L615 ${560 + (i % 2) * 60} L607 1000 L593 1000 Z" fill="url(#cap)"/>
                <rect x="575" y="${500 + (i % 2) * 60}" width="50" height="70" rx="8" fill="#d4a64a"/>
                <path d="M570 ${510 + (i % 2) * 60} Q560 ${380 + (i % 2) * 60} 600 ${330 + (i % 2) * 60} Q640 ${380 + (i % 2) * 60} 630 ${510 + (i % 2) * 60} Z" fill="url(#body)"/>
              </g>`,
            )
            .join('')}`,
      };
    case 'sponge':
      return {
        labelled: false,
        body: `${shadow(300)}
          <path d="M600 330 C720 330 800 640 780 820 C765 960 680 1000 600 1000 C520 1000 435 960 420 820 C400 640 480 330 600 330 Z" fill="url(#body)"/>
          <ellipse cx="540" cy="560" rx="40" ry="90" fill="#ffffff" opacity="0.25"/>`,
      };
    case 'comb':
      return {
        labelled: false,
        body: `${shadow(560)}
          <g transform="rotate(-8 600 700)">
            <rect x="300" y="520" width="600" height="110" rx="30" fill="url(#body)"/>
            ${Array.from({ length: 13 }, (_, i) => `<rect x="${318 + i * 45}" y="610" width="24" height="${i % 2 ? 300 : 320}" rx="12" fill="url(#body)"/>`).join('')}
          </g>`,
      };
    case 'pouch':
      return {
        labelled: false,
        body: `${shadow(560)}
          <path d="M330 520 Q330 470 380 470 L820 470 Q870 470 870 520 L900 960 Q900 1000 860 1000 L340 1000 Q300 1000 300 960 Z" fill="url(#body)"/>
          <rect x="330" y="470" width="540" height="40" rx="18" fill="${shade(c, -0.25)}"/>
          <rect x="780" y="450" width="60" height="110" rx="14" fill="#d4a64a"/>
          <path d="M380 600 Q600 680 820 600" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.25"/>`,
      };
    case 'faceroller':
      return {
        labelled: false,
        body: `${shadow(340)}
          <rect x="585" y="600" width="30" height="400" rx="15" fill="#d4a64a"/>
          <path d="M470 420 L730 420 L730 440 L615 440 L615 620 L585 620 L585 440 L470 440 Z" fill="#d4a64a"/>
          <rect x="440" y="300" width="320" height="140" rx="70" fill="url(#body)"/>
          <rect x="470" y="320" width="150" height="24" rx="12" fill="#ffffff" opacity="0.35"/>`,
      };
    case 'scrunchie':
      return {
        labelled: false,
        body: `${shadow(460)}
          <circle cx="600" cy="690" r="220" fill="none" stroke="url(#body)" stroke-width="130"/>
          <circle cx="600" cy="690" r="220" fill="none" stroke="${shade(c, -0.25)}" stroke-width="6" stroke-dasharray="26 30" opacity="0.5"/>`,
      };
  }
}

/** A second picture: the product's texture (a swatch and drops) with its name. */
function drawSwatch(p: DemoPicture): Drawn {
  const c = p.color;
  return {
    labelled: false,
    body: `
      <path d="M260 760 C300 560 520 520 680 600 C820 670 960 600 980 700 C1000 820 820 900 640 880 C460 860 230 930 260 760 Z" fill="url(#body)"/>
      <path d="M330 730 C380 640 520 620 640 660" stroke="#ffffff" stroke-width="18" stroke-linecap="round" fill="none" opacity="0.35"/>
      <circle cx="840" cy="470" r="54" fill="${c}"/><circle cx="826" cy="454" r="14" fill="#ffffff" opacity="0.5"/>
      <circle cx="380" cy="420" r="34" fill="${shade(c, 0.15)}"/><circle cx="371" cy="410" r="9" fill="#ffffff" opacity="0.5"/>
      <circle cx="700" cy="360" r="22" fill="${shade(c, -0.1)}"/>`,
  };
}

/** The SVG source of one demo picture (1200 x 1200). */
export function demoPictureSvg(p: DemoPicture): string {
  const drawn = p.variant === 'swatch' ? drawSwatch(p) : drawPack(p);
  const cap = p.cap ?? '#2b1a21';
  const glow = luminance(p.backdrop.light) > 0.6 ? '#ffffff' : shade(p.backdrop.light, 0.5);
  const accent = shade(p.backdrop.deep, -0.45);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.backdrop.light}"/>
      <stop offset="1" stop-color="${p.backdrop.deep}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.75"/>
      <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#3a2530" stop-opacity="0.32"/>
      <stop offset="1" stop-color="#3a2530" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(p.backdrop.deep, -0.08)}" stop-opacity="0"/>
      <stop offset="0.25" stop-color="${shade(p.backdrop.deep, -0.08)}" stop-opacity="0.28"/>
      <stop offset="1" stop-color="${shade(p.backdrop.deep, -0.08)}" stop-opacity="0.4"/>
    </linearGradient>
    ${bodyGradient('body', p.color)}
    ${bodyGradient('cap', cap)}
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <circle cx="600" cy="560" r="470" fill="url(#glow)"/>
  <circle cx="1040" cy="170" r="210" fill="url(#glow)" opacity="0.6"/>
  <circle cx="140" cy="1020" r="180" fill="${p.backdrop.deep}" opacity="0.35"/>
  <rect x="0" y="${FLOOR - 40}" width="${SIZE}" height="${SIZE - FLOOR + 40}" fill="url(#table)"/>
  <g transform="translate(${CX} ${FLOOR}) scale(${drawn.labelled ? 1.14 : 1.08}) translate(${-CX} ${-FLOOR})">${drawn.body}</g>
  ${drawn.labelled ? '' : caption(p.name, accent)}
</svg>`;
}
