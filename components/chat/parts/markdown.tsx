import type { AnchorHTMLAttributes } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

function SafeLink({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href || !SAFE_PROTOCOL.test(href)) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
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
};

/** Markdown of the agent's text: GFM, no raw HTML, links only to http(s)/mailto opened in a new tab. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={defaultUrlTransform} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
