// Writing and reading the small XML documents of an exchange set (PERMIT.XML, *.SIGN, CATALOG.XML).
// Reading goes through saxes, a namespace-aware XML parser, into a minimal element tree; a DOCTYPE is
// refused (no entity tricks in files that come from outside).
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { S100Error } from './errors.js';

/** The S-100 5.2 namespaces (S-100 Edition 5.2.0 schemas, build 20240415). */
export const NS = {
  xc: 'http://www.iho.int/s100/xc/5.2',
  se: 'http://www.iho.int/s100/se/5.2',
  gco: 'http://standards.iso.org/iso/19115/-3/gco/1.0',
  gex: 'http://standards.iso.org/iso/19115/-3/gex/1.0',
  cit: 'http://standards.iso.org/iso/19115/-3/cit/2.0',
  lan: 'http://standards.iso.org/iso/19115/-3/lan/1.0',
  mco: 'http://standards.iso.org/iso/19115/-3/mco/1.0',
  gml: 'http://www.opengis.net/gml/3.2',
} as const;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** `<name attr="v">text</name>` on one line, escaped; no element when text is undefined. */
export function leaf(name: string, text: string | number | undefined, attributes: Record<string, string> = {}): string {
  if (text === undefined) return '';
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return `<${name}${attrs}>${escapeXml(String(text))}</${name}>`;
}

export interface XmlElement {
  /** Namespace URI ('' for none). */
  ns: string;
  /** Local name. */
  name: string;
  /** Attributes by local name. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), trimmed. */
  text: string;
}

/** Parses an XML document; `what` names the file in errors (`corrupt`). */
export function parseXml(input: string | Uint8Array, what: string): XmlElement {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: false }).decode(input);
  const parser = new SaxesParser({ xmlns: true });
  const stack: { el: XmlElement; text: string }[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('doctype', () => {
    failure ??= new Error('a DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes))
      if (attr.prefix !== 'xmlns' && attr.name !== 'xmlns') attributes[attr.local] = attr.value;
    const el: XmlElement = { ns: tag.uri, name: tag.local, attributes, children: [], text: '' };
    stack.at(-1)?.el.children.push(el);
    stack.push({ el, text: '' });
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    const top = stack.pop();
    if (!top) return;
    top.el.text = top.text.trim();
    if (stack.length === 0) root = top.el;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    failure ??= err as Error;
  }
  if (failure || !root)
    throw new S100Error('corrupt', `${what} is not well-formed XML: ${(failure?.message ?? 'no root element').split('\n')[0]}`);
  return root;
}

/** The first child of `el` with this local name (any namespace). */
export function childOf(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

export function childrenOf(el: XmlElement | undefined, name: string): XmlElement[] {
  return el?.children.filter((c) => c.name === name) ?? [];
}

/** The text at a path of local names below `el`, or undefined. */
export function textAt(el: XmlElement | undefined, ...path: string[]): string | undefined {
  let at = el;
  for (const name of path) at = childOf(at, name);
  return at?.text;
}
