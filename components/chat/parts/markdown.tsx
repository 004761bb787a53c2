import type { AnchorHTMLAttributes } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/** Only absolute http(s) and mailto links become anchors (new tab, no opener, no referrer); others are text. */
function SafeLink({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href || !SAFE_PROTOCOL.test(href.trim())) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

type HastNode = NonNullable<ExtraProps["node"]>;

/** The text of a hast subtree. */
function textOf(node: { type: string; value?: unknown; children?: unknown[] }): string {
  if (node.type === "text" && typeof node.value === "string") return node.value;
  return (node.children ?? []).map((c) => textOf(c as HastNode)).join("");
}

/** A fenced code block's language and code from its `<pre><code class="language-x">` node. */
function fenceOf(node: HastNode | undefined): { lang?: string; code: string } | null {
  const code = node?.children.find((c) => c.type === "element" && c.tagName === "code");
  if (!code || code.type !== "element") return null;
  const classes: unknown = code.properties.className;
  const list: string[] = Array.isArray(classes)
    ? classes.map(String)
    : typeof classes === "string"
      ? classes.split(" ")
      : [];
  const lang = list.find((c) => c.startsWith("language-"))?.slice("language-".length);
  return { lang: lang || undefined, code: textOf(code).replace(/\n$/, "") };
}

const components: Components = {
  table: ({ children }) => (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  ),
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // No remote images from generated text: show them as links.
  img: ({ src, alt }) =>
    typeof src === "string" ? <SafeLink href={src}>{alt ? `[image: ${alt}]` : "[image]"}</SafeLink> : null,
  pre: ({ node, children }) => {
    const fence = fenceOf(node);
    return fence ? <CodeBlock code={fence.code} lang={fence.lang} /> : <pre>{children}</pre>;
  },
};

const remarkPlugins = [remarkGfm];

/** Markdown of the agent's text: GFM, no raw HTML, links only to http(s)/mailto opened in a new tab. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} skipHtml urlTransform={defaultUrlTransform} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
