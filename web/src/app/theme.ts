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
  },
});

/**
 * Colours Mantine's defaults get wrong for WCAG AA (4.5:1 for text): dimmed text is gray-6
 * (#868e96, 3.3:1 on white); #5c636a is 6.1:1 on white and 5.8:1 on gray-0. Placeholders go one
 * step darker too (gray-5 is 2.1:1). Dark scheme values keep Mantine's, which pass on dark-7.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
  },
  dark: {},
});
