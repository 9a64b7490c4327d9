/**
 * Demo images drawn locally (no network): simple icon-like SVG drawings per category, rendered to PNG
 * with sharp. Product images are 800×800 at `MEDIA_DIR/demo/<folder>/<n>.png` (n = 1..5, looks whose
 * device colours are black, silver, white, blue and red); banners at `MEDIA_DIR/demo/banners/<n>.png`.
 */
import { mkdir, rename, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CATEGORY_DEFS, categoryDef } from './categories.ts';
import { IMAGE_LOOKS } from './catalog.ts';
import { Rng } from './random.ts';
import { BANNER_IMAGES } from './shop.ts';

export const PRODUCT_IMAGE_SIZE = 800;

interface Palette {
  bg: string;
  bg2: string;
  body: string;
  edge: string;
  dark: string;
  accent: string;
  screen: string;
  glow: string;
}

type Draw = (p: Palette, v: number) => string;

// ------------------------------------------------------------------ tiny SVG helpers

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** lighten (amount > 0) or darken (amount < 0) a colour */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const f = (c: number) => {
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(r)}${f(g)}${f(b)}`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const stroke = (color: string, width = 4) => `stroke="${color}" stroke-width="${width}"`;
const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');

/** what a screen shows, varying with the look */
function screen(x: number, y: number, w: number, h: number, p: Palette, v: number, rx = 8): string {
  const base = rect(x, y, w, h, p.screen, rx);
  const cx = x + w / 2;
  const cy = y + h / 2;
  switch (v % 4) {
    case 0:
      return `${base}<path d="M${x} ${y + h * 0.8} L${x + w * 0.3} ${y + h * 0.45} L${x + w * 0.5} ${y + h * 0.65} L${x + w * 0.7} ${y + h * 0.35} L${x + w} ${y + h * 0.7} V${y + h - rx} Q${x + w} ${y + h} ${x + w - rx} ${y + h} H${x + rx} Q${x} ${y + h} ${x} ${y + h - rx} Z" fill="${p.glow}" opacity=".85"/>${circle(x + w * 0.78, y + h * 0.25, Math.min(w, h) * 0.09, p.accent)}`;
    case 1:
      return `${base}${repeat(5, (i) => rect(x + w * (0.12 + i * 0.16), y + h * (0.75 - 0.1 * ((i * 7) % 5)), w * 0.1, h * (0.15 + 0.1 * ((i * 7) % 5)), i % 2 ? p.glow : p.accent, 3))}`;
    case 2:
      return `${base}${circle(cx, cy, Math.min(w, h) * 0.3, p.glow, 'opacity=".9"')}${circle(cx + Math.min(w, h) * 0.18, cy - Math.min(w, h) * 0.1, Math.min(w, h) * 0.14, p.accent)}`;
    default:
      return `${base}${repeat(6, (i) => rect(x + w * (0.08 + (i % 3) * 0.3), y + h * (0.12 + Math.floor(i / 3) * 0.42), w * 0.24, h * 0.34, i % 2 ? p.glow : shade(p.glow, -0.25), 6))}`;
  }
}

// ------------------------------------------------------------------ drawings per image folder

const DRAWINGS: Record<string, Draw> = {
  laptops: (p, v) =>
    rect(190, 190, 420, 290, p.body, 18, stroke(p.edge)) +
    screen(210, 210, 380, 250, p, v) +
    `<path d="M130 490 H670 L722 562 Q724 574 710 574 H90 Q76 574 78 562 Z" fill="${p.body}" ${stroke(p.edge)}/>` +
    rect(345, 520, 110, 34, shade(p.body, -0.1), 8),
  desktops: (p, v) =>
    rect(90, 190, 430, 290, p.body, 16, stroke(p.edge)) +
    screen(108, 208, 394, 232, p, v) +
    rect(275, 480, 60, 80, shade(p.body, -0.1)) +
    rect(215, 556, 180, 22, p.body, 11, stroke(p.edge)) +
    rect(560, 200, 160, 380, p.body, 16, stroke(p.edge)) +
    circle(640, 245, 14, p.accent) +
    repeat(6, (i) => rect(590, 320 + i * 30, 100, 10, shade(p.body, -0.18), 5)),
  monitors: (p, v) =>
    rect(110, 150, 580, 360, p.body, 16, stroke(p.edge)) +
    screen(130, 170, 540, 300, p, v) +
    rect(370, 510, 60, 110, shade(p.body, -0.12)) +
    `<ellipse cx="400" cy="626" rx="150" ry="24" fill="${p.body}" ${stroke(p.edge)}/>`,
  tablets: (p, v) =>
    rect(225, 120, 350, 520, p.body, 38, stroke(p.edge)) +
    screen(247, 150, 306, 460, p, v, 14) +
    circle(400, 136, 5, p.dark),
  'graphics-cards': (p, v) =>
    rect(90, 290, 610, 220, p.body, 18, stroke(p.edge)) +
    rect(70, 280, 26, 260, '#b8bcc4', 4) +
    rect(250, 508, 300, 24, '#d4af37', 3) +
    [265, 525]
      .map(
        (cx) =>
          circle(cx, 400, 92, p.dark) +
          repeat(
            7,
            (i) =>
              `<path d="M${cx} 400 Q${cx + 40} ${330} ${cx + 10} ${312} Z" fill="${shade(p.dark, 0.35)}" transform="rotate(${i * 51.4 + v * 9} ${cx} 400)"/>`,
          ) +
          circle(cx, 400, 24, p.accent),
      )
      .join(''),
  'ssd-drives': (p, v) =>
    v % 2 === 0
      ? rect(110, 330, 580, 140, '#1f5c45', 12, stroke(shade('#1f5c45', -0.3))) +
        rect(80, 350, 34, 100, '#d4af37', 4) +
        rect(190, 360, 150, 80, '#202226', 6) +
        rect(360, 360, 150, 80, '#202226', 6) +
        rect(530, 355, 120, 90, p.body, 8, stroke(p.edge))
      : rect(200, 200, 400, 400, p.body, 30, stroke(p.edge)) +
        rect(240, 260, 320, 180, p.accent, 16) +
        circle(400, 520, 22, shade(p.body, -0.2)),
  'memory-ram': (p, v) =>
    rect(90, 340, 620, 140, '#1f5c45', 10) +
    (v % 2
      ? rect(90, 300, 620, 120, p.body, 12, stroke(p.edge)) + rect(120, 330, 260, 20, p.accent, 10)
      : repeat(8, (i) => rect(120 + i * 72, 365, 52, 72, '#1d1f24', 4))) +
    repeat(40, (i) => rect(104 + i * 15, 480, 9, 26, '#d4af37', 2)),
  printers: (p) =>
    rect(250, 160, 300, 110, '#ffffff', 4, stroke('#d5d9df', 3)) +
    repeat(4, (i) => rect(275, 185 + i * 18, 200 - i * 30, 8, '#c9ced6', 4)) +
    rect(160, 250, 480, 80, shade(p.body, -0.08), 24, stroke(p.edge)) +
    rect(140, 310, 520, 230, p.body, 26, stroke(p.edge)) +
    rect(250, 500, 300, 90, '#ffffff', 4, stroke('#d5d9df', 3)) +
    rect(190, 540, 420, 40, shade(p.body, -0.15), 12) +
    circle(590, 360, 12, p.accent) +
    rect(480, 350, 80, 24, p.screen, 6),
  keyboards: (p) =>
    rect(80, 290, 640, 280, p.body, 24, stroke(p.edge)) +
    repeat(48, (i) =>
      rect(
        108 + (i % 12) * 50,
        316 + Math.floor(i / 12) * 50,
        42,
        42,
        shade(p.body, p.body === '#2b2d31' ? 0.15 : -0.08),
        7,
      ),
    ) +
    rect(250, 516, 300, 40, shade(p.body, p.body === '#2b2d31' ? 0.15 : -0.08), 7) +
    rect(108, 516, 130, 40, p.accent, 7),
  mice: (p) =>
    `<path d="M400 170 C530 170 570 300 570 420 C570 570 490 640 400 640 C310 640 230 570 230 420 C230 300 270 170 400 170 Z" fill="${p.body}" ${stroke(p.edge)}/>` +
    `<path d="M400 170 V360 M236 360 Q400 385 564 360" fill="none" ${stroke(shade(p.body, -0.25), 5)}/>` +
    rect(386, 240, 28, 70, p.accent, 14),
  smartphones: (p, v) =>
    rect(275, 100, 250, 520, p.body, 44, stroke(p.edge)) +
    screen(291, 116, 218, 488, p, v, 30) +
    rect(362, 130, 76, 18, '#111', 9),
  smartwatches: (p, v) =>
    rect(330, 100, 140, 180, shade(p.body, -0.12), 24) +
    rect(330, 520, 140, 180, shade(p.body, -0.12), 24) +
    rect(285, 240, 230, 320, p.body, 64, stroke(p.edge)) +
    screen(307, 262, 186, 276, p, v, 46) +
    rect(512, 355, 20, 60, p.accent, 8),
  headphones: (p) =>
    `<path d="M215 470 C215 200 585 200 585 470" fill="none" stroke="${p.body}" stroke-width="46" stroke-linecap="round"/>` +
    `<path d="M215 470 C215 200 585 200 585 470" fill="none" stroke="${p.edge}" stroke-width="4" stroke-dasharray="6 14"/>` +
    rect(150, 410, 130, 210, p.body, 56, stroke(p.edge)) +
    rect(520, 410, 130, 210, p.body, 56, stroke(p.edge)) +
    rect(262, 430, 44, 170, shade(p.body, -0.3), 18) +
    rect(494, 430, 44, 170, shade(p.body, -0.3), 18) +
    circle(215, 515, 16, p.accent),
  speakers: (p, v) =>
    v % 2
      ? rect(150, 290, 500, 250, p.body, 125, stroke(p.edge)) +
        repeat(60, (i) =>
          circle(245 + (i % 12) * 28, 345 + Math.floor(i / 12) * 35, 6, shade(p.body, -0.3)),
        ) +
        rect(330, 500, 140, 26, p.accent, 13)
      : rect(250, 140, 300, 520, p.body, 34, stroke(p.edge)) +
        circle(400, 280, 58, shade(p.body, -0.3)) +
        circle(400, 280, 24, p.accent) +
        circle(400, 490, 118, shade(p.body, -0.3)) +
        circle(400, 490, 52, shade(p.body, -0.1)) +
        circle(400, 490, 20, p.accent),
  soundbars: (p) =>
    rect(60, 250, 680, 120, p.body, 60, stroke(p.edge)) +
    repeat(40, (i) => circle(130 + (i % 20) * 28, 290 + Math.floor(i / 20) * 36, 6, shade(p.body, -0.3))) +
    rect(500, 420, 200, 250, p.body, 24, stroke(p.edge)) +
    circle(600, 545, 70, shade(p.body, -0.3)) +
    circle(600, 545, 26, p.accent),
  'hi-fi-systems': (p) =>
    rect(70, 230, 140, 360, shade(p.body, -0.08), 16, stroke(p.edge)) +
    rect(590, 230, 140, 360, shade(p.body, -0.08), 16, stroke(p.edge)) +
    [140, 660]
      .map((cx) => circle(cx, 310, 34, p.dark) + circle(cx, 470, 56, p.dark) + circle(cx, 470, 20, p.accent))
      .join('') +
    rect(240, 360, 320, 170, p.body, 16, stroke(p.edge)) +
    rect(265, 390, 170, 50, p.screen, 6) +
    rect(280, 405, 110, 18, p.glow, 4) +
    circle(495, 415, 30, shade(p.body, -0.25)) +
    circle(495, 415, 8, p.accent) +
    rect(265, 470, 270, 12, shade(p.body, -0.2), 6),
  tvs: (p, v) =>
    rect(60, 160, 680, 410, p.body, 14, stroke(p.edge)) +
    screen(76, 176, 648, 372, p, v, 6) +
    `<path d="M190 570 L160 640 H190 L220 570 Z M610 570 L640 640 H610 L580 570 Z" fill="${shade(p.body, -0.15)}"/>`,
  projectors: (p) =>
    `<polygon points="240,370 30,190 30,650 240,470" fill="${p.glow}" opacity=".35"/>` +
    rect(200, 320, 420, 200, p.body, 44, stroke(p.edge)) +
    circle(310, 420, 74, p.dark) +
    circle(310, 420, 48, p.glow) +
    circle(292, 402, 14, '#ffffff', 'opacity=".6"') +
    repeat(5, (i) => rect(440, 370 + i * 22, 130, 9, shade(p.body, -0.2), 4)) +
    circle(560, 345, 10, p.accent) +
    rect(240, 520, 40, 20, p.dark, 4) +
    rect(540, 520, 40, 20, p.dark, 4),
  cameras: (p) =>
    rect(300, 220, 170, 80, p.body, 16, stroke(p.edge)) +
    rect(160, 270, 480, 310, p.body, 38, stroke(p.edge)) +
    rect(520, 236, 70, 34, p.accent, 9) +
    rect(195, 300, 80, 44, '#e9eef5', 8) +
    circle(400, 430, 128, '#2a2a2e') +
    circle(400, 430, 96, '#44474f') +
    circle(400, 430, 60, p.glow) +
    circle(374, 404, 16, '#ffffff', 'opacity=".55"'),
  refrigerators: (p, v) =>
    rect(265, 80, 270, 640, p.body, 26, stroke(p.edge)) +
    rect(265, 318, 270, 6, shade(p.body, -0.25)) +
    rect(490, 140, 16, 130, shade(p.body, -0.3), 8) +
    rect(490, 360, 16, 220, shade(p.body, -0.3), 8) +
    (v % 2 ? rect(300, 360, 70, 44, p.screen, 8) + rect(312, 374, 46, 14, p.glow, 4) : ''),
  'washing-machines': (p) =>
    rect(195, 120, 410, 560, p.body, 28, stroke(p.edge)) +
    rect(195, 120, 410, 96, shade(p.body, -0.08), 28) +
    rect(250, 148, 140, 42, p.screen, 8) +
    circle(530, 168, 28, p.accent) +
    circle(400, 450, 156, shade(p.body, -0.22)) +
    circle(400, 450, 118, p.glow, 'opacity=".75"') +
    `<path d="M290 470 Q345 430 400 470 T510 470 V520 Q400 600 290 520 Z" fill="${p.accent}" opacity=".45"/>`,
  dishwashers: (p) =>
    rect(195, 120, 410, 560, p.body, 22, stroke(p.edge)) +
    rect(195, 120, 410, 80, shade(p.body, -0.1), 22) +
    repeat(4, (i) => circle(260 + i * 45, 160, 11, i === 0 ? p.accent : shade(p.body, -0.35))) +
    rect(470, 145, 100, 30, p.screen, 6) +
    rect(300, 235, 200, 20, shade(p.body, -0.35), 10) +
    repeat(5, (i) => rect(235, 310 + i * 70, 330, 6, shade(p.body, -0.06), 3)),
  'vacuum-cleaners': (p, v) =>
    v % 2
      ? circle(400, 440, 240, p.body, stroke(p.edge)) +
        circle(400, 440, 205, shade(p.body, -0.06)) +
        circle(400, 330, 56, p.dark) +
        circle(400, 330, 20, p.accent) +
        rect(340, 520, 120, 24, shade(p.body, -0.25), 12)
      : rect(386, 80, 28, 430, '#9aa0a8', 12) +
        rect(330, 300, 150, 190, p.body, 50, stroke(p.edge)) +
        circle(405, 395, 46, p.glow, 'opacity=".8"') +
        rect(360, 110, 80, 60, p.dark, 18) +
        rect(240, 600, 330, 70, p.body, 28, stroke(p.edge)) +
        rect(390, 500, 20, 110, '#9aa0a8', 8) +
        rect(260, 640, 290, 10, p.accent, 5),
  'coffee-machines': (p) =>
    rect(225, 110, 350, 560, p.body, 32, stroke(p.edge)) +
    rect(225, 110, 350, 70, shade(p.body, -0.12), 32) +
    rect(265, 210, 130, 64, p.screen, 8) +
    rect(280, 226, 80, 16, p.glow, 4) +
    circle(500, 242, 22, p.accent) +
    rect(360, 320, 80, 60, p.dark, 10) +
    rect(250, 590, 300, 44, shade(p.body, -0.2), 10) +
    rect(345, 455, 110, 135, '#ffffff', 16, stroke('#d5d9df', 3)) +
    `<path d="M455 490 Q500 490 500 525 Q500 560 455 560" fill="none" ${stroke('#d5d9df', 12)}/>` +
    rect(360, 470, 80, 16, '#7a4a2b', 6),
  microwaves: (p, v) =>
    rect(100, 210, 600, 380, p.body, 24, stroke(p.edge)) +
    rect(130, 240, 400, 320, p.dark, 16) +
    rect(150, 260, 360, 280, p.glow, 10, 'opacity=".35"') +
    (v % 2 ? rect(260, 470, 140, 30, p.accent, 15, 'opacity=".8"') : '') +
    rect(560, 260, 110, 44, p.screen, 6) +
    repeat(6, (i) =>
      circle(590 + (i % 2) * 50, 350 + Math.floor(i / 2) * 55, 14, i === 0 ? p.accent : shade(p.body, -0.3)),
    ),
  'air-purifiers': (p) =>
    rect(280, 110, 240, 560, p.body, 100, stroke(p.edge)) +
    circle(400, 210, 64, shade(p.body, -0.18)) +
    circle(400, 210, 40, p.glow) +
    repeat(12, (i) => rect(316, 320 + i * 26, 168, 9, shade(p.body, -0.22), 4)) +
    circle(400, 640, 8, p.accent),
  consoles: (p, v) =>
    v % 2
      ? rect(320, 110, 160, 560, p.dark, 40) +
        `<path d="M300 100 Q400 80 430 130 L430 670 Q400 700 300 690 Q280 400 300 100 Z" fill="${p.body}" ${stroke(p.edge)}/>` +
        `<path d="M500 100 Q400 80 370 130 L370 670 Q400 700 500 690 Q520 400 500 100 Z" fill="${p.body}" ${stroke(p.edge)}/>` +
        rect(392, 140, 16, 520, p.accent, 8, 'opacity=".7"')
      : rect(140, 360, 520, 150, p.body, 24, stroke(p.edge)) +
        rect(180, 420, 260, 10, shade(p.body, -0.3), 5) +
        circle(600, 425, 14, p.accent) +
        rect(140, 500, 520, 14, shade(p.body, -0.2), 7),
  controllers: (p) =>
    `<path d="M250 320 Q400 290 550 320 Q660 338 690 470 Q712 590 625 608 Q560 620 518 545 L282 545 Q240 620 175 608 Q88 590 110 470 Q140 338 250 320 Z" fill="${p.body}" ${stroke(p.edge)}/>` +
    rect(220, 400, 90, 30, shade(p.body, -0.3), 6) +
    rect(250, 370, 30, 90, shade(p.body, -0.3), 6) +
    [
      [540, 375],
      [585, 418],
      [540, 461],
      [495, 418],
    ]
      .map(([x, y], i) => circle(x as number, y as number, 20, i % 2 ? p.accent : shade(p.accent, 0.35)))
      .join('') +
    circle(330, 495, 36, p.dark) +
    circle(470, 495, 36, p.dark),
  'vr-headsets': (p) =>
    `<path d="M190 380 Q400 120 610 380" fill="none" stroke="${shade(p.body, -0.2)}" stroke-width="34" stroke-linecap="round"/>` +
    rect(160, 300, 480, 230, p.body, 96, stroke(p.edge)) +
    rect(195, 330, 410, 170, shade(p.body, -0.12), 76) +
    circle(275, 380, 16, p.dark) +
    circle(525, 380, 16, p.dark) +
    circle(275, 450, 12, p.dark) +
    circle(525, 450, 12, p.dark) +
    rect(360, 470, 80, 12, p.accent, 6),
  'cables-and-chargers': (p, v) =>
    v % 2
      ? rect(350, 110, 22, 70, '#aeb3ba', 6) +
        rect(428, 110, 22, 70, '#aeb3ba', 6) +
        rect(290, 170, 220, 230, p.body, 34, stroke(p.edge)) +
        circle(400, 285, 18, p.accent) +
        `<path d="M400 400 C400 520 250 500 250 600 C250 660 330 670 360 640" fill="none" stroke="${p.body}" stroke-width="22" stroke-linecap="round"/>` +
        rect(340, 610, 60, 80, shade(p.body, -0.1), 12, stroke(p.edge))
      : `<path d="M190 230 C190 430 610 330 610 560" fill="none" stroke="${p.body}" stroke-width="26" stroke-linecap="round"/>` +
        `<path d="M190 230 C190 430 610 330 610 560" fill="none" stroke="${p.edge}" stroke-width="3" stroke-dasharray="2 18"/>` +
        rect(150, 130, 80, 120, p.body, 16, stroke(p.edge)) +
        rect(168, 90, 44, 48, '#c3c8cf', 6) +
        rect(570, 540, 80, 120, p.body, 16, stroke(p.edge)) +
        rect(588, 652, 44, 48, '#c3c8cf', 6) +
        rect(166, 170, 48, 10, p.accent, 5),
  bags: (p) =>
    `<path d="M330 190 Q330 120 400 120 Q470 120 470 190" fill="none" stroke="${shade(p.body, -0.2)}" stroke-width="22"/>` +
    rect(230, 180, 340, 480, p.body, 76, stroke(p.edge)) +
    rect(275, 430, 250, 190, shade(p.body, -0.1), 40, stroke(p.edge, 3)) +
    rect(300, 470, 200, 8, p.accent, 4) +
    rect(300, 300, 200, 8, shade(p.body, -0.3), 4),
  'power-banks': (p) =>
    rect(250, 140, 300, 520, p.body, 44, stroke(p.edge)) +
    rect(365, 160, 70, 20, p.dark, 6) +
    repeat(4, (i) => circle(340 + i * 40, 560, 11, i < 3 ? p.accent : shade(p.body, -0.2))) +
    circle(400, 360, 60, 'none', stroke(shade(p.body, -0.25), 10)) +
    `<path d="M410 315 L375 370 H405 L390 410 L430 350 H400 Z" fill="${p.accent}"/>`,
  'memory-cards': (p, v) =>
    v % 2
      ? `<polygon points="250,140 490,140 560,210 560,660 250,660" fill="${p.body}" ${stroke(p.edge)}/>` +
        repeat(5, (i) => rect(280 + i * 44, 165, 26, 70, '#d4af37', 4)) +
        rect(280, 330, 250, 220, p.accent, 14) +
        rect(310, 380, 190, 20, '#ffffff', 10, 'opacity=".8"')
      : rect(210, 320, 320, 160, p.body, 34, stroke(p.edge)) +
        rect(528, 345, 130, 110, '#c3c8cf', 8) +
        rect(565, 375, 28, 22, '#8a9099', 3) +
        rect(610, 375, 28, 22, '#8a9099', 3) +
        circle(262, 400, 22, p.bg, stroke(p.edge, 3)) +
        rect(320, 380, 160, 40, p.accent, 20),
  'operating-systems': (p) =>
    softwareBox(
      p,
      repeat(4, (i) => rect(318 + (i % 2) * 88, 300 + Math.floor(i / 2) * 88, 80, 80, p.accent, 6)),
    ),
  'office-software': (p) =>
    softwareBox(
      p,
      rect(325, 270, 150, 200, '#ffffff', 8) +
        repeat(5, (i) => rect(345, 300 + i * 30, i === 4 ? 70 : 110, 12, i === 0 ? p.accent : '#c9ced6', 6)),
    ),
  antivirus: (p) =>
    softwareBox(
      p,
      `<path d="M400 260 L490 295 V380 Q490 455 400 500 Q310 455 310 380 V295 Z" fill="${p.accent}"/>` +
        `<path d="M355 380 L390 415 L450 345" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
    ),
  'extended-warranty': (p) =>
    `<path d="M400 120 L610 200 V390 Q610 560 400 680 Q190 560 190 390 V200 Z" fill="${p.body}" ${stroke(p.edge, 6)}/>` +
    `<path d="M400 170 L565 233 V390 Q565 525 400 625 Q235 525 235 390 V233 Z" fill="${shade(p.body, -0.12)}"/>` +
    `<path d="M320 400 L380 460 L490 340" fill="none" stroke="${p.accent}" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>`,
  installation: (p) =>
    `<g transform="rotate(45 400 400)">${rect(372, 230, 56, 400, p.body, 28, stroke(p.edge))}${circle(400, 220, 82, p.body, stroke(p.edge))}${rect(376, 120, 48, 110, p.bg)}</g>` +
    `<g transform="rotate(-45 400 400)">${rect(388, 170, 24, 260, '#b8bcc4', 6)}<polygon points="388,170 412,170 400,140" fill="#b8bcc4"/>${rect(366, 420, 68, 220, p.accent, 28)}</g>`,
};

function softwareBox(p: Palette, symbol: string): string {
  return (
    `<polygon points="530,130 580,170 580,690 530,650" fill="${shade(p.body, -0.25)}"/>` +
    `<polygon points="230,130 530,130 580,170 280,170" fill="${shade(p.body, 0.15)}"/>` +
    rect(220, 130, 310, 520, p.body, 10, stroke(p.edge)) +
    symbol +
    rect(260, 560, 230, 18, shade(p.body, -0.2), 9) +
    rect(260, 590, 150, 14, shade(p.body, -0.2), 7)
  );
}

// ------------------------------------------------------------------ palettes

const BODY_BY_LOOK = ['#2b2d31', '#c3c8cf', '#f2f3f5', '#2f5fb3', '#c8393b'];
const BACKGROUNDS = ['#eef2f7', '#f5efe6', '#eaf4ee', '#f3ecf6', '#fdf1e7', '#e8f1fb', '#f6f6f0', '#eef0f3'];
const ACCENTS = ['#ff7a45', '#2fb67c', '#f5b82e', '#7c5cff', '#20a4d8', '#e8505b'];
const GLOWS = ['#5ab0ff', '#7ad3b0', '#ffb36b', '#b690ff', '#ff8fa3', '#6fd6e8'];

function palette(rng: Rng, look: number): Palette {
  const body = BODY_BY_LOOK[(look - 1) % BODY_BY_LOOK.length] as string;
  const bg = rng.pick(BACKGROUNDS);
  let accent = rng.pick(ACCENTS);
  if (look === 5 && (accent === '#e8505b' || accent === '#ff7a45')) accent = '#f5b82e';
  return {
    bg,
    bg2: shade(bg, -0.06),
    body,
    edge: shade(body, body === '#2b2d31' ? 0.25 : -0.3),
    dark: '#23252a',
    accent,
    screen: '#1d2a44',
    glow: rng.pick(GLOWS),
  };
}

/** the SVG of product image `look` (1..5) of an image folder */
export function productImageSvg(folder: string, look: number, seed = 42): string {
  const draw = DRAWINGS[folder];
  if (!draw) throw new Error(`no demo drawing for ${folder}`);
  const rng = new Rng(seed).fork(`image:${folder}:${look}`);
  const p = palette(rng, look);
  const v = rng.int(0, 7);
  const cx = [180, 620, 640, 160][v % 4] as number;
  const cy = [170, 180, 640, 620][v % 4] as number;
  const S = PRODUCT_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 800 800">` +
    rect(0, 0, 800, 800, p.bg) +
    circle(cx, cy, 260, p.bg2) +
    `<ellipse cx="400" cy="712" rx="280" ry="26" fill="#000000" opacity=".08"/>` +
    draw(p, v) +
    `</svg>`
  );
}

/**
 * the SVG of banner `n` (see BANNER_IMAGES): a gradient and the drawing of its category on the right,
 * no text and no button shape (the storefront sets the banner's title and call to action on the left)
 */
export function bannerSvg(n: number, seed = 42): string {
  const banner = BANNER_IMAGES.find((b) => b.n === n);
  if (!banner) throw new Error(`no demo banner ${n}`);
  const rng = new Rng(seed).fork(`banner:${n}`);
  const { width: W, height: H } = banner;
  const folder = categoryDef(banner.categoryId).folder ?? 'laptops';
  const draw = DRAWINGS[folder] ?? (DRAWINGS.laptops as Draw);
  const p = palette(rng, rng.int(1, IMAGE_LOOKS));
  const from = rng.pick(GLOWS);
  const to = shade(rng.pick(ACCENTS), -0.15);
  const scale = (H * 0.9) / 800;
  const x = W - 800 * scale - W * 0.06;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    rect(0, 0, W, H, 'url(#g)') +
    circle(W * 0.18, H * 0.2, H * 0.55, '#ffffff', 'opacity=".12"') +
    circle(W * 0.42, H * 1.05, H * 0.45, '#ffffff', 'opacity=".10"') +
    `<g transform="translate(${x.toFixed(1)} ${(H * 0.05).toFixed(1)}) scale(${scale.toFixed(4)})">${draw(p, rng.int(0, 7))}</g>` +
    `</svg>`
  );
}

/** every image folder that has product images */
export function productImageFolders(): string[] {
  return CATEGORY_DEFS.flatMap((c) => (c.folder ? [c.folder] : []));
}

export interface DemoImagesOptions {
  seed?: number;
  /** rewrite files that exist */
  force?: boolean;
  /** how many images render at once (default: 2 per core) */
  concurrency?: number;
}

export interface DemoImagesResult {
  written: number;
  skipped: number;
  ms: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the demo product and banner images under `mediaDir/demo/`, skipping files that exist.
 * Files are written to a temporary name and renamed, so a half-written image is never served.
 */
export async function generateDemoImages(
  mediaDir: string,
  options: DemoImagesOptions = {},
): Promise<DemoImagesResult> {
  const started = performance.now();
  const seed = options.seed ?? 42;
  const { default: sharp } = await import('sharp');
  const jobs: { file: string; svg: () => string }[] = [];
  for (const folder of productImageFolders()) {
    for (let look = 1; look <= IMAGE_LOOKS; look++) {
      jobs.push({
        file: path.join(mediaDir, 'demo', folder, `${look}.png`),
        svg: () => productImageSvg(folder, look, seed),
      });
    }
  }
  for (const b of BANNER_IMAGES) {
    jobs.push({
      file: path.join(mediaDir, 'demo', 'banners', `${b.n}.png`),
      svg: () => bannerSvg(b.n, seed),
    });
  }

  let written = 0;
  let skipped = 0;
  const dirs = new Set(jobs.map((j) => path.dirname(j.file)));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));

  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      if (!options.force && (await exists(job.file))) {
        skipped++;
        continue;
      }
      const tmp = `${job.file}.${process.pid}.tmp`;
      await sharp(Buffer.from(job.svg())).png({ compressionLevel: 6, adaptiveFiltering: false }).toFile(tmp);
      await rename(tmp, job.file);
      written++;
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism() * 2);
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { written, skipped, ms: Math.round(performance.now() - started) };
}
