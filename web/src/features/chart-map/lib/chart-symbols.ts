import type { ColourToken, Palette } from './s52-colours';
import { beacon, buoy, type Drawing } from './navaid-symbols';
import { parseCodes, parseNavaid, parseSymbolName } from './symbol-names';

// Our own chart symbols, drawn on a canvas in the palette's colours when the map first needs them
// (no symbol set is bundled: the S-52 presentation library's and OpenCPN's are not ours to ship).
// Images are drawn at twice their size in CSS pixels for sharp edges on any screen.

export const symbolPixelRatio = 2;

const lightCodeTokens: Record<number, ColourToken> = { 1: 'LITYW', 3: 'LITRD', 4: 'LITGN', 6: 'LITYW', 9: 'LITYW', 11: 'LITYW' };

export type SymbolImage = { width: number; height: number; data: Uint8ClampedArray };

/** Draws the named symbol in the palette, or null for a name this module does not know. */
export function drawChartSymbol(name: string, palette: Palette): SymbolImage | null {
  const drawing = describeSymbol(name);
  if (!drawing) return null;
  const canvas = document.createElement('canvas');
  canvas.width = drawing.width * symbolPixelRatio;
  canvas.height = drawing.height * symbolPixelRatio;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(symbolPixelRatio, symbolPixelRatio);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  drawing.draw(ctx, (token) => palette[token]);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { width: image.width, height: image.height, data: image.data };
}

function describeSymbol(name: string): Drawing | null {
  const parsed = parseSymbolName(name);
  const navaid = parseNavaid(parsed);
  if (navaid) return navaid.kind === 'buoy' ? buoy(navaid) : beacon(navaid);
  const [first] = parsed.values;
  switch (parsed.kind) {
    case 'lit':
      return lightFlare(lightCodeTokens[parseCodes(first)[0] ?? 0] ?? 'CHMGD');
    case 'wrk':
      return wreck(Number(first) === 1);
    case 'rok':
      return rock(Number(parsed.values[0]));
    case 'obs':
      return obstruction();
    case 'hrb':
      return anchor('CHBLK');
    case 'ach':
      return anchor('TRFCD');
    case 'res':
      return restricted();
    case 'mor':
      return mooring();
    case 'lmk':
      return landmark();
    default:
      return null;
  }
}

/** A light's flare: a teardrop from the light's position, 135° from north as charts draw it. */
function lightFlare(token: ColourToken): Drawing {
  const size = 36;
  return {
    width: size,
    height: size,
    draw(ctx, paint) {
      ctx.translate(size / 2, size / 2);
      ctx.rotate((135 * Math.PI) / 180);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.bezierCurveTo(5, -5, 5, -13, 0, -16);
      ctx.bezierCurveTo(-5, -13, -5, -5, 0, 0);
      ctx.fillStyle = paint(token);
      ctx.fill();
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 0.8;
      ctx.stroke();
    },
  };
}

function dangerCircle(ctx: CanvasRenderingContext2D, paint: (t: ColourToken) => string, x: number, y: number, r: number) {
  ctx.strokeStyle = paint('CHBLK');
  ctx.lineWidth = 1.2;
  ctx.setLineDash([1.5, 2]);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

function wreck(isNonDangerous: boolean): Drawing {
  return {
    width: 26,
    height: 26,
    draw(ctx, paint) {
      if (!isNonDangerous) dangerCircle(ctx, paint, 13, 13, 11);
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 1.4;
      ctx.beginPath();
      ctx.moveTo(5, 13);
      ctx.lineTo(21, 13);
      for (const x of [9, 13, 17]) {
        ctx.moveTo(x, x === 13 ? 8 : 10);
        ctx.lineTo(x, x === 13 ? 18 : 16);
      }
      ctx.stroke();
    },
  };
}

/** Underwater rocks: a cross when always under water, an asterisk when it covers and uncovers. */
function rock(watlev: number): Drawing {
  return {
    width: 18,
    height: 18,
    draw(ctx, paint) {
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 1.4;
      ctx.beginPath();
      ctx.moveTo(9, 3);
      ctx.lineTo(9, 15);
      ctx.moveTo(3, 9);
      ctx.lineTo(15, 9);
      if (watlev === 4) {
        ctx.moveTo(5, 5);
        ctx.lineTo(13, 13);
        ctx.moveTo(13, 5);
        ctx.lineTo(5, 13);
      }
      ctx.stroke();
      if (watlev === 5) {
        ctx.fillStyle = paint('CHBLK');
        for (const [x, y] of [
          [5, 5],
          [13, 5],
          [5, 13],
          [13, 13],
        ] as const)
          ctx.fillRect(x - 1, y - 1, 2, 2);
      }
    },
  };
}

function obstruction(): Drawing {
  return {
    width: 22,
    height: 22,
    draw(ctx, paint) {
      dangerCircle(ctx, paint, 11, 11, 9);
      ctx.fillStyle = paint('CHBLK');
      ctx.beginPath();
      ctx.arc(11, 11, 1.6, 0, Math.PI * 2);
      ctx.fill();
    },
  };
}

function anchor(token: ColourToken): Drawing {
  return {
    width: 20,
    height: 20,
    draw(ctx, paint) {
      ctx.strokeStyle = paint(token);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(10, 4, 2, 0, Math.PI * 2);
      ctx.moveTo(10, 6);
      ctx.lineTo(10, 17);
      ctx.moveTo(6, 8.5);
      ctx.lineTo(14, 8.5);
      ctx.moveTo(3.5, 12);
      ctx.quadraticCurveTo(4.5, 17, 10, 17);
      ctx.quadraticCurveTo(15.5, 17, 16.5, 12);
      ctx.stroke();
    },
  };
}

function restricted(): Drawing {
  return {
    width: 20,
    height: 20,
    draw(ctx, paint) {
      ctx.strokeStyle = paint('TRFCD');
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(10, 10, 7, 0, Math.PI * 2);
      ctx.moveTo(5.5, 10);
      ctx.lineTo(14.5, 10);
      ctx.stroke();
    },
  };
}

function mooring(): Drawing {
  return {
    width: 14,
    height: 14,
    draw(ctx, paint) {
      ctx.strokeStyle = paint('CHBLK');
      ctx.fillStyle = paint('CHWHT');
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      ctx.rect(3, 3, 8, 8);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = paint('CHBLK');
      ctx.fillRect(6, 6, 2, 2);
    },
  };
}

function landmark(): Drawing {
  return {
    width: 16,
    height: 16,
    draw(ctx, paint) {
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 1.3;
      ctx.beginPath();
      ctx.arc(8, 8, 5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = paint('CHBLK');
      ctx.beginPath();
      ctx.arc(8, 8, 1.5, 0, Math.PI * 2);
      ctx.fill();
    },
  };
}
