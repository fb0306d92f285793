import postcss, { type ChildNode } from 'postcss';

/** A rule as it is written, with the class names each of its selectors needs on the page to match anything. */
interface Leaf {
  css: string;
  /** One list per selector of the rule; null for what every page keeps (font faces, keyframes, properties). */
  needs: string[][] | null;
}

/** An at-rule holding rules (a media query, a layer, a supports test): written only around what it keeps. */
interface Group {
  open: string;
  children: Item[];
}

type Item = Leaf | Group;

/** At-rules kept whole on every page: they style nothing by themselves. */
const KEPT_WHOLE = new Set([
  'font-face',
  'keyframes',
  'property',
  'counter-style',
  'font-feature-values',
  'page',
]);

/**
 * The part of the app's stylesheet that one server-rendered page uses: the rules whose class names all appear in
 * its markup, with everything that matches no class (the theme's variables, the base styles of elements, dark
 * mode's attribute rules, fonts and keyframes). The page paints from this alone; the whole stylesheet follows
 * without holding the paint back, before the app takes the page over.
 *
 * A rule is kept when any of its selectors could match: the class names such a selector needs are those outside
 * parentheses and brackets, so `:not(.x)`, `:where(.dark *)` and `[href$=".pdf"]` never drop a rule. A class the
 * page lacks drops it, which is safe because the page's markup is exactly what is painted before the rest arrives.
 */
export class CriticalCss {
  private constructor(private readonly items: Item[]) {}

  /** Null when the stylesheet cannot be read as CSS: the page then carries all of it. */
  static parse(css: string): CriticalCss | null {
    try {
      return new CriticalCss(itemsOf(postcss.parse(css).nodes));
    } catch {
      return null;
    }
  }

  /** The rules a page with this markup uses. */
  for(html: string): string {
    const classes = classesIn(html);
    return write(this.items, classes);
  }
}

function itemsOf(nodes: ChildNode[]): Item[] {
  const items: Item[] = [];
  for (const node of nodes) {
    if (node.type === 'comment' || node.type === 'decl') continue;
    if (node.type === 'rule') {
      items.push({ css: node.toString(), needs: node.selectors.map(classesNeeded) });
    } else if (!node.nodes || KEPT_WHOLE.has(node.name.toLowerCase())) {
      items.push({ css: node.toString(), needs: null });
    } else {
      const whole = node.toString();
      items.push({ open: whole.slice(0, whole.indexOf('{') + 1), children: itemsOf(node.nodes) });
    }
  }
  return items;
}

function write(items: readonly Item[], classes: ReadonlySet<string>): string {
  let css = '';
  for (const item of items) {
    if ('open' in item) {
      const inner = write(item.children, classes);
      if (inner) css += `${item.open}${inner}}`;
    } else if (
      item.needs === null ||
      item.needs.some((needed) => needed.every((name) => classes.has(name)))
    ) {
      css += item.css;
    }
  }
  return css;
}

/**
 * The class names a selector needs. Those inside `:is()` and `:where()` of one selector count (Tailwind writes
 * `:where(.space-y-2>:not(:last-child))`); those inside other parentheses, in a list of alternatives or in
 * attribute brackets do not. Escapes are read as the characters they stand for (`.md\:flex` is the class
 * `md:flex`, `.\31 0` the class `10`).
 */
export function classesNeeded(selector: string): string[] {
  const names: string[] = [];
  /** For each open parenthesis or bracket: whether the class names inside it count. */
  const open: boolean[] = [];
  const counting = () => open.every(Boolean);
  for (let index = 0; index < selector.length; index++) {
    const char = selector[index]!;
    if (char === '\\') {
      index += 1;
    } else if (char === '"' || char === "'") {
      const end = selector.indexOf(char, index + 1);
      index = end === -1 ? selector.length : end;
    } else if (char === '(') {
      open.push(/:(?:is|where)$/i.test(selector.slice(0, index)) && !hasListAt(selector, index + 1));
    } else if (char === '[') {
      open.push(false);
    } else if (char === ')' || char === ']') {
      open.pop();
    } else if (char === '.' && counting()) {
      const [name, end] = identifierAt(selector, index + 1);
      if (name) names.push(name);
      index = end - 1;
    }
  }
  return names;
}

/** Whether the parenthesis opened just before `start` holds a list (a comma outside any inner parentheses). */
function hasListAt(selector: string, start: number): boolean {
  let depth = 0;
  for (let index = start; index < selector.length; index++) {
    const char = selector[index]!;
    if (char === '\\') index += 1;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') {
      if (depth === 0) return false;
      depth -= 1;
    } else if (char === ',' && depth === 0) return true;
  }
  return false;
}

/** The CSS identifier starting at `start`, unescaped, and the index just after it. */
function identifierAt(text: string, start: number): [string, number] {
  let name = '';
  let index = start;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\') {
      const hex = /^[0-9a-fA-F]{1,6}[ \t\n]?/.exec(text.slice(index + 1, index + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        index += 1 + hex[0].length;
      } else {
        name += text[index + 1] ?? '';
        index += 2;
      }
    } else if (/[\w-]/.test(char) || char.charCodeAt(0) >= 0x80) {
      name += char;
      index += 1;
    } else {
      break;
    }
  }
  return [name, index];
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};

/** Every class name the markup's elements carry. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    const decoded = value!.replace(
      /&(amp|quot|lt|gt|apos|#39|#x27);/g,
      (_, entity: string) => ENTITIES[entity]!,
    );
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
