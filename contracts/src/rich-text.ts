// Rich-text property values are HTML; this is the one place that decides which HTML is safe to store and show.
// sanitize-html parses with htmlparser2, so the same rules run on the server (no DOM) and in the browser.
import sanitizeHtml from "sanitize-html";

const ALIGNABLE_TAGS = ["p", "h1", "h2", "h3", "h4", "h5", "h6"];
const ALIGNMENT = [/^(left|right|center|justify)$/];

// The content of these is code or embedded documents, never text the author meant to keep.
const NON_TEXT_TAGS = ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "title", "head"];

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...ALIGNABLE_TAGS,
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "sub",
    "sup",
    "mark",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "span",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    ...Object.fromEntries(ALIGNABLE_TAGS.map((tag) => [tag, ["style"]])),
    a: ["href", "title", "target", "rel"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  // Text alignment is the only style the editor produces; any other style could hide or overlay content.
  allowedStyles: Object.fromEntries(ALIGNABLE_TAGS.map((tag) => [tag, { "text-align": ALIGNMENT }])),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: NON_TEXT_TAGS,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      // A link opening a new tab must not hand the opener window to the linked page.
      const newTab: sanitizeHtml.Attributes = target === "_blank" ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {};
      return { tagName, attribs: { ...rest, ...newTab } };
    },
  },
};

/** Safe HTML to store and render: formatting, lists, tables and http(s)/mailto links; no scripts, handlers or embeds. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** Whether HTML shows any text once sanitised, so an editor's empty `<p></p>` counts as no value. */
export function hasRichTextContent(html: string): boolean {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT_TAGS });
  return text.replace(/&nbsp;|&#160;|\u00a0/g, " ").trim() !== "";
}
