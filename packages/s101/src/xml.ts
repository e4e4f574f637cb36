// A small XML reader for the feature catalogue: elements (local names, namespace prefixes dropped),
// attributes and text, with the five predefined entities and character references. No DTDs; a
// well-formedness error is reported with its offset.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e] ?? m;
  });
}

function local(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

export class XmlError extends Error {}

/** Parses an XML document into its root element. */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let p = 0;
  const n = text.length;
  while (p < n) {
    const lt = text.indexOf('<', p);
    const chunk = lt < 0 ? text.slice(p) : text.slice(p, lt);
    if (chunk.trim() !== '') stack[stack.length - 1]!.text += unescape(chunk);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError(`unterminated comment at offset ${lt}`);
      p = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlError(`unterminated CDATA section at offset ${lt}`);
      stack[stack.length - 1]!.text += text.slice(lt + 9, end);
      p = end + 3;
    } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      const end = text.indexOf('>', lt);
      if (end < 0) throw new XmlError(`unterminated declaration at offset ${lt}`);
      p = end + 1;
    } else if (text[lt + 1] === '/') {
      const end = text.indexOf('>', lt);
      if (end < 0) throw new XmlError(`unterminated end tag at offset ${lt}`);
      const name = local(text.slice(lt + 2, end).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name)
        throw new XmlError(`end tag </${name}> does not close <${open?.name ?? ''}> at offset ${lt}`);
      p = end + 1;
    } else {
      const end = findTagEnd(text, lt);
      if (end < 0) throw new XmlError(`unterminated start tag at offset ${lt}`);
      const selfClosing = text[end - 1] === '/';
      const body = text.slice(lt + 1, selfClosing ? end - 1 : end);
      const m = /^([^\s/>]+)/.exec(body);
      if (!m) throw new XmlError(`malformed start tag at offset ${lt}`);
      const el: XmlElement = { name: local(m[1]!), attributes: {}, children: [], text: '' };
      for (const a of body.slice(m[1]!.length).matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        el.attributes[local(a[1]!)] = unescape(a[3] ?? a[4] ?? '');
      }
      stack[stack.length - 1]!.children.push(el);
      if (!selfClosing) stack.push(el);
      p = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlError(`element <${stack[stack.length - 1]!.name}> is not closed`);
  const top = root.children[0];
  if (!top || root.children.length !== 1) throw new XmlError('the document has no single root element');
  return top;
}

/** The '>' ending the start tag at `lt`, skipping quoted attribute values. */
function findTagEnd(text: string, lt: number): number {
  let quote = '';
  for (let i = lt + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** The first child element named `name`. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

/** Every child element named `name`. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child named `name`, or ''. */
export function childText(el: XmlElement, name: string): string {
  return child(el, name)?.text.trim() ?? '';
}
