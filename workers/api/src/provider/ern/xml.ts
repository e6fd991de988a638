/**
 * A small XML writer for the ERN messages: elements as plain values, rendered indented with every
 * text and attribute escaped. Artists type titles, names and ℗ holders, so nothing they typed can
 * open an element or end an attribute, and characters XML 1.0 forbids (control characters) are
 * dropped rather than making the whole message unreadable.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text content; an element has either text or children. */
  text: string | null;
}

/** What may be passed as a child: null, undefined and false are skipped, so optional parts read inline. */
export type XmlChild = XmlElement | null | undefined | false;

/** An element holding other elements. */
export const element = (name: string, attributes: Record<string, string | undefined>, ...children: (XmlChild | XmlChild[])[]): XmlElement => ({
  name,
  attributes: definedAttributes(attributes),
  children: children.flat().filter((child): child is XmlElement => Boolean(child)),
  text: null,
});

/** An element holding text only. */
export const textElement = (name: string, text: string | number | boolean, attributes: Record<string, string | undefined> = {}): XmlElement => ({
  name,
  attributes: definedAttributes(attributes),
  children: [],
  text: String(text),
});

function definedAttributes(attributes: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Characters XML 1.0 does not allow anywhere (C0 controls but tab, newline and carriage return; U+FFFE and U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeText(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

function render(node: XmlElement, depth: number): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  if (node.text !== null) return `${indent}<${node.name}${attributes}>${escapeText(node.text)}</${node.name}>`;
  if (node.children.length === 0) return `${indent}<${node.name}${attributes}/>`;
  const inner = node.children.map((child) => render(child, depth + 1)).join("\n");
  return `${indent}<${node.name}${attributes}>\n${inner}\n${indent}</${node.name}>`;
}

/** A whole document: the XML declaration, then the root element. */
export function renderDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`;
}
