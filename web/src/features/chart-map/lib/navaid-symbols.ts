import type { ColourToken } from './s52-colours';
import type { NavaidSymbol } from './symbol-names';

// Buoys and beacons drawn in code: the body in its shape and colour bands, the topmark that says
// which mark it is (cardinal cones, isolated danger balls, special mark cross, lateral can or cone)
// and the small circle at its foot where the feature is.

/** S-57 COLOUR codes → the token that paints them. */
const colourCodeTokens: Record<number, ColourToken> = {
  1: 'CHWHT',
  2: 'CHBLK',
  3: 'CHRED',
  4: 'CHGRN',
  5: 'RESBL',
  6: 'CHYLW',
  7: 'CHGRD',
  8: 'CHBRN',
  9: 'CHYLW',
  10: 'CHMGD',
  11: 'CHYLW',
  12: 'CHMGD',
  13: 'CHMGF',
};

export type Draw = (ctx: CanvasRenderingContext2D, paint: (token: ColourToken) => string) => void;
export type Drawing = { width: number; height: number; draw: Draw };

/** Horizontal (or vertical) bands of the feature's colours inside the current path. */
function fillBands(
  ctx: CanvasRenderingContext2D,
  paint: (t: ColourToken) => string,
  body: Path2D,
  colours: number[],
  box: { x: number; y: number; w: number; h: number },
  vertical: boolean,
) {
  const tokens = colours.length ? colours.map((c) => colourCodeTokens[c] ?? 'CHGRD') : (['CHGRF'] as ColourToken[]);
  ctx.save();
  ctx.clip(body);
  tokens.forEach((token, i) => {
    ctx.fillStyle = paint(token);
    if (vertical) ctx.fillRect(box.x + (box.w / tokens.length) * i, box.y, box.w / tokens.length + 0.5, box.h);
    else ctx.fillRect(box.x, box.y + (box.h / tokens.length) * i, box.w, box.h / tokens.length + 0.5);
  });
  ctx.restore();
}

function cone(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, up: boolean) {
  ctx.beginPath();
  if (up) {
    ctx.moveTo(x - size / 2, y + size / 2);
    ctx.lineTo(x + size / 2, y + size / 2);
    ctx.lineTo(x, y - size / 2);
  } else {
    ctx.moveTo(x - size / 2, y - size / 2);
    ctx.lineTo(x + size / 2, y - size / 2);
    ctx.lineTo(x, y + size / 2);
  }
  ctx.closePath();
  ctx.fill();
}

/** The topmark above a navaid whose top is at (x, y). */
function drawTopmark(
  ctx: CanvasRenderingContext2D,
  paint: (t: ColourToken) => string,
  mark: NavaidSymbol['topmark'],
  x: number,
  y: number,
  bodyColours: number[],
) {
  if (!mark) return;
  ctx.strokeStyle = paint('CHBLK');
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x, y - 3);
  ctx.stroke();
  ctx.fillStyle = paint('CHBLK');
  const s = 6;
  const top = y - 3;
  // Cardinal marks: two cones, upper and lower, each pointing up or down.
  const cardinal = { north: [true, true], south: [false, false], east: [true, false], west: [false, true] } as const;
  if (mark in cardinal) {
    const [upper, lower] = cardinal[mark as keyof typeof cardinal];
    cone(ctx, x, top - s * 1.6, s, upper);
    cone(ctx, x, top - s / 2, s, lower);
  } else if (mark === 'isolated' || mark === 'safe') {
    ctx.fillStyle = paint(mark === 'safe' ? 'CHRED' : 'CHBLK');
    const balls = mark === 'safe' ? [top - 3] : [top - 3, top - 9.5];
    for (const cy of balls) {
      ctx.beginPath();
      ctx.arc(x, cy, 3, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (mark === 'special') {
    ctx.strokeStyle = paint('CHYLW');
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x - 3, top - 7);
    ctx.lineTo(x + 3, top - 1);
    ctx.moveTo(x + 3, top - 7);
    ctx.lineTo(x - 3, top - 1);
    ctx.stroke();
  } else {
    ctx.fillStyle = paint(colourCodeTokens[bodyColours[0] ?? 0] ?? 'CHBLK');
    if (mark === 'port') ctx.fillRect(x - 3, top - 6, 6, 6);
    else cone(ctx, x, top - 3, 6, true);
  }
}

/** The position circle at the foot of a navaid (the image's bottom centre is the feature). */
function drawFoot(ctx: CanvasRenderingContext2D, paint: (t: ColourToken) => string, x: number, y: number) {
  ctx.strokeStyle = paint('CHBLK');
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(x, y - 2, 1.8, 0, Math.PI * 2);
  ctx.stroke();
}

export function buoy(symbol: NavaidSymbol): Drawing {
  const width = 24;
  const height = 40;
  return {
    width,
    height,
    draw(ctx, paint) {
      const x = width / 2;
      const base = height - 4;
      const body = new Path2D();
      let top = base - 13;
      switch (symbol.shape) {
        case 1: // conical
          body.moveTo(x - 6, base);
          body.lineTo(x + 6, base);
          body.lineTo(x, top);
          break;
        case 3: // spherical
          body.arc(x, base - 6, 6, 0, Math.PI * 2);
          top = base - 12;
          break;
        case 4: // pillar
        case 7: // super-buoy
          top = base - 18;
          body.moveTo(x - 6, base);
          body.lineTo(x + 6, base);
          body.lineTo(x + 2.5, top);
          body.lineTo(x - 2.5, top);
          break;
        case 5: // spar
          top = base - 18;
          body.rect(x - 2, top, 4, base - top);
          break;
        case 6: // barrel
          body.ellipse(x, base - 5, 7, 5, 0, 0, Math.PI * 2);
          top = base - 10;
          break;
        default: // can and unknown
          body.rect(x - 5, top, 10, base - top);
      }
      body.closePath();
      fillBands(ctx, paint, body, symbol.colours, { x: x - 8, y: top, w: 16, h: base - top }, symbol.isVerticalPattern);
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 1;
      ctx.stroke(body);
      drawTopmark(ctx, paint, symbol.topmark, x, top, symbol.colours);
      drawFoot(ctx, paint, x, height);
    },
  };
}

export function beacon(symbol: NavaidSymbol): Drawing {
  const width = 24;
  const height = 40;
  return {
    width,
    height,
    draw(ctx, paint) {
      const x = width / 2;
      const base = height - 4;
      const isTower = symbol.shape === 3 || symbol.shape === 4 || symbol.shape === 5;
      const top = base - (isTower ? 16 : 18);
      const body = new Path2D();
      if (isTower) {
        body.moveTo(x - 5, base);
        body.lineTo(x + 5, base);
        body.lineTo(x + 2, top);
        body.lineTo(x - 2, top);
        body.closePath();
      } else body.rect(x - 1.5, top, 3, base - top);
      fillBands(ctx, paint, body, symbol.colours, { x: x - 6, y: top, w: 12, h: base - top }, symbol.isVerticalPattern);
      ctx.strokeStyle = paint('CHBLK');
      ctx.lineWidth = 1;
      ctx.stroke(body);
      ctx.beginPath();
      ctx.moveTo(x - 6, base);
      ctx.lineTo(x + 6, base);
      ctx.stroke();
      drawTopmark(ctx, paint, symbol.topmark, x, top, symbol.colours);
      drawFoot(ctx, paint, x, height);
    },
  };
}
