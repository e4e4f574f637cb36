import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const ocean: MantineColorsTuple = [
  '#e6f2fb',
  '#cde3f4',
  '#9dc6e8',
  '#69a7dc',
  '#3f8cd1',
  '#257bca',
  '#1571c6',
  '#055faf',
  '#00549d',
  '#00488b',
];

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 5 },
  colors: { ocean },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", system-ui, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A badge wraps rather than cutting its label off ("NOT A…", "НЕ БУДЕТ ПРИМЕН…") in a narrow cell.
    Badge: {
      styles: {
        root: { maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
        label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' },
      },
    },
    Paper: { defaultProps: { radius: 'md' } },
    // A toast's text in the body colour: Mantine's dimmed grey reads at 3.3:1 on white (under WCAG AA).
    Notification: { styles: { description: { color: 'var(--mantine-color-text)' } } },
  },
});

type Rgb = [number, number, number];
const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The shade of a palette that reads at WCAG AA (4.5:1, with a margin) both as text on its own light
 * background (shade 6 at 15 % over white, a Badge or Alert) and under white text (a filled Button):
 * shade 7, 8 or 9, else shade 9 darkened (Mantine's yellow, orange, green and lime never get there).
 */
export function readableShade(tuple: readonly string[]): string {
  const lightBackground = toRgb(tuple[6]!).map((v) => v * 0.15 + 255 * 0.85) as Rgb;
  const passes = (hex: string) => contrast(toRgb(hex), lightBackground) >= 4.6 && contrast(toRgb(hex), [255, 255, 255]) >= 4.6;
  const found = [tuple[7]!, tuple[8]!, tuple[9]!].find(passes);
  if (found) return found;
  const darkest = toRgb(tuple[9]!);
  for (let keep = 0.95; keep > 0.3; keep -= 0.05) {
    const hex = toHex(darkest.map((v) => v * keep) as Rgb);
    if (passes(hex)) return hex;
  }
  return '#000000';
}

/** Each palette's text, outline and filled colours in the light scheme at AA contrast (see readableShade). */
function readableColorVariables(colors: Record<string, readonly string[]>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(colors)) {
    if (name === 'dark' || tuple.length < 10) continue;
    const shade = readableShade(tuple);
    const hover = toHex(toRgb(shade).map((v) => v * 0.85) as Rgb);
    Object.assign(variables, {
      [`--mantine-color-${name}-filled`]: shade,
      [`--mantine-color-${name}-filled-hover`]: hover,
      [`--mantine-color-${name}-light-color`]: shade,
      [`--mantine-color-${name}-text`]: shade,
      [`--mantine-color-${name}-outline`]: shade,
    });
  }
  return variables;
}

/**
 * Colours Mantine's defaults get wrong for WCAG AA (4.5:1 for text): dimmed text is gray-6
 * (#868e96, 3.3:1 on white); #5c636a is 6.1:1 on white and 5.8:1 on gray-0. Placeholders go one
 * step darker too (gray-5 is 2.1:1), and every palette's text and filled colour (red-6 under white
 * text is 3.3:1, yellow-6 on its light badge 1.6:1). Dark scheme values keep Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableColorVariables(resolved.colors),
    // A field's error text and its typed value while wrong (red-6 by default).
    '--mantine-color-error': readableShade(resolved.colors.red),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
  },
  dark: {},
});
